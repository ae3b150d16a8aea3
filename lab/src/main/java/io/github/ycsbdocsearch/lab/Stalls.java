package io.github.ycsbdocsearch.lab;

import io.github.ycsbdocsearch.common.Exponential;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * When a simulated server pauses: its stalls, each {@code durationNanos} long, the first one a
 * random share of a gap after the clock's origin, the next ones a gap apart. A gap is fixed ({@code
 * periodic}), uniform between two bounds ({@code 5-15} s), or exponential ({@code poisson}). A real
 * store's background work (an AOF rewrite every 35 s, a checkpoint, a merge) stalls its requests
 * this way, and the capacity under a latency objective depends on how often.
 *
 * <p>The schedule is made lazily and kept (a few thousand stalls over hours of simulated time):
 * {@link #finish} pauses work across the stalls, {@link #startsIn} lists the ones that began in an
 * interval (the simulated store's background events). Not thread-safe.
 */
public final class Stalls {

  /** How the gaps between stalls are drawn. */
  public enum Process {
    PERIODIC,
    POISSON,
    /**
     * After every so many requests (the gap is a count of requests, not seconds): work triggered by
     * what was written, an AOF rewrite after so many writes, comes more often at a higher rate.
     */
    OPERATIONS;

    /** Lowercase name, as properties and results write it. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** No stall ever. */
  public static final Stalls NONE = new Stalls(0, 0, 0, Process.PERIODIC, new SplittableRandom(0));

  private final long durationNanos;
  private final double gapMinNanos;
  private final double gapMaxNanos;
  private final Process process;
  private final SplittableRandom random;
  private final boolean none;

  /** Stall starts made so far, ascending. */
  private long[] starts = new long[16];

  private int made;

  /** The first stall that may still matter to {@link #finish}: every earlier one has ended. */
  private int cursor;

  /** {@link Process#OPERATIONS}: requests from one stall to the next, and requests so far. */
  private final long everyRequests;

  private long requests;

  /**
   * @param durationNanos how long each stall lasts (0: none)
   * @param gapMinNanos least gap from one stall's start to the next one's
   * @param gapMaxNanos largest gap (= min: periodic; poisson: the mean is their midpoint)
   * @param process how gaps are drawn
   * @param random the draws (the first stall's phase, random gaps)
   */
  public Stalls(
      long durationNanos,
      double gapMinNanos,
      double gapMaxNanos,
      Process process,
      SplittableRandom random) {
    this.none = durationNanos <= 0;
    if (!none
        && process != Process.OPERATIONS
        && !(gapMinNanos > durationNanos && gapMaxNanos >= gapMinNanos)) {
      throw new IllegalArgumentException(
          "a stall must be shorter than the gap between stalls: %s ns every %s-%s ns"
              .formatted(durationNanos, gapMinNanos, gapMaxNanos));
    }
    this.durationNanos = durationNanos;
    this.gapMinNanos = gapMinNanos;
    this.gapMaxNanos = gapMaxNanos;
    this.process = process;
    this.random = random;
    this.everyRequests = process == Process.OPERATIONS ? Math.round(gapMinNanos / 1e9) : 0;
    if (everyRequests > 0) {
      // The counter starts at a uniformly random point of the cycle.
      requests = random.nextLong(everyRequests);
    } else if (!none) {
      // The clock's origin falls at a uniformly random moment of the cycle.
      starts[0] = Math.round(random.nextDouble() * gap());
      made = 1;
    }
  }

  /**
   * A schedule from its text form.
   *
   * @param stallMs each stall's length, ms (0: none)
   * @param everyS the gap in seconds, {@code 35} or a range {@code 5-15}; with {@link
   *     Process#OPERATIONS}, a count of requests, e.g. {@code 16000}
   * @param process periodic (a range: uniform gaps), poisson (exponential gaps of the mean) or
   *     operations
   * @throws IllegalArgumentException naming what is wrong
   */
  public static Stalls parse(double stallMs, String everyS, Process process, SplittableRandom r) {
    if (!(stallMs >= 0) || Double.isInfinite(stallMs)) {
      throw new IllegalArgumentException("a stall length in ms >= 0, not " + stallMs);
    }
    if (stallMs == 0) {
      return NONE;
    }
    String[] parts = everyS == null ? new String[0] : everyS.trim().split("-", -1);
    double lo;
    double hi;
    try {
      lo = Double.parseDouble(parts[0].trim());
      hi = parts.length == 2 ? Double.parseDouble(parts[1].trim()) : lo;
    } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
      lo = Double.NaN;
      hi = Double.NaN;
    }
    if (parts.length > 2 || !(lo > 0 && hi >= lo) || Double.isInfinite(hi)) {
      throw new IllegalArgumentException(
          "the gap between stalls in seconds, e.g. 35 or 5-15, not '" + everyS + "'");
    }
    if (process == Process.OPERATIONS) {
      if (parts.length != 1 || lo != Math.rint(lo) || lo < 2) {
        throw new IllegalArgumentException(
            "a whole number of requests (2 or more) between stalls, not '" + everyS + "'");
      }
    }
    // A count rides on the gap fields in units of 1e9 (hi = lo): the seconds' checks read alike.
    return new Stalls(Math.round(stallMs * 1e6), lo * 1e9, hi * 1e9, process, r);
  }

  /** Whether it ever stalls. */
  public boolean any() {
    return !none;
  }

  /** The mean gap from one stall's start to the next one's, seconds (0 when none). */
  public double meanGapSeconds() {
    return none || everyRequests > 0 ? 0 : (gapMinNanos + gapMaxNanos) / 2e9;
  }

  private double gap() {
    if (process == Process.POISSON) {
      return Exponential.seconds(random, 1) * (gapMinNanos + gapMaxNanos) / 2;
    }
    return gapMinNanos == gapMaxNanos
        ? gapMinNanos
        : gapMinNanos + random.nextDouble() * (gapMaxNanos - gapMinNanos);
  }

  /** Makes stalls until one starts after {@code t}. */
  private void makeThrough(long t) {
    while (starts[made - 1] <= t) {
      if (made == starts.length) {
        starts = Arrays.copyOf(starts, 2 * made);
      }
      // A poisson gap may be shorter than a stall: stalls never overlap.
      starts[made] = starts[made - 1] + Math.max(durationNanos + 1, Math.round(gap()));
      made++;
    }
  }

  /**
   * When work of {@code workNanos} that starts at {@code startNanos} is done, the server making no
   * progress during stalls. Calls must come with non-decreasing start times (a FIFO server's).
   */
  public long finish(long startNanos, long workNanos) {
    if (none) {
      return startNanos + workNanos;
    }
    if (everyRequests > 0) {
      // Every so many requests, the server stalls as this one starts: it and all behind it wait.
      if (++requests % everyRequests != 0) {
        return startNanos + workNanos;
      }
      if (made == starts.length) {
        starts = Arrays.copyOf(starts, 2 * made);
      }
      starts[made++] = startNanos;
      return startNanos + durationNanos + workNanos;
    }
    makeThrough(startNanos);
    while (starts[cursor] + durationNanos <= startNanos) {
      cursor++; // ended before this start, so before every later one
    }
    long t = startNanos;
    long left = workNanos;
    for (int i = cursor; ; i++) {
      makeThrough(t + left);
      long s = starts[i];
      if (s + durationNanos <= t) {
        continue;
      }
      if (s <= t) {
        t = s + durationNanos; // inside a stall: nothing happens until it ends
        continue;
      }
      if (t + left <= s) {
        return t + left;
      }
      left -= s - t;
      t = s + durationNanos;
    }
  }

  /** The starts of stalls that began in {@code [fromNanos, toNanos)}, ascending. */
  public long[] startsIn(long fromNanos, long toNanos) {
    if (none || toNanos <= fromNanos) {
      return new long[0];
    }
    if (everyRequests == 0) {
      makeThrough(toNanos);
    }
    int a = Arrays.binarySearch(starts, 0, made, fromNanos);
    int b = Arrays.binarySearch(starts, 0, made, toNanos);
    a = a < 0 ? -a - 1 : a;
    b = b < 0 ? -b - 1 : b;
    return Arrays.copyOfRange(starts, a, b);
  }

  /** Each stall's length, ns. */
  public long durationNanos() {
    return durationNanos;
  }
}
