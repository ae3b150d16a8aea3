package io.github.ycsbdocsearch.sweep.search;

import java.util.Arrays;
import java.util.List;

/**
 * One measured window of a fixed-rate step as the capacity estimate reads it: the offered rate, and
 * for every operation, second by second, its requests and how many of them were over the
 * objective's bound (intended latency; failures and requests never sent count as over). Immutable.
 *
 * @param step the step folder, e.g. {@code 12-t40-r2400-probe}
 * @param rateOps the offered rate, ops/s
 * @param seconds the window's length, s
 * @param ops every operation's counts, each second of the window in order
 * @param clientLimit why the client, not the store, decided this window (its CPU was saturated, or
 *     its late sends changed the window's verdict while threads were free); null when the store
 *     did. A client-limited window is left out of the estimate.
 */
public record RateWindow(
    String step, double rateOps, double seconds, List<OpSeconds> ops, String clientLimit) {

  public RateWindow {
    ops = List.copyOf(ops);
    if (!(rateOps > 0) || !(seconds > 0)) {
      throw new IllegalArgumentException(
          "a window needs a rate and a length > 0: " + rateOps + " ops/s, " + seconds + " s");
    }
  }

  /** Whether the store decided it (it counts in the estimate). */
  public boolean usable() {
    return clientLimit == null;
  }

  /**
   * One operation's counts, second by second. Immutable (the arrays are copied).
   *
   * @param op the operation
   * @param requests requests per second
   * @param over of those, over the bound per second
   */
  public record OpSeconds(String op, long[] requests, long[] over) {
    public OpSeconds {
      if (requests.length != over.length) {
        throw new IllegalArgumentException("requests and over differ in length for " + op);
      }
      requests = requests.clone();
      over = over.clone();
    }

    public long totalRequests() {
      return Arrays.stream(requests).sum();
    }

    public long totalOver() {
      return Arrays.stream(over).sum();
    }

    @Override
    public long[] requests() {
      return requests.clone();
    }

    @Override
    public long[] over() {
      return over.clone();
    }

    /** Requests in seconds {@code [from, to)}. */
    long requestsIn(int from, int to) {
      return Arrays.stream(requests, from, to).sum();
    }

    /** Over the bound in seconds {@code [from, to)}. */
    long overIn(int from, int to) {
      return Arrays.stream(over, from, to).sum();
    }

    int length() {
      return requests.length;
    }

    @Override
    public String toString() {
      return op + " " + totalOver() + "/" + totalRequests();
    }
  }

  /** The window's length in whole seconds: its longest operation's. */
  int length() {
    return ops.stream().mapToInt(OpSeconds::length).max().orElse(0);
  }

  /**
   * The worst operation's share of requests over the bound in the whole window (0 when none ran).
   */
  public double worstShare() {
    return ops.stream()
        .filter(o -> o.totalRequests() > 0)
        .mapToDouble(o -> (double) o.totalOver() / o.totalRequests())
        .max()
        .orElse(0);
  }
}
