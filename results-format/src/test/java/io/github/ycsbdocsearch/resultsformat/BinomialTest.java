package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BinomialTest {

  private static void assertRelative(
      double expected, double actual, double tolerance, String what) {
    assertEquals(expected, actual, Math.abs(expected) * tolerance + 1e-300, what);
  }

  @Test
  void tableValues() {
    assertEquals(0.920627, Binomial.cdf(2, 100, 0.01), 1e-6, "P(X<=2 | 100, 1 %)");
    assertRelative(Math.pow(0.99, 299), Binomial.cdf(0, 299, 0.01), 1e-12, "P(X=0 | 299, 1 %)");
    assertEquals(0.0495, Binomial.cdf(0, 299, 0.01), 5e-5);
    assertEquals(
        0.5, Binomial.cdf(4, 9, 0.5), 1e-15, "a symmetric distribution splits at its middle");
  }

  @Test
  void bothTailsAgreeWithExactDecimalSumsForSmallN() {
    int[] ns = {1, 7, 100, 299, 1000, 3000};
    String[] ps = {"0.5", "0.1", "0.0125", "0.01", "0.008", "0.001"};
    for (int n : ns) {
      for (String p : ps) {
        ExactBinomial exact = new ExactBinomial(n, p);
        double q = Double.parseDouble(p);
        double mean = n * q;
        double sd = Math.sqrt(n * q * (1 - q));
        long[] ks = {
          0,
          1,
          2,
          (long) (mean - 2 * sd),
          (long) mean,
          (long) mean + 1,
          (long) (mean + 3 * sd),
          (long) (mean + 10 * sd),
          n - 1,
          n
        };
        for (long k : ks) {
          if (k < 0 || k > n) {
            continue;
          }
          String at = " at n=" + n + ", p=" + p + ", k=" + k;
          assertRelative(exact.cdf((int) k), Binomial.cdf(k, n, q), 1e-10, "P(X<=k)" + at);
          assertRelative(
              exact.upperTail((int) k), Binomial.upperTail(k, n, q), 1e-10, "P(X>=k)" + at);
        }
      }
    }
  }

  @Test
  void largeNIsAccurateWithoutSummingEveryTerm() {
    // Bin(10^7, 10^-6) is Poisson(10) up to O(p): P(X <= 10) = 0.58303975...
    assertEquals(0.5830397501929856, Binomial.cdf(10, 10_000_000, 1e-6), 1e-5);
    // Bin(10^7, 1/2) at its middle: 1/2 + P(X = n/2) / 2, and P(X = n/2) = sqrt(2 / (pi n)) (1 -
    // 1/(4n)).
    assertEquals(0.5001261566229471, Binomial.cdf(5_000_000, 10_000_000, 0.5), 1e-9);
    // The two tails of one split add up to 1, far in the tail too.
    for (long k : new long[] {9_700, 10_000, 10_300, 10_500}) {
      assertEquals(
          1.0,
          Binomial.cdf(k, 10_000_000, 0.001) + Binomial.upperTail(k + 1, 10_000_000, 0.001),
          1e-12);
    }
    assertEquals(
        0.0,
        Binomial.cdf(9_000, 10_000_000, 0.001),
        1e-20,
        "10 standard deviations below the mean");
  }

  @Test
  void edges() {
    assertEquals(0.0, Binomial.cdf(-1, 10, 0.3));
    assertEquals(1.0, Binomial.cdf(10, 10, 0.3));
    assertEquals(1.0, Binomial.upperTail(0, 10, 0.3));
    assertEquals(0.0, Binomial.upperTail(11, 10, 0.3));
    assertEquals(1.0, Binomial.cdf(0, 10, 0.0));
    assertEquals(0.0, Binomial.cdf(9, 10, 1.0));
    assertEquals(1.0, Binomial.cdf(0, 0, 0.5));
    assertRelative(Math.pow(0.3, 10), Binomial.upperTail(10, 10, 0.3), 1e-12, "P(X = n)");
    assertThrows(IllegalArgumentException.class, () -> Binomial.cdf(1, 10, 1.5));
  }

  @Test
  void fewestTrialsForNoneToBeUnlikely() {
    assertEquals(299, Binomial.minTrialsForNone(0.01, 0.05));
    assertEquals(239, Binomial.minTrialsForNone(0.0125, 0.05));
    assertEquals(5, Binomial.minTrialsForNone(0.5, 0.05));
    assertEquals(1, Binomial.minTrialsForNone(0.99, 0.05));
  }
}
