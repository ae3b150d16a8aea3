package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PercentileBoundTest {

  @Test
  void fewestSamplesThatBoundEachPercentile() {
    assertEquals(5, PercentileBound.minSamples(0.5));
    assertEquals(29, PercentileBound.minSamples(0.9));
    assertEquals(299, PercentileBound.minSamples(0.99));
    assertEquals(2_995, PercentileBound.minSamples(0.999));
    assertEquals(29_956, PercentileBound.minSamples(0.9999));
    assertTrue(PercentileBound.supported(299, 0.99));
    assertFalse(PercentileBound.supported(298, 0.99));
  }

  @Test
  void theEnumAppliesTheSameRule() {
    assertEquals(29_956, Percentile.P9999.minSamples());
    assertEquals(2_995, Percentile.P999.minSamples());
    assertTrue(Percentile.P90.supportedBy(29));
    assertFalse(Percentile.P90.supportedBy(28));
    assertEquals(Percentile.P999, Percentile.highestSupportedBy(29_955).orElseThrow());
    assertEquals(Percentile.P50, Percentile.highestSupportedBy(5).orElseThrow());
    assertTrue(Percentile.highestSupportedBy(4).isEmpty());
  }

  @Test
  void theRankIsTheSmallestWhoseBinomialProbabilityReaches95Percent() {
    // At the minimum only the maximum bounds the quantile.
    assertEquals(OptionalLong.of(299), PercentileBound.upperRank(299, 0.99));
    assertEquals(OptionalLong.of(5), PercentileBound.upperRank(5, 0.5));
    assertEquals(OptionalLong.empty(), PercentileBound.upperRank(298, 0.99));
    for (int n : new int[] {100, 1000, 2631}) {
      for (String p : new String[] {"0.5", "0.9", "0.99"}) {
        OptionalLong r = PercentileBound.upperRank(n, Double.parseDouble(p));
        if (r.isEmpty()) {
          assertTrue(
              new ExactBinomial(n, p).cdf(n - 1) < 0.95, "n=" + n + " p=" + p + " has a bound");
          continue;
        }
        int rank = (int) r.getAsLong();
        ExactBinomial exact = new ExactBinomial(n, p);
        assertTrue(
            exact.cdf(rank - 1) >= 0.95, "n=" + n + " p=" + p + ": rank " + rank + " reaches 95 %");
        assertTrue(
            exact.cdf(rank - 2) < 0.95,
            "n=" + n + " p=" + p + ": rank " + (rank - 1) + " does not");
      }
    }
    assertEquals(OptionalLong.of(59), PercentileBound.upperRank(100, 0.5));
    assertEquals(OptionalLong.of(9_917), PercentileBound.upperRank(10_000, 0.99));
  }

  @Test
  void largeSampleRankIsAboveTheQuantileByAboutOneAndAHalfStandardDeviations() {
    long n = 10_000_000;
    long r = PercentileBound.upperRank(n, 0.9999).orElseThrow();
    double sd = Math.sqrt(n * 0.9999 * 0.0001);
    assertEquals(n * 0.9999 + 1.645 * sd, r, 2.0);
  }

  @Test
  void theBoundIsTheValueAtThatRank() {
    Histogram h = new Histogram(3);
    for (int rep = 0; rep < 10; rep++) {
      for (long v = 1; v <= 1000; v++) {
        h.recordValue(v);
      }
    }
    // Rank 9,917 of 10 copies of 1..1000 is 992.
    assertEquals(OptionalLong.of(992), PercentileBound.upperBoundValue(h, 0.99));
    assertEquals(OptionalLong.empty(), PercentileBound.upperBoundValue(h, 0.9999));
    Histogram few = new Histogram(3);
    for (long v = 1; v <= 299; v++) {
      few.recordValue(v);
    }
    assertEquals(
        OptionalLong.of(299),
        PercentileBound.upperBoundValue(few, 0.99),
        "the maximum at 299 samples");
  }
}
