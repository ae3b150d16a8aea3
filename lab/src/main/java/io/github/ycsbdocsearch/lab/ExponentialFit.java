package io.github.ycsbdocsearch.lab;

import java.util.Arrays;

/**
 * How well a sample of gaps between arrivals fits an exponential distribution (the gaps of a
 * Poisson process): the Kolmogorov–Smirnov distance D between the sample's distribution and the
 * exponential of the sample's own mean, and Stephens' modified statistic for that case (mean
 * estimated from the data), {@code (D − 0.2/n)(√n + 0.26 + 0.5/√n)}, whose 5 % upper critical value
 * is 1.094 (Stephens 1974, exponential case). The coefficient of variation (1 for an exponential)
 * says the same thing in one number a person can read.
 *
 * <p>Why both: with tens of thousands of gaps the test notices deviations far below what matters to
 * a queue (a send a few tens of microseconds late); D itself says how large the deviation is.
 * Immutable.
 *
 * @param n gaps in the sample
 * @param meanUs mean gap, microseconds
 * @param cv standard deviation / mean (exponential: 1)
 * @param ksD largest distance between the empirical and the fitted distribution functions
 * @param stephens Stephens' modified statistic
 * @param rejected true when the exponential is rejected at 5 % (stephens &gt; 1.094)
 */
public record ExponentialFit(
    long n, double meanUs, double cv, double ksD, double stephens, boolean rejected) {

  /** Stephens' 5 % upper critical value of the modified statistic, exponential, mean estimated. */
  public static final double CRITICAL_5PCT = 1.094;

  /**
   * Fits the gaps (nanoseconds, any order; at least two, positive mean).
   *
   * @throws IllegalArgumentException with fewer than two gaps or a mean of 0
   */
  public static ExponentialFit of(long[] gapsNanos) {
    int n = gapsNanos.length;
    if (n < 2) {
      throw new IllegalArgumentException("need at least two gaps, got " + n);
    }
    double[] x = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      x[i] = Math.max(0, gapsNanos[i]);
      sum += x[i];
    }
    double mean = sum / n;
    if (!(mean > 0)) {
      throw new IllegalArgumentException("the gaps have a mean of 0");
    }
    double ss = 0;
    for (double v : x) {
      ss += (v - mean) * (v - mean);
    }
    Arrays.sort(x);
    double d = 0;
    for (int i = 0; i < n; i++) {
      double f = 1 - Math.exp(-x[i] / mean);
      d = Math.max(d, Math.max((i + 1.0) / n - f, f - (double) i / n));
    }
    double root = Math.sqrt(n);
    double modified = (d - 0.2 / n) * (root + 0.26 + 0.5 / root);
    return new ExponentialFit(
        n, mean / 1000, Math.sqrt(ss / (n - 1)) / mean, d, modified, modified > CRITICAL_5PCT);
  }
}
