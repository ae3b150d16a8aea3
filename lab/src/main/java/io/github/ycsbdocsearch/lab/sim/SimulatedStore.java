package io.github.ycsbdocsearch.lab.sim;

import io.github.ycsbdocsearch.common.Exponential;
import io.github.ycsbdocsearch.common.data.Seeds;
import io.github.ycsbdocsearch.lab.Mm1Server;
import io.github.ycsbdocsearch.lab.Stalls;
import io.github.ycsbdocsearch.resultsformat.ClientAttribution;
import io.github.ycsbdocsearch.resultsformat.ObjectiveJudge;
import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict;
import io.github.ycsbdocsearch.sweep.search.BackgroundCycles;
import io.github.ycsbdocsearch.sweep.search.RateWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A {@link Scenario}'s store and client on a simulated clock: each fixed-rate step is a warm-up and
 * a window of Poisson arrivals; the client sends each at its arrival plus a random lag, when a
 * thread of its pool is free, and (capped) no sooner than its CPU allows; the M/M/1 server serves
 * them in order and stalls on its own schedule, which runs on across steps as a real store's
 * background work does. Each window comes out as the runner would record it: per second, requests
 * and those over the bound on intended latency (from the arrival; failures none, requests never
 * sent by the stop over), the client's attribution ({@link ClientAttribution}) from its CPU and
 * from the decisions on intended latency and on latency from the send, and the stalls as background
 * events. No wall time: a run is a pure function of its seed. Not thread-safe.
 */
final class SimulatedStore {
  /** Idle time between steps: a new client JVM starts, the store settles. */
  static final double STEP_GAP_S = 4;

  /**
   * The closed-loop peak the searches start from, as a share of the most the server (or a capped
   * client) can do: an M/M/1 server driven by many closed-loop threads completes nearly μ.
   */
  static final double PEAK_SHARE = 0.99;

  /** A quiet client's CPU share: small, it never limits. */
  static final double IDLE_CPU = 0.05;

  private final Scenario scenario;
  private final Mm1Server server;
  private final SplittableRandom arrivals;
  private final SplittableRandom lags;
  private final long boundNanos;
  private final long costNanos;
  private long clock;

  SimulatedStore(Scenario scenario, long seed) {
    this.scenario = scenario;
    this.server = scenario.server(seed);
    this.arrivals = new SplittableRandom(Seeds.mix(seed, 2));
    this.lags = new SplittableRandom(Seeds.mix(seed, 4));
    this.boundNanos = Math.round(scenario.boundMs() * 1e6);
    this.costNanos =
        Double.isInfinite(scenario.clientCapOps()) ? 0 : Math.round(1e9 / scenario.clientCapOps());
  }

  /**
   * Runs one step: the warm-up, then a window of {@code windowS} seconds at {@code rate}.
   *
   * @param threads the client's pool
   */
  BackgroundCycles.Observed run(
      String step, double rate, double warmupS, double windowS, int threads) {
    long start = clock + Math.round(STEP_GAP_S * 1e9);
    long windowStart = start + Math.round(warmupS * 1e9);
    long stop = windowStart + Math.round(windowS * 1e9);
    int seconds = (int) Math.ceil(windowS - 1e-9);
    long[] n = new long[seconds];
    long[] over = new long[seconds];
    long[] overFromSend = new long[seconds];
    long[] pool = new long[threads]; // completion of each thread's last request
    long sendFree = Long.MIN_VALUE;
    long sent = 0;
    long unsent = 0;
    long sentInWindow = 0;
    long last = start;
    boolean exhausted = false;
    double gapScale = 1e9 / rate;
    double lagScale = scenario.lagMeanUs() * 1e3;
    double t = start;
    while (true) {
      t += Exponential.seconds(arrivals, 1) * gapScale;
      long arrival = (long) t;
      if (arrival >= stop) {
        break;
      }
      boolean inWindow = arrival >= windowStart;
      int slot = (int) (sent % threads);
      long ready = Math.max(arrival, sendFree);
      boolean waitsForThread = pool[slot] > ready && sent >= threads;
      long send =
          (waitsForThread ? pool[slot] : ready)
              + Math.round(Exponential.seconds(lags, 1) * lagScale);
      if (send >= stop) {
        // Due before the stop, not sent by it: the client gave up on it.
        if (inWindow) {
          unsent++;
        }
        continue;
      }
      sendFree = send + costNanos;
      long done = server.admit(send);
      pool[slot] = done;
      sent++;
      last = Math.max(last, done);
      if (inWindow) {
        int s = (int) Math.min(seconds - 1, (arrival - windowStart) / 1_000_000_000L);
        n[s]++;
        if (done - arrival > boundNanos) {
          over[s]++;
        }
        if (done - send > boundNanos) {
          overFromSend[s]++;
        }
        exhausted |= waitsForThread;
        sentInWindow++;
      }
    }
    clock = Math.max(stop, last);
    long[] sentN = n.clone(); // the requests sent: the decision from the send is of them alone
    n[seconds - 1] += unsent;
    over[seconds - 1] += unsent;
    double cpu = Math.min(1, IDLE_CPU + (double) sentInWindow * costNanos / (stop - windowStart));
    String client =
        ClientAttribution.of(cpu, 1, decision(n, over), decision(sentN, overFromSend), exhausted);
    RateWindow w =
        new RateWindow(
            step, rate, windowS, List.of(new RateWindow.OpSeconds("READ", n, over)), client);
    List<BackgroundCycles.Event> events = new ArrayList<>();
    String kind = scenario.stallProcess() == Stalls.Process.OPERATIONS ? "size_stall" : "stall";
    for (long s : server.stalls().startsIn(start, stop)) {
      events.add(new BackgroundCycles.Event(kind, (s - windowStart) / 1e9));
    }
    return new BackgroundCycles.Observed(w, warmupS + windowS, events);
  }

  private ObjectiveVerdict.Decision decision(long[] n, long[] k) {
    return ObjectiveJudge.decision(
        scenario.percentile(), Map.of("READ", ObjectiveJudge.Counts.of(n, k, 0)));
  }
}
