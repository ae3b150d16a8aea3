package io.github.ycsbdocsearch.sweep.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.fixtures.Oracles;
import org.junit.jupiter.api.Test;

/** The pooled, monotone share and where it crosses the allowance. */
class IsotonicShareTest {
  @Test
  void theCrossingIsReadBetweenTheStraddlingRatesInLogLog() {
    double c =
        IsotonicShare.crossing(
            new double[] {100, 200}, new double[] {1000, 1000}, new double[] {5, 20}, 0.01);
    // ln share from ln 0.005 to ln 0.02 over ln 100 .. ln 200: 1 % halfway, at sqrt(100 * 200).
    assertEquals(Math.sqrt(100 * 200), c, 1e-6);
  }

  @Test
  void aViolatorIsPooledWithItsNeighbour() {
    // 2 % at 200, then 0.5 % at 300: pooled to 1.25 % over both, which crosses below them.
    double c =
        IsotonicShare.crossing(
            new double[] {100, 200, 300},
            new double[] {1000, 1000, 1000},
            new double[] {1, 20, 5},
            0.01);
    assertTrue(c > 100 && c < Math.sqrt(200 * 300), "between 100 and the pooled block: " + c);
  }

  @Test
  void everyRateOnOneSide() {
    assertEquals(
        Double.POSITIVE_INFINITY,
        IsotonicShare.crossing(
            new double[] {1, 2}, new double[] {100, 100}, new double[] {0, 1}, 0.01));
    assertEquals(
        0,
        IsotonicShare.crossing(
            new double[] {1, 2}, new double[] {100, 100}, new double[] {5, 9}, 0.01));
    assertTrue(
        Double.isNaN(
            IsotonicShare.crossing(new double[] {1}, new double[] {0}, new double[] {0}, 0.01)));
  }

  /**
   * The pooling checked against scipy.optimize.isotonic_regression (fixture isotonic-share.json: 20
   * noisy sets of 3 to 12 rates, some without requests, pooled into fewer blocks), the crossing
   * read from scipy's blocks by the rule the class states. The same arithmetic on the same blocks:
   * equal to 1e-9 relative.
   */
  @Test
  void theBlocksAreScipysPoolAdjacentViolators() {
    for (JsonNode c : Oracles.cases("isotonic-share.json")) {
      double expected = c.get("crossing").asDouble();
      double actual =
          IsotonicShare.crossing(
              Oracles.doubles(c.get("rates")),
              Oracles.doubles(c.get("n")),
              Oracles.doubles(c.get("k")),
              0.01);
      assertEquals(expected, actual, 1e-9 * expected, c.toString());
    }
  }
}
