package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * How a regression threshold is derived, in one place (compare/README.md explains it).
 *
 * <p>The noise is each run's own, as it recorded it: the 95 % interval of its capacity (the
 * capacity search's block bootstrap) and of its peak (batch means over the peak step's seconds).
 * Two independent estimates, each with a relative 95 % half-width h, differ by more than their
 * noise when the change exceeds {@code z x sqrt(h_base^2 + h_new^2)}. One comparison judges M such
 * headlines; the Bonferroni rule keeps the chance of any false alarm at or below {@code alpha}, so
 * each half-width is widened by {@code z = q(1 - alpha / (2 M)) / q(0.975)} (q the normal
 * quantile). The floor keeps a window that happened to be very steady from flagging every wobble. A
 * figure whose interval either run did not record (latency percentiles, an open interval, an older
 * run) is judged against a fixed, deliberately wide default, always marked as such. Constants and
 * pure functions only; thread-safe.
 */
public final class NoisePolicy {

  /** Family-wise false-alarm rate of one comparison (as text for the command line's default). */
  public static final String ALPHA_DEFAULT_TEXT = "0.05";

  public static final double ALPHA_DEFAULT = Double.parseDouble(ALPHA_DEFAULT_TEXT);

  /** The level of the intervals the runs record. */
  public static final double INTERVAL_LEVEL = 0.95;

  /** Smallest relative threshold of throughput (capacity, peak). */
  public static final double THROUGHPUT_FLOOR = 0.05;

  /** Relative default thresholds, for figures without intervals: throughput, p50, p99, p99.9. */
  public static final double THROUGHPUT_DEFAULT = 0.20;

  public static final double P50_DEFAULT = 0.30;
  public static final double P99_DEFAULT = 0.50;
  public static final double P999_DEFAULT = 0.75;

  public static final List<Percentile> PERCENTILES =
      List.of(Percentile.P50, Percentile.P99, Percentile.P999);

  /** Names of the SLO-bound capacity and of the closed-loop peak. */
  public static final String CAPACITY_METRIC = "capacity_ops";

  public static final String PEAK_METRIC = "peak_ops";

  private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

  private NoisePolicy() {}

  /**
   * How much the Bonferroni rule widens a 95 % half-width: {@code q(1 - alpha / (2 m)) / q(0.975)}.
   *
   * @param alpha family-wise false-alarm rate, in (0, 1)
   * @param m figures judged against intervals, at least 1
   */
  public static double multiplier(double alpha, int m) {
    return NORMAL.inverseSurvivalProbability(alpha / (2.0 * Math.max(1, m)))
        / NORMAL.inverseSurvivalProbability((1 - INTERVAL_LEVEL) / 2);
  }

  /** The metric name of a latency percentile, e.g. {@code SEARCH.intended.p999}. */
  public static String latencyMetric(String op, LatencyKind kind, Percentile percentile) {
    return op + "." + kind.label() + "." + percentile.name().toLowerCase(Locale.ROOT);
  }

  public static double latencyDefault(Percentile percentile) {
    return switch (percentile) {
      case P50, P90 -> P50_DEFAULT;
      case P99 -> P99_DEFAULT;
      case P999, P9999 -> P999_DEFAULT;
    };
  }
}
