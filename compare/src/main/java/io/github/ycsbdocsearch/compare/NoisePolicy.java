package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import java.util.List;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * How a regression threshold is derived, in one place (compare/README.md explains it).
 *
 * <p>Per metric: {@code threshold = max(floor, z x sqrt(2) x CV)}. CV is the coefficient of variation (sample
 * standard deviation / mean) of that metric at that step over at least {@value #MIN_RUNS} repeated runs of the
 * baseline: each step has its own noise, so a quiet step is not judged with a noisy step's spread. {@code sqrt(2)}
 * because one new run is compared with one baseline run, and their difference spreads sqrt(2) times as much as one
 * run.
 *
 * <p>Multiple comparisons: one comparison judges M metrics at once (every store's headline and every latency
 * percentile of every step). Judging each at a 5 % false-alarm rate would raise a false regression on most nights.
 * The Bonferroni rule keeps the chance of any false alarm in the whole comparison at or below {@code alpha}: each
 * metric is judged two-sided at {@code alpha / M}, so {@code z} is the standard normal quantile at
 * {@code 1 - alpha / (2 M)}. The floor stops a spread that three runs measured near zero by luck from flagging every
 * wobble. Metrics without a measured spread use fixed, deliberately wide defaults, always marked as defaults.
 *
 * <p>Constants and pure functions only; thread-safe.
 */
public final class NoisePolicy {

  /** Family-wise false-alarm rate of one comparison. */
  public static final double ALPHA_DEFAULT = 0.05;
  /** Fewest repeated runs a spread may be measured from. */
  public static final int MIN_RUNS = 3;
  /** Smallest threshold for throughput (capacity, peak), relative. */
  public static final double THROUGHPUT_FLOOR = 0.05;
  /** Smallest threshold for a latency percentile, relative. */
  public static final double LATENCY_FLOOR = 0.10;

  /** Unmeasured default for throughput (capacity, peak), relative. */
  public static final double THROUGHPUT_DEFAULT = 0.20;
  /** Unmeasured default for p50, relative. */
  public static final double P50_DEFAULT = 0.30;
  /** Unmeasured default for p99, relative. */
  public static final double P99_DEFAULT = 0.50;
  /** Unmeasured default for p99.9, relative. */
  public static final double P999_DEFAULT = 0.75;

  /** The percentiles compared. */
  public static final List<Percentile> PERCENTILES = List.of(Percentile.P50, Percentile.P99, Percentile.P999);

  /** Metric key of the SLO-bound capacity in {@code noise.json}. */
  public static final String CAPACITY_METRIC = "capacity_ops";
  /** Metric key of the closed-loop peak in {@code noise.json}. */
  public static final String PEAK_METRIC = "peak_ops";

  private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

  private NoisePolicy() {
  }

  /**
   * The multiplier z of the Bonferroni rule: the standard normal quantile at {@code 1 - alpha / (2 m)}.
   *
   * @param alpha family-wise false-alarm rate, in (0, 1)
   * @param m     metrics judged in the comparison, at least 1
   */
  public static double multiplier(double alpha, int m) {
    return STANDARD_NORMAL.inverseSurvivalProbability(alpha / (2.0 * Math.max(1, m)));
  }

  /** The relative change beyond which a difference is real: {@code max(floor, z x sqrt(2) x cv)}. */
  public static double threshold(double cv, double floor, double z) {
    return Math.max(floor, z * Math.sqrt(2) * cv);
  }

  /** The metric key of a latency percentile, e.g. {@code SEARCH.intended.p999}. */
  public static String latencyMetric(String op, LatencyKind kind, Percentile percentile) {
    return op + "." + kind.label() + "." + percentile.name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The unmeasured default threshold of a percentile. */
  public static double latencyDefault(Percentile percentile) {
    return switch (percentile) {
      case P50, P90 -> P50_DEFAULT;
      case P99 -> P99_DEFAULT;
      case P999, P9999 -> P999_DEFAULT;
    };
  }
}
