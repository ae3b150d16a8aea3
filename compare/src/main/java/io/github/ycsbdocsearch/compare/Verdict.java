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

  /**
   * @return text for people and JSON
   */
  public String label() {
    return label;
  }

  /**
   * @param relativeChange {@code (new - base) / base}
   * @param threshold relative threshold, &gt; 0
   * @param higherIsBetter true for throughput, false for latency and error rates
   * @return the verdict
   */
  public static Verdict judge(double relativeChange, double threshold, boolean higherIsBetter) {
    double gain = higherIsBetter ? relativeChange : -relativeChange;
    if (gain < -threshold) {
      return REGRESSION;
    }
    return gain > threshold ? IMPROVEMENT : WITHIN_NOISE;
  }

  /**
   * @param base baseline value, &gt; 0
   * @param current new value
   * @return {@code (current - base) / base}
   */
  public static double relativeChange(double base, double current) {
    return (current - base) / base;
  }
}
