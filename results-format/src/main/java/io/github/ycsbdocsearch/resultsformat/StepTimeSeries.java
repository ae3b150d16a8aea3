package io.github.ycsbdocsearch.resultsformat;

import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One fixed-rate step second by second, read from its HDR interval logs with {@link StepHistograms}
 * (so the seconds are that reader's: whole seconds after the warm-up, which is excluded): the
 * successful workload operations per second (composed operations once, as the step's throughput
 * counts them) and the intended latency of every request in that second, successes and failures,
 * all operations merged (a composed operation's parts are requests too). Immutable, thread-safe.
 *
 * @param warmupS the excluded warm-up, seconds (drawn before time 0)
 * @param seconds the window's seconds in time order; a second no log's interval fell in is left out
 */
public record StepTimeSeries(int warmupS, List<Second> seconds) {

  /**
   * One second of the window.
   *
   * @param timeS its middle, seconds since the measurement start
   * @param throughputOps successful workload operations per second, over the time the second really
   *     covered
   * @param requests intended-latency records in it (failures included)
   * @param p50Us their median, or null below the samples a p50 needs ({@link PercentileBound})
   * @param p99Us their p99, or null below the samples a p99 needs (299)
   * @param maxUs their maximum, or null when it has none
   */
  public record Second(
      double timeS, double throughputOps, long requests, Long p50Us, Long p99Us, Long maxUs) {}

  public StepTimeSeries {
    seconds = List.copyOf(seconds);
  }

  /** Reads a step folder's logs with the warm-up and window its step.json states. */
  public static StepTimeSeries read(Path stepDir) throws IOException {
    StepRecord info = StepRecord.read(stepDir);
    return of(StepHistograms.forStep(stepDir, info), info.warmupS());
  }

  public static StepTimeSeries of(StepHistograms hist, int warmupS) {
    List<StepHistograms.IntervalRate> rates = hist.rates(successfulOperations(hist));
    List<Histogram> latency = intendedPerSecond(hist);
    List<Second> seconds = new ArrayList<>();
    for (StepHistograms.IntervalRate rate : rates) {
      int i = (int) Math.floor(rate.timeS());
      Histogram h = i < latency.size() ? latency.get(i) : null;
      long n = h == null ? 0 : h.getTotalCount();
      seconds.add(
          new Second(
              rate.timeS(),
              rate.perSecond(),
              n,
              percentile(h, Percentile.P50),
              percentile(h, Percentile.P99),
              n == 0 ? null : h.getMaxValue()));
    }
    return new StepTimeSeries(warmupS, seconds);
  }

  /** Per second, successful records of every operation less the composed operations' parts. */
  static long[] successfulOperations(StepHistograms hist) {
    long[] total = new long[hist.intervalLengthsS().length];
    for (String op : hist.ops()) {
      long[] own = hist.perInterval(op, false);
      int times = 1 - ComposedOperations.PARTS.getOrDefault(op, List.of()).size();
      for (int i = 0; i < total.length; i++) {
        total[i] += times * own[i];
      }
    }
    for (int i = 0; i < total.length; i++) {
      total[i] = Math.max(0, total[i]);
    }
    return total;
  }

  /** Per second, every intended-latency log (successes and failures) merged; null: none. */
  public static List<Histogram> intendedPerSecond(StepHistograms hist) {
    List<Histogram> merged = new ArrayList<>();
    for (String op : hist.ops()) {
      for (boolean failed : new boolean[] {false, true}) {
        List<Histogram> perSecond = hist.perIntervalHistograms(op, LatencyKind.INTENDED, failed);
        for (int i = 0; i < perSecond.size(); i++) {
          while (merged.size() <= i) {
            merged.add(null);
          }
          if (perSecond.get(i) != null) {
            if (merged.get(i) == null) {
              merged.set(i, new Histogram(3));
            }
            merged.get(i).add(perSecond.get(i));
          }
        }
      }
    }
    return merged;
  }

  /**
   * The seconds [from, to) of a per-second list ({@link #intendedPerSecond}) added up, exactly
   * (HdrHistogram's own add, never percentiles averaged); null when none of them has a histogram.
   * Bounds past the list are clipped.
   */
  public static Histogram merge(List<Histogram> perSecond, int from, int to) {
    Histogram total = null;
    for (int i = Math.max(0, from); i < Math.min(to, perSecond.size()); i++) {
      Histogram h = perSecond.get(i);
      if (h != null) {
        if (total == null) {
          total = new Histogram(3);
        }
        total.add(h);
      }
    }
    return total;
  }

  /** A percentile the second's samples support, as HdrHistogram reports it; null otherwise. */
  static Long percentile(Histogram h, Percentile p) {
    if (h == null || !PercentileBound.supported(h.getTotalCount(), p.fraction())) {
      return null;
    }
    return h.getValueAtPercentile(p.value());
  }

  /** The end of the last second, seconds since the measurement start; 0 when there is none. */
  public double endS() {
    return seconds.isEmpty() ? 0 : Math.ceil(seconds.get(seconds.size() - 1).timeS());
  }
}
