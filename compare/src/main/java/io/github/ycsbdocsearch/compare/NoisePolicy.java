package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How a regression threshold is derived, in one place (compare/README.md explains it with the
 * figures behind it).
 *
 * <p>Per metric: {@code threshold = max(floor, t x sqrt(2) x CV')}. CV is the coefficient of
 * variation (sample standard deviation / mean) of that metric at that step over the baseline's
 * repeated runs: each step has its own noise, so a quiet step is not judged with a noisy step's
 * spread. {@code sqrt(2)} because one new run is compared with one baseline run. A CV from three
 * runs is itself very rough (two degrees of freedom), so it is moderated toward a pooled CV
 * (latency: the same percentile over the store's operations, kinds and steps; headline: the same
 * metric over the workload's stores), an empirical-Bayes shrinkage with a prior weight of {@link
 * #PRIOR_DF} degrees of freedom): {@code CV'^2 = (PRIOR_DF x pooled^2 + (runs - 1) x CV^2) /
 * (PRIOR_DF + runs - 1)}, and {@code t} is Student's t quantile with {@code runs - 1 + PRIOR_DF}
 * degrees of freedom.
 *
 * <p>Multiple comparisons: one comparison judges M metrics at once. The Bonferroni rule keeps the
 * chance of any false alarm in the whole comparison at or below {@code alpha}: each metric is
 * judged two-sided at {@code alpha / M}, so {@code t} is taken at {@code 1 - alpha / (2 M)}. The
 * floor stops a spread measured near zero by luck from flagging every wobble. Metrics without a
 * measured spread use fixed, deliberately wide defaults, always marked as defaults.
 *
 * <p>Constants and pure functions only; thread-safe.
 */
public final class NoisePolicy {

  /** Family-wise false-alarm rate of one comparison, as text for the command line's declaration. */
  public static final String ALPHA_DEFAULT_TEXT = "0.05";

  /** Family-wise false-alarm rate of one comparison. */
  public static final double ALPHA_DEFAULT = Double.parseDouble(ALPHA_DEFAULT_TEXT);

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
  public static final List<Percentile> PERCENTILES =
      List.of(Percentile.P50, Percentile.P99, Percentile.P999);

  /** Metric key of the SLO-bound capacity in {@code noise.json}. */
  public static final String CAPACITY_METRIC = "capacity_ops";

  /** Metric key of the closed-loop peak in {@code noise.json}. */
  public static final String PEAK_METRIC = "peak_ops";

  /**
   * Weight, in degrees of freedom, of the pooled spread in a step's moderated spread. With three
   * runs a step's own spread has two; four makes the pooled one count twice as much while keeping
   * each step's own spread visible.
   */
  public static final int PRIOR_DF = 4;

  private NoisePolicy() {}

  /**
   * The multiplier of the Bonferroni rule: Student's t quantile at {@code 1 - alpha / (2 m)}.
   *
   * @param alpha family-wise false-alarm rate, in (0, 1)
   * @param m metrics judged in the comparison, at least 1
   * @param df degrees of freedom of the spread
   */
  public static double multiplier(double alpha, int m, int df) {
    return TDistribution.of(Math.max(1, df))
        .inverseSurvivalProbability(alpha / (2.0 * Math.max(1, m)));
  }

  /**
   * A step's spread moderated toward a pooled spread.
   *
   * @param cv the step's coefficient of variation
   * @param runs runs it was measured over
   * @param pooled the pooled coefficient of variation
   */
  public static double moderated(double cv, int runs, double pooled) {
    int df = Math.max(1, runs - 1);
    return Math.sqrt((PRIOR_DF * pooled * pooled + df * cv * cv) / (PRIOR_DF + df));
  }

  /**
   * The relative change beyond which a difference is real: {@code max(floor, t x sqrt(2) x cv)}.
   */
  public static double threshold(double cv, double floor, double t) {
    return Math.max(floor, t * Math.sqrt(2) * cv);
  }

  /** The metric key of a latency percentile, e.g. {@code SEARCH.intended.p999}. */
  public static String latencyMetric(String op, LatencyKind kind, Percentile percentile) {
    return op + "." + kind.label() + "." + percentile.name().toLowerCase(Locale.ROOT);
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
