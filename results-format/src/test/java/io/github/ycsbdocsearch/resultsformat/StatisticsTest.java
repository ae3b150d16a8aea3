package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.Statistics.Interval;
import org.junit.jupiter.api.Test;

class StatisticsTest {

  /** The t quantiles below are a printed table's, to 3 decimals: exact to half its last digit. */
  private static final double T_TABLE_ROUNDING = 5e-4;

  private static double width(Interval ci) {
    return ci.high() - ci.low();
  }

  @Test
  void fewerThanSixValuesHaveNoInterval() {
    assertTrue(Statistics.batchMeansCi95(new double[] {1, 2, 3, 4, 5}).isEmpty());
    assertTrue(Statistics.batchMeansCi95(new double[6]).isPresent());
  }

  @Test
  void knownBatches() {
    // 7 values: 3 batches of 2 after dropping the first; batch means 2, 4, 6: mean 4, sd 2,
    // t(0.975, 2) = 4.303.
    Interval ci = Statistics.batchMeansCi95(new double[] {100, 1, 3, 3, 5, 5, 7}).orElseThrow();
    assertEquals(4.0, ci.mean(), 1e-12);
    double half = 4.303 * 2 / Math.sqrt(3);
    double tolerance = T_TABLE_ROUNDING * 2 / Math.sqrt(3);
    assertEquals(4.0 - half, ci.low(), tolerance);
    assertEquals(4.0 + half, ci.high(), tolerance);
  }

  @Test
  void anAlternatingSeriesIsNarrowerThanATrendingOneWithTheSameSpread() {
    // Same mean (1,000) and a similar spread of single values; only their order differs.
    double[] alternating = new double[60];
    double[] trending = new double[60];
    for (int i = 0; i < 60; i++) {
      alternating[i] = i % 2 == 0 ? 1_030 : 970;
      trending[i] = 970 + i * 60.0 / 59;
    }
    Interval alt = Statistics.batchMeansCi95(alternating).orElseThrow();
    Interval trend = Statistics.batchMeansCi95(trending).orElseThrow();
    assertEquals(1_000, alt.mean(), 1e-9);
    assertEquals(1_000, trend.mean(), 1e-9);
    assertEquals(0.0, width(alt), 1e-9, "every batch of 6 averages the highs and lows out");
    assertTrue(width(trend) > 20, "a drift shows between batches: " + width(trend));
  }

  @Test
  void tenBatchesAtMost() {
    double[] v = new double[1000];
    for (int i = 0; i < v.length; i++) {
      v[i] = i < 100 ? 0 : 10; // only the first of 10 batches differs
    }
    Interval ci = Statistics.batchMeansCi95(v).orElseThrow();
    assertEquals(9.0, ci.mean(), 1e-12);
    assertEquals(
        2.262 * Math.sqrt(10.0) / Math.sqrt(10),
        ci.high() - ci.mean(),
        T_TABLE_ROUNDING * Math.sqrt(10.0) / Math.sqrt(10),
        "sd of nine 10s and a 0 is sqrt(10); t(0.975, 9) = 2.262");
  }
}
