package io.github.ycsbdocsearch.compare;

/**
 * The relative change beyond which a metric counts as changed, and where that number came from.
 *
 * <p>Immutable, safe to share.
 *
 * @param relative threshold as a fraction, e.g. 0.08 for 8%
 * @param source measured from repeated runs, or a default
 * @param cv the measured coefficient of variation, NaN for defaults
 * @param runs how many runs the spread was measured over, 0 for defaults
 */
public record Threshold(double relative, Source source, double cv, int runs) {

  /** Where a threshold came from. */
  public enum Source {
    /** From the baseline's {@code noise.json}. */
    MEASURED("measured"),
    /** The baseline has no {@code noise.json}: conservative default. */
    DEFAULT_NO_NOISE_FILE("default (no noise.json)"),
    /** {@code noise.json} exists but has no entry for this metric: conservative default. */
    DEFAULT_NOT_MEASURED("default (metric not in noise.json)");

    private final String label;

    Source(String label) {
      this.label = label;
    }

    /** @return text for people and JSON */
    public String label() {
      return label;
    }
  }

  /**
   * @param relative default threshold
   * @param source why the default is used
   * @return a default (unmeasured) threshold
   */
  public static Threshold byDefault(double relative, Source source) {
    return new Threshold(relative, source, Double.NaN, 0);
  }

  /** @return true unless this threshold was measured */
  public boolean isDefault() {
    return source != Source.MEASURED;
  }
}
