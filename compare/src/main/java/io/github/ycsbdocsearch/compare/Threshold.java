package io.github.ycsbdocsearch.compare;

/**
 * The relative change beyond which a metric counts as changed, and where that number came from.
 * Immutable.
 *
 * @param relative threshold as a fraction, e.g. 0.08 for 8 %
 * @param source measured from repeated runs, or a default
 * @param cv the coefficient of variation used (the step's moderated toward its metric's pooled
 *     one), NaN for defaults
 * @param runs how many runs the spread was measured over, 0 for defaults
 * @param multiplier Student's t quantile of the multiple-comparison rule, NaN for defaults
 */
public record Threshold(double relative, Source source, double cv, int runs, double multiplier) {

  /** Where a threshold came from. */
  public enum Source {
    /** This step's spread, from the baseline's {@code noise.json}. */
    MEASURED("measured"),
    /** A format-1 {@code noise.json}: one spread (the noisiest step's) for every step. */
    MEASURED_ALL_STEPS("measured (noise.json format 1, one spread for all steps)"),
    /** The baseline has no {@code noise.json}: conservative default. */
    DEFAULT_NO_NOISE_FILE("default (no noise.json)"),
    /** {@code noise.json} exists but has no entry for this metric: conservative default. */
    DEFAULT_NOT_MEASURED("default (metric not in noise.json)");

    private final String label;

    Source(String label) {
      this.label = label;
    }

    /** Text for people and JSON. */
    public String label() {
      return label;
    }
  }

  /** A default (unmeasured) threshold. */
  public static Threshold byDefault(double relative, Source source) {
    return new Threshold(relative, source, Double.NaN, 0, Double.NaN);
  }

  /** Whether this threshold is a default rather than measured. */
  public boolean isDefault() {
    return source == Source.DEFAULT_NO_NOISE_FILE || source == Source.DEFAULT_NOT_MEASURED;
  }
}
