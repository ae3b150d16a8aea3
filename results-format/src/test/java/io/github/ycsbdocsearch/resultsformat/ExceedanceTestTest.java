package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.ExceedanceTest.Result;
import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict.Decision;
import org.junit.jupiter.api.Test;

/** The objective test on hand-picked counts, checked against exact decimal binomial sums. */
class ExceedanceTestTest {

  /** p99: allowed 1 %, zone [0.8 %, 1.25 %]. */
  private static final double P99 = 0.99;

  @Test
  void decisionsAgreeWithExactBinomialProbabilities() {
    int[][] cases = {
      {1000, 0},
      {1000, 4},
      {1000, 10},
      {1000, 18},
      {1000, 30},
      {3000, 20},
      {3000, 30},
      {3000, 45},
      {500, 0},
      {239, 0},
      {238, 0},
      {100, 3}
    };
    for (int[] c : cases) {
      int n = c[0];
      int k = c[1];
      double passP = new ExactBinomial(n, "0.0125").cdf(k);
      double failP = new ExactBinomial(n, "0.008").upperTail(k);
      Decision expected =
          passP <= 0.05 && failP <= 0.05
              ? (k <= 0.01 * n ? Decision.PASS : Decision.FAIL)
              : passP <= 0.05
                  ? Decision.PASS
                  : failP <= 0.05 ? Decision.FAIL : Decision.INCONCLUSIVE;
      Result r = ExceedanceTest.test(P99, k, n);
      String at = k + " of " + n;
      assertEquals(expected, r.decision(), at);
      double expectedP =
          switch (expected) {
            case PASS -> passP;
            case FAIL -> failP;
            case INCONCLUSIVE -> Math.min(passP, failP);
          };
      assertEquals(expectedP, r.pValue(), expectedP * 1e-9, at);
      assertEquals(1 - expectedP, r.confidence(), 1e-9, at);
      assertEquals((double) k / n, r.observedFraction(), 1e-15, at);
      assertEquals(k, r.exceeding());
      assertEquals(n, r.requests());
    }
  }

  @Test
  void handPickedOutcomes() {
    assertEquals(Decision.PASS, ExceedanceTest.test(P99, 0, 1000).decision(), "none over in 1,000");
    assertEquals(
        Decision.PASS, ExceedanceTest.test(P99, 4, 1000).decision(), "0.4 % is clearly under 1 %");
    assertEquals(
        Decision.INCONCLUSIVE,
        ExceedanceTest.test(P99, 10, 1000).decision(),
        "exactly 1 %: can't tell");
    assertEquals(
        Decision.FAIL, ExceedanceTest.test(P99, 30, 1000).decision(), "3 % is clearly over");
    assertEquals(Decision.PASS, ExceedanceTest.test(P99, 0, 239).decision());
    assertEquals(
        Decision.INCONCLUSIVE, ExceedanceTest.test(P99, 0, 238).decision(), "one request too few");
  }

  @Test
  void tooFewRequestsCannotPass() {
    Result r = ExceedanceTest.test(P99, 0, 100);
    assertEquals(Decision.INCONCLUSIVE, r.decision(), "100 requests cannot show a 1 % rate");
    assertEquals(239, r.minSamples());
    assertEquals(Decision.INCONCLUSIVE, ExceedanceTest.test(P99, 0, 0).decision());
    assertEquals(
        2_396, ExceedanceTest.minSamples(0.999), "p99.9: ln(0.05) / ln(1 - 0.00125), rounded up");
  }

  @Test
  void allRequestsOverFail() {
    Result r = ExceedanceTest.test(P99, 50, 50);
    assertEquals(Decision.FAIL, r.decision());
    assertEquals(1.0, r.observedFraction());
    assertTrue(r.confidence() > 0.999_999);
    assertEquals(
        Decision.INCONCLUSIVE, ExceedanceTest.test(0.5, 3, 3).decision(), "0.4^3 = 6.4 % > 5 %");
    assertEquals(Decision.FAIL, ExceedanceTest.test(0.5, 4, 4).decision(), "0.4^4 = 2.6 %");
  }

  @Test
  void withManyRequestsBothTestsHoldAndTheObservedShareDecides() {
    // 100,000 requests: 1,000 (1 %) is far from both 800 and 1,250, so both tests reject; 1 % is
    // allowed.
    assertTrue(
        Binomial.cdf(1_000, 100_000, 0.0125) <= 0.05
            && Binomial.upperTail(1_000, 100_000, 0.008) <= 0.05);
    assertEquals(Decision.PASS, ExceedanceTest.test(P99, 1_000, 100_000).decision());
    assertEquals(Decision.FAIL, ExceedanceTest.test(P99, 1_001, 100_000).decision());
  }

  @Test
  void rejectsImpossibleInput() {
    assertThrows(IllegalArgumentException.class, () -> ExceedanceTest.test(P99, 5, 4));
    assertThrows(IllegalArgumentException.class, () -> ExceedanceTest.test(1.0, 0, 4));
    assertThrows(IllegalArgumentException.class, () -> ExceedanceTest.test(0.1, 0, 4));
  }
}
