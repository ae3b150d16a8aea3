package io.github.ycsbdocsearch.resultsformat;

/**
 * Exact binomial probabilities for the sample sizes a step produces (up to ~10^7 requests) and the
 * small probabilities latency objectives talk about (1 %, 0.1 %): what {@link PercentileBound} and
 * {@link ExceedanceTest} decide from.
 *
 * <p>Why not a textbook formula. The normal approximation is wrong exactly where it matters (a
 * handful of exceedances out of thousands), and summing n choose k terms from 0 is both slow (10^7
 * terms) and underflows. Here one probability is computed in log space with Loader's saddle-point
 * form (the one R's {@code dbinom} uses: accurate to ~1e-15 relative for any n, no cancellation of
 * huge log-gamma values), and the tail is summed from it away from the mode with the term ratio,
 * stopping once the rest cannot change the sum: at most a few times sqrt(n p (1 - p)) terms. A tail
 * that would contain the mode is computed as 1 minus the other one.
 *
 * <p>Stateless, thread-safe.
 */
public final class Binomial {

  private static final double LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
  private static final double LN_2PI = Math.log(2 * Math.PI);

  /** Summing stops when the remaining terms cannot add this much relative to the sum. */
  private static final double CUTOFF = 1e-17;

  private Binomial() {}

  /** P(X <= k) for X ~ Bin(n, p). */
  public static double cdf(long k, long n, double p) {
    check(n, p);
    if (k < 0) {
      return 0.0;
    }
    if (k >= n) {
      return 1.0;
    }
    return k <= mode(n, p) ? sumDown(k, n, p) : clamp(1.0 - sumUp(k + 1, n, p));
  }

  /** P(X >= k) for X ~ Bin(n, p). */
  public static double upperTail(long k, long n, double p) {
    check(n, p);
    if (k <= 0) {
      return 1.0;
    }
    if (k > n) {
      return 0.0;
    }
    return k > mode(n, p) ? sumUp(k, n, p) : clamp(1.0 - sumDown(k - 1, n, p));
  }

  /** P(X = k) for X ~ Bin(n, p). */
  public static double pmf(long k, long n, double p) {
    check(n, p);
    return Math.exp(logPmf(k, n, p));
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

  /** The most likely count, floor((n + 1) p), within [0, n]. */
  private static long mode(long n, double p) {
    return Math.min(n, (long) Math.floor((n + 1) * p));
  }

  /** P(X <= k) summed from k downwards, for k at or below the mode (the terms only shrink). */
  private static double sumDown(long k, long n, double p) {
    double odds = (1 - p) / p;
    double term = 1.0;
    double sum = 1.0;
    for (long j = k; j > 0; j--) {
      double ratio = j / (double) (n - j + 1) * odds; // P(X = j - 1) / P(X = j)
      term *= ratio;
      sum += term;
      if (ratio < 1 && term * ratio / (1 - ratio) < CUTOFF * sum) {
        break;
      }
    }
    return clamp(Math.exp(logPmf(k, n, p)) * sum);
  }

  /** P(X >= k) summed from k upwards, for k above the mode (the terms only shrink). */
  private static double sumUp(long k, long n, double p) {
    double odds = p / (1 - p);
    double term = 1.0;
    double sum = 1.0;
    for (long j = k; j < n; j++) {
      double ratio = (n - j) / (double) (j + 1) * odds; // P(X = j + 1) / P(X = j)
      term *= ratio;
      sum += term;
      if (ratio < 1 && term * ratio / (1 - ratio) < CUTOFF * sum) {
        break;
      }
    }
    return clamp(Math.exp(logPmf(k, n, p)) * sum);
  }

  /** log P(X = k), Loader's form (R's dbinom_raw). */
  static double logPmf(long k, long n, double p) {
    double q = 1 - p;
    if (k < 0 || k > n) {
      return Double.NEGATIVE_INFINITY;
    }
    if (p == 0) {
      return k == 0 ? 0 : Double.NEGATIVE_INFINITY;
    }
    if (q == 0) {
      return k == n ? 0 : Double.NEGATIVE_INFINITY;
    }
    if (k == 0) {
      return n == 0 ? 0 : p < 0.1 ? -bd0(n, n * q) - n * p : n * Math.log(q);
    }
    if (k == n) {
      return q < 0.1 ? -bd0(n, n * p) - n * q : n * Math.log(p);
    }
    double lc =
        stirlingError(n)
            - stirlingError(k)
            - stirlingError(n - k)
            - bd0(k, n * p)
            - bd0(n - k, n * q);
    double lf = LN_2PI + Math.log(k) + Math.log1p(-(double) k / n);
    return lc - 0.5 * lf;
  }

  /** ln(n!) - ((n + 1/2) ln n - n + ln sqrt(2 pi)): the error of Stirling's formula, for n >= 1. */
  private static double stirlingError(long n) {
    if (n <= 15) {
      double lnFactorial = 0;
      for (long i = 2; i <= n; i++) {
        lnFactorial += Math.log(i);
      }
      return lnFactorial - (n + 0.5) * Math.log(n) + n - LN_SQRT_2PI;
    }
    double nn = (double) n * n;
    double s0 = 1.0 / 12;
    double s1 = 1.0 / 360;
    double s2 = 1.0 / 1260;
    double s3 = 1.0 / 1680;
    double s4 = 1.0 / 1188;
    if (n > 500) {
      return (s0 - s1 / nn) / n;
    }
    if (n > 80) {
      return (s0 - (s1 - s2 / nn) / nn) / n;
    }
    if (n > 35) {
      return (s0 - (s1 - (s2 - s3 / nn) / nn) / nn) / n;
    }
    return (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / n;
  }

  /** x ln(x / np) + np - x, without cancellation when x is close to np (Loader's deviance term). */
  private static double bd0(double x, double np) {
    if (Math.abs(x - np) < 0.1 * (x + np)) {
      double v = (x - np) / (x + np);
      double s = (x - np) * v;
      double ej = 2 * x * v;
      v *= v;
      for (int j = 1; j < 1000; j++) {
        ej *= v;
        double next = s + ej / (2 * j + 1);
        if (next == s) {
          return next;
        }
        s = next;
      }
      return s;
    }
    return x * Math.log(x / np) + np - x;
  }

  private static void check(long n, double p) {
    if (n < 0 || !(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("need n >= 0 and 0 <= p <= 1, got n=" + n + ", p=" + p);
    }
  }

  private static double clamp(double v) {
    return Math.max(0.0, Math.min(1.0, v));
  }
}
