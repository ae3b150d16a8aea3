package io.github.ycsbdocsearch.resultsformat;

import java.util.OptionalLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The distribution-free one-sided 95 % upper confidence bound of a percentile, from the samples
 * alone.
 *
 * <p>Why. A sample percentile of n values says little about the true one when n is small: with 100
 * samples the "p99" is the second-largest value, and the true p99 lies above it more often than
 * not. The order statistic X(r) of n samples is at or above the true p-quantile whenever fewer than
 * r samples fall below that quantile, and the number that do is Bin(n, p); so X(r) with the
 * smallest r for which P(Bin(n, p) <= r - 1) >= 95 % is an upper bound with 95 % confidence,
 * whatever the distribution. When even r = n (the maximum) is not enough, the samples hold no upper
 * bound: that happens when p^n > 5 %, i.e. below {@link #minSamples} (p50 needs 5, p90 29, p99 299,
 * p99.9 2,995, p99.99 29,956). That is the rule {@link Percentile#supportedBy} applies: a
 * percentile is reported only when the samples can bound it from above.
 *
 * <p>Stateless, thread-safe.
 */
public final class PercentileBound {

  public static final double CONFIDENCE = 0.95;

  private PercentileBound() {}

  /**
   * The smallest n whose maximum is a 95 % upper bound of the p-quantile: p^n <= 5 %, n >= ln(0.05)
   * / ln(p).
   *
   * @param p the percentile as a fraction, e.g. 0.99
   */
  public static long minSamples(double p) {
    checkFraction(p);
    return Binomial.minTrialsForNone(1 - p, 1 - CONFIDENCE);
  }

  /** Whether {@code n} samples bound the p-quantile at 95 % (n >= {@link #minSamples}). */
  public static boolean supported(long n, double p) {
    return n >= minSamples(p);
  }

  /**
   * The rank r (1 = smallest) of the order statistic that bounds the p-quantile from above with 95
   * % confidence: the smallest r with P(Bin(n, p) <= r - 1) >= 0.95; empty when the samples hold no
   * such bound (r > n).
   */
  public static OptionalLong upperRank(long n, double p) {
    // supported: r = n qualifies, so the quantile is below n
    return supported(n, p)
        ? OptionalLong.of(Binomial.quantile(CONFIDENCE, n, p) + 1)
        : OptionalLong.empty();
  }

  /**
   * The 95 % upper bound of the p-quantile of the values recorded in {@code h}: its value at rank
   * {@link #upperRank}, reported like HdrHistogram reports percentiles (the highest value
   * equivalent to the bucket's, so it is comparable with {@code getValueAtPercentile}); empty when
   * unsupported.
   */
  public static OptionalLong upperBoundValue(Histogram h, double p) {
    OptionalLong rank = upperRank(h.getTotalCount(), p);
    if (rank.isEmpty()) {
      return OptionalLong.empty();
    }
    long seen = 0;
    for (HistogramIterationValue v : h.recordedValues()) {
      seen += v.getCountAtValueIteratedTo();
      if (seen >= rank.getAsLong()) {
        return OptionalLong.of(h.highestEquivalentValue(v.getValueIteratedTo()));
      }
    }
    return OptionalLong.of(h.getMaxValue()); // not reached: the ranks add up to the total count
  }

  private static void checkFraction(double p) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("a percentile is a fraction between 0 and 1, got " + p);
    }
  }
}
