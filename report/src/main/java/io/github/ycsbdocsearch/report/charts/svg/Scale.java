package io.github.ycsbdocsearch.report.charts.svg;

/** How an axis maps data values to distance. Immutable, thread-safe. */
public enum Scale {
  LINEAR,
  /** Decades equally spaced; values below 1 are drawn at 1. */
  LOG10,
  /**
   * Decades equally spaced for values in (0, 1] such as a share of requests: 0.0001, 0.001, 0.01;
   * values at or below {@link #FRACTION_FLOOR} (a share of 0) are drawn there.
   */
  LOG10_FRACTION,
  /** Doublings equally spaced (thread counts). */
  LOG2,
  /**
   * Percentiles by their number of nines: p90 is 1, p99 is 2, p99.9 is 3 and so on; data values are
   * percentiles (0-100) and anything above 99.9999 is drawn there.
   */
  NINES;

  /** Smallest value a log axis draws: a latency of 0 µs cannot be shown on a log scale. */
  static final double LOG_FLOOR = 1.0;

  /**
   * Smallest value a {@link #LOG10_FRACTION} axis draws: far below any share a window of requests
   * can show, so a chart that wants zeros visible places them itself (e.g. on a row of their own).
   */
  static final double FRACTION_FLOOR = 1e-12;

  private static final double MAX_PERCENTILE = 99.9999;

  /** The value in the axis' own linear space. */
  double transform(double v) {
    return switch (this) {
      case LOG10, LOG10_FRACTION -> Math.log10(Math.max(v, logFloor()));
      case LOG2 -> Math.log(Math.max(v, LOG_FLOOR)) / Math.log(2);
      case NINES -> -Math.log10(1 - Math.min(Math.max(v, 0), MAX_PERCENTILE) / 100.0);
      default -> v;
    };
  }

  /** The smallest value a log axis draws; values below it are drawn there. */
  double logFloor() {
    return this == LOG10_FRACTION ? FRACTION_FLOOR : LOG_FLOOR;
  }

  /** The percentile (0-100) that lies {@code nines} nines along a {@link #NINES} axis. */
  public static double percentileAtNines(double nines) {
    return 100.0 * (1 - Math.pow(10, -nines));
  }
}
