package io.github.ycsbdocsearch.resultsformat;

/** Small statistics the summaries need. Stateless. */
public final class Statistics {

  /** Two-sided 97.5 % quantiles of Student's t for 1..30 degrees of freedom (from any t table). */
  private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
      2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
      2.056, 2.052, 2.048, 2.045, 2.042};

  private Statistics() {
  }

  /** The 97.5 % quantile of Student's t with {@code df} degrees of freedom (1.96 beyond the table). */
  public static double t975(int df) {
    if (df < 1) {
      throw new IllegalArgumentException("degrees of freedom must be >= 1");
    }
    return df <= T975.length ? T975[df - 1] : 1.96;
  }
}
