package io.github.ycsbdocsearch.resultsformat;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Binomial probabilities computed independently of {@link Binomial}: every probability of Bin(n, p)
 * in 60-digit decimal arithmetic, summed plainly from the start. Only for the small n (a few
 * thousand) tests use.
 */
final class ExactBinomial {

  private static final MathContext MC = new MathContext(60);
  private final BigDecimal[] pmf;

  /** Bin(n, p) with p given exactly as a decimal string, e.g. "0.0125". */
  ExactBinomial(int n, String p) {
    BigDecimal q = new BigDecimal(p);
    BigDecimal miss = BigDecimal.ONE.subtract(q);
    BigDecimal odds = q.divide(miss, MC);
    pmf = new BigDecimal[n + 1];
    pmf[0] = miss.pow(n, MC);
    for (int j = 0; j < n; j++) {
      pmf[j + 1] =
          pmf[j]
              .multiply(BigDecimal.valueOf(n - j))
              .divide(BigDecimal.valueOf(j + 1), MC)
              .multiply(odds, MC);
    }
  }

  /** P(X <= k). */
  double cdf(int k) {
    BigDecimal sum = BigDecimal.ZERO;
    for (int j = 0; j <= Math.min(k, pmf.length - 1); j++) {
      sum = sum.add(pmf[j], MC);
    }
    return sum.doubleValue();
  }

  /** P(X >= k), summed from k (no cancellation). */
  double upperTail(int k) {
    BigDecimal sum = BigDecimal.ZERO;
    for (int j = Math.max(0, k); j < pmf.length; j++) {
      sum = sum.add(pmf[j], MC);
    }
    return sum.doubleValue();
  }
}
