package io.github.ycsbdocsearch.resultsformat;

import org.apache.commons.statistics.distribution.BinomialDistribution;

/**
 * Binomial probabilities for the sample sizes a step produces (up to ~10^7 requests) and the small
 * probabilities latency objectives talk about (1 %, 0.1 %): what {@link PercentileBound} and {@link
 * ExceedanceTest} decide from. The probabilities are commons-statistics' (exact to ~1e-14 relative
 * in both tails, where a normal approximation is wrong: a handful of exceedances out of thousands);
 * this class only states them as the callers ask: counts as {@code long}, the upper tail with k
 * included, and the trials that make zero successes evidence.
 *
 * <p>Stateless, thread-safe.
 */
public final class Binomial {

  private Binomial() {}

  /** P(X <= k) for X ~ Bin(n, p). */
  public static double cdf(long k, long n, double p) {
    BinomialDistribution d = of(n, p);
    return k < 0 ? 0.0 : k >= n ? 1.0 : d.cumulativeProbability((int) k);
  }

  /** P(X >= k) for X ~ Bin(n, p). */
  public static double upperTail(long k, long n, double p) {
    BinomialDistribution d = of(n, p);
    return k <= 0 ? 1.0 : k > n ? 0.0 : d.survivalProbability((int) k - 1);
  }

  /** The smallest k with P(X <= k) >= {@code probability} for X ~ Bin(n, p). */
  public static long quantile(double probability, long n, double p) {
    return of(n, p).inverseCumulativeProbability(probability);
  }

  /**
   * The smallest number of trials n for which seeing no success at all has probability at most
   * {@code alpha} when each trial succeeds with probability {@code q}: (1 - q)^n <= alpha. Below
   * it, zero successes is no evidence against q, so nothing can be concluded from any sample of
   * that size.
   */
  public static long minTrialsForNone(double q, double alpha) {
    if (!(q > 0 && q < 1) || !(alpha > 0 && alpha < 1)) {
      throw new IllegalArgumentException(
          "need 0 < q < 1 and 0 < alpha < 1, got q=" + q + ", alpha=" + alpha);
    }
    double logAlpha = Math.log(alpha);
    double logMiss = Math.log1p(-q);
    long n = (long) Math.ceil(logAlpha / logMiss);
    // The division may land a hair on either side of an integer: settle it on the defining
    // inequality.
    while (n > 1 && (n - 1) * logMiss <= logAlpha) {
      n--;
    }
    while (n * logMiss > logAlpha) {
      n++;
    }
    return Math.max(1, n);
  }

  /** The library's distribution; its trials are an {@code int}, which a step's count fits. */
  private static BinomialDistribution of(long n, double p) {
    if (n < 0 || n > Integer.MAX_VALUE || !(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException(
          "need 0 <= n <= 2^31 - 1 and 0 <= p <= 1, got n=" + n + ", p=" + p);
    }
    return BinomialDistribution.of((int) n, p);
  }
}
