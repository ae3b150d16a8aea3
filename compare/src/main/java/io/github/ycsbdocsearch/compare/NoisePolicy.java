package io.github.ycsbdocsearch.compare;

/**
 * How a regression threshold is derived, in one place: {@code threshold = max(floor, k x CV)} where CV is the
 * coefficient of variation (sample standard deviation / mean) of a metric over at least {@value #MIN_RUNS} repeated
 * runs of the baseline, and the conservative defaults used when no such measurement exists.
 *
 * <p>Why these numbers: the baseline is one run and the new result is one run, so their difference has a spread of
 * about {@code sqrt(2) x CV}; {@code k = 3} puts the threshold at about 2.1 standard deviations of that difference.
 * CV from three runs is itself rough, so the floor stops a lucky near-zero spread from flagging every wobble. The
 * defaults are deliberately wide (shared CI runners vary by tens of percent) and are always marked as defaults in the
 * output, because they are not measurements.
 *
 * <p>Constants and pure functions only; safe to use from several threads.
 */
public final class NoisePolicy {

  /** Multiplier on the coefficient of variation. */
  public static final double K_DEFAULT = 3.0;
  /** Fewest repeated runs a spread may be measured from. */
  public static final int MIN_RUNS = 3;
  /** Smallest threshold for throughput, relative. */
  public static final double THROUGHPUT_FLOOR = 0.05;
  /** Smallest threshold for a latency percentile, relative. */
  public static final double LATENCY_FLOOR = 0.10;

  /** Unmeasured default for maximum sustainable throughput, relative. */
  public static final double THROUGHPUT_DEFAULT = 0.20;
  /** Unmeasured default for p50, relative. */
  public static final double P50_DEFAULT = 0.30;
  /** Unmeasured default for p99, relative. */
  public static final double P99_DEFAULT = 0.50;
  /** Unmeasured default for p99.9, relative. */
  public static final double P999_DEFAULT = 0.75;

  /** Metric key of the maximum sustainable throughput in {@code noise.json}. */
  public static final String THROUGHPUT_METRIC = "max_throughput";

  private NoisePolicy() {
  }

  /**
   * @param cv coefficient of variation over the repeated runs
   * @param floor smallest allowed threshold
   * @param k multiplier
   * @return the relative change beyond which a difference is a real change
   */
  public static double threshold(double cv, double floor, double k) {
    return Math.max(floor, k * cv);
  }

  /**
   * @param op operation, e.g. SEARCH
   * @param latencyKind service or intended
   * @param percentile which percentile
   * @return the metric key, e.g. {@code SEARCH.service.p999}
   */
  public static String latencyMetric(String op, String latencyKind, Percentile percentile) {
    return op + "." + latencyKind + "." + percentile.metricKey();
  }

  /**
   * @param percentile a percentile
   * @return the unmeasured default threshold for it
   */
  public static double latencyDefault(Percentile percentile) {
    return switch (percentile) {
      case P50 -> P50_DEFAULT;
      case P99 -> P99_DEFAULT;
      case P999 -> P999_DEFAULT;
    };
  }
}
