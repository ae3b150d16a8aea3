package io.github.ycsbdocsearch.resultsformat.analysis;

import io.github.ycsbdocsearch.resultsformat.Mm1Arrivals;
import java.util.List;

/**
 * The known answer of the simulated M/M/1 store as the client saw it: the capacity of an M/M/1
 * server whose every request the host also held for a while (sent late, woken late), with the
 * delays a step recorded ({@link Mm1Arrivals#hostDelay()}). The client measures the server's
 * sojourn plus that delay; under Poisson arrivals at rate λ the sojourn is exponential with rate μ
 * − λ, so with the delay d independent of it, the share of requests over the bound B is the mean
 * over the requests of min(1, exp(−(μ − λ)(B − d))), and the capacity under the objective
 * "p-quantile ≤ B" is the λ where that share is 1 − p. Without delays this is the closed form μ +
 * ln(1 − p)/B (769.7 ops/s for μ = 1,000/s and p99 ≤ 20 ms).
 *
 * <p>What it assumes: the delays are independent of the sojourn. They are not quite: a host stall
 * delays every request then and also bunches the arrivals behind it, which lengthens the queue, so
 * this is an upper end of what the host leaves. Each delay is taken at its bucket's upper end (at
 * most 10 % above it), which errs the other way. Stalls of the simulated server are not included:
 * with them there is no closed form. Stateless.
 */
public final class Mm1HostTruth {
  private Mm1HostTruth() {}

  /**
   * The capacity in operations per second; 0 when even an idle server misses the objective with
   * these delays, null when there are no delays recorded.
   *
   * @param serviceRate μ, completions per second
   * @param percentile the objective's percentile as a fraction (0.99 for p99)
   * @param boundUs the objective's bound, µs
   */
  public static Double capacity(
      double serviceRate, double percentile, double boundUs, List<Mm1Arrivals.DelayBucket> delays) {
    if (delays == null || delays.stream().mapToLong(Mm1Arrivals.DelayBucket::count).sum() == 0) {
      return null;
    }
    double allowance = 1 - percentile;
    if (shareOver(serviceRate, 0, boundUs, delays) > allowance) {
      return 0.0;
    }
    // The share rises with λ from its idle value to 1 at μ: bisection to well under 0.01 ops/s.
    double lo = 0;
    double hi = serviceRate;
    for (int i = 0; i < 60; i++) {
      double mid = (lo + hi) / 2;
      if (shareOver(serviceRate, mid, boundUs, delays) > allowance) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /** The delay (µs, a bucket's top) {@code fraction} of requests were held within; null: none. */
  public static Long percentileUs(List<Mm1Arrivals.DelayBucket> delays, double fraction) {
    long n = delays == null ? 0 : delays.stream().mapToLong(Mm1Arrivals.DelayBucket::count).sum();
    if (n == 0) {
      return null;
    }
    long seen = 0;
    for (Mm1Arrivals.DelayBucket b : delays) {
      seen += b.count();
      if (seen >= Math.ceil(fraction * n)) {
        return b.upToUs();
      }
    }
    return delays.get(delays.size() - 1).upToUs();
  }

  /** The share of requests over the bound at arrival rate {@code lambda}, with these delays. */
  static double shareOver(
      double serviceRate, double lambda, double boundUs, List<Mm1Arrivals.DelayBucket> delays) {
    double over = 0;
    long n = 0;
    for (Mm1Arrivals.DelayBucket b : delays) {
      double slack = (boundUs - b.upToUs()) / 1e6;
      over += b.count() * (slack <= 0 ? 1 : Math.exp(-(serviceRate - lambda) * slack));
      n += b.count();
    }
    return over / n;
  }
}
