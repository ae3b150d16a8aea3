package io.github.ycsbdocsearch.compare;

/**
 * The relative change beyond which a figure counts as changed, and where that number came from.
 * Immutable.
 *
 * @param relative threshold as a fraction, e.g. 0.08 for 8 %
 * @param source the runs' own intervals, or a default
 * @param baseHalfWidth the baseline's relative 95 % half-width, NaN for defaults
 * @param newHalfWidth the new run's, NaN for defaults
 * @param multiplier how much the multiple-comparison rule widened them, NaN for defaults
 */
public record Threshold(
    double relative, Source source, double baseHalfWidth, double newHalfWidth, double multiplier) {

  public enum Source {
    /** Both runs recorded a 95 % interval of the figure. */
    INTERVALS("the runs' 95 % intervals"),
    /** A run recorded no interval of the figure: conservative default. */
    DEFAULT_NO_INTERVAL("default (no 95 % interval in both runs)");

    private final String label;

    Source(String label) {
      this.label = label;
    }

    /** Text for people and JSON. */
    public String label() {
      return label;
    }
  }

  public static Threshold byDefault(double relative) {
    return new Threshold(relative, Source.DEFAULT_NO_INTERVAL, Double.NaN, Double.NaN, Double.NaN);
  }

  /**
   * The threshold of two estimates with relative 95 % half-widths, widened {@code z} times ({@link
   * NoisePolicy#multiplier}): {@code max(floor, z x sqrt(hb^2 + hn^2))}.
   */
  public static Threshold ofIntervals(double baseHalfWidth, double newHalfWidth, double z) {
    double relative =
        Math.max(NoisePolicy.THROUGHPUT_FLOOR, z * Math.hypot(baseHalfWidth, newHalfWidth));
    return new Threshold(relative, Source.INTERVALS, baseHalfWidth, newHalfWidth, z);
  }

  /** Whether this threshold is a default rather than the runs' own noise. */
  public boolean isDefault() {
    return source == Source.DEFAULT_NO_INTERVAL;
  }
}
