package io.github.ycsbdocsearch.sweep.search;

import java.util.stream.IntStream;

/**
 * The share over the bound as a non-decreasing step function of the offered rate: the pooled counts
 * at each distinct rate, made monotone by the pool-adjacent-violators algorithm (weights:
 * requests), and the crossing of the allowance read between the two pooled blocks that straddle it,
 * linearly in (ln rate, ln share). Stateless.
 */
final class IsotonicShare {
  private IsotonicShare() {}

  /**
   * The crossing, ops/s: +infinity when every block meets the allowance, 0 when every block exceeds
   * it.
   *
   * @param rates distinct rates, ascending
   * @param n requests at each (0: absent)
   * @param k over the bound at each
   */
  static double crossing(double[] rates, double[] n, double[] k, double allowance) {
    int m = rates.length;
    // Blocks: pooled n, k and the request-weighted mean of ln(rate).
    double[] bn = new double[m];
    double[] bk = new double[m];
    double[] bx = new double[m];
    int b = 0;
    for (int i = 0; i < m; i++) {
      if (n[i] <= 0) {
        continue;
      }
      bn[b] = n[i];
      bk[b] = k[i];
      bx[b] = Math.log(rates[i]) * n[i];
      b++;
      while (b > 1 && bk[b - 2] / bn[b - 2] > bk[b - 1] / bn[b - 1]) {
        bn[b - 2] += bn[b - 1];
        bk[b - 2] += bk[b - 1];
        bx[b - 2] += bx[b - 1];
        b--;
      }
    }
    if (b == 0) {
      return Double.NaN;
    }
    int first = IntStream.range(0, b).filter(j -> bk[j] / bn[j] > allowance).findFirst().orElse(-1);
    if (first < 0) {
      return Double.POSITIVE_INFINITY;
    }
    if (first == 0) {
      return 0;
    }
    double x0 = bx[first - 1] / bn[first - 1];
    double x1 = bx[first] / bn[first];
    // A block with none over: half a request over, so the logarithm stays finite.
    double f0 = Math.max(bk[first - 1], 0.5) / bn[first - 1];
    double f1 = bk[first] / bn[first];
    f0 = Math.min(f0, allowance);
    double t = (Math.log(allowance) - Math.log(f0)) / (Math.log(f1) - Math.log(f0));
    if (!Double.isFinite(t)) {
      t = 0.5;
    }
    return Math.exp(x0 + t * (x1 - x0));
  }
}
