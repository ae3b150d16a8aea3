package io.github.ycsbdocsearch.compare;

/** What a change amounts to once its threshold is applied. Immutable enum, safe to share. */
public enum Verdict {
  /** Worse by more than the threshold: fails the comparison. */
  REGRESSION("REGRESSION"),
  /** Better by more than the threshold. */
  IMPROVEMENT("improved"),
  /** Within the threshold: indistinguishable from run-to-run noise. */
  WITHIN_NOISE("noise"),
  /**
   * A store has no result (no peak, or a capacity lost) in the baseline, the new run or both:
   * nothing to judge, so never a regression. In the new run it makes the comparison a failed run
   * ({@link Comparison#EXIT_FAILED_RUN}); in the baseline alone it is a warning.
   */
  NO_RESULT("no result");

  private final String label;

  Verdict(String label) {
    this.label = label;
  }

  /** Text for people and JSON. */
  public String label() {
    return label;
  }

  /** The verdict of {@code (new - base) / base} against a relative threshold (&gt; 0). */
  public static Verdict judge(double relativeChange, double threshold, boolean higherIsBetter) {
    double gain = higherIsBetter ? relativeChange : -relativeChange;
    if (gain < -threshold) {
      return REGRESSION;
    }
    return gain > threshold ? IMPROVEMENT : WITHIN_NOISE;
  }

  /** {@code (current - base) / base}, of a base &gt; 0. */
  public static double relativeChange(double base, double current) {
    return (current - base) / base;
  }
}
