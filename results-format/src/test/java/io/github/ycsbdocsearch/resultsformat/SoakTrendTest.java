package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.fixtures.Oracles;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The soak's trend test on synthetic per-minute series whose truth is known (30 minutes, 1 %
 * noise): a +10 %/h ramp is flagged, a flat series with one stall is not (where a least-squares
 * line would be pulled), and over 1000 seeds each, at what rates: a test on noisy data has error
 * rates, and these are they.
 */
class SoakTrendTest {

  /** 30 minutes around 1000 with 1 % noise, rising by {@code pctPerHour} of the start per hour. */
  private static List<Double> series(long seed, double pctPerHour, int minutes) {
    Random r = new Random(seed);
    List<Double> out = new ArrayList<>();
    for (int m = 0; m < minutes; m++) {
      double level = 1000 * (1 + pctPerHour / 100.0 * m / 60.0);
      out.add(level * (1 + 0.01 * r.nextGaussian()));
    }
    return out;
  }

  /** Seeds each claim is tried on: rates, not one lucky draw. */
  private static final int SEEDS = 1000;

  @Test
  void aTenPercentPerHourRampIsFlagged() {
    SoakTrend t = SoakTrend.of("throughput", series(1, 10, 30));
    assertTrue(t.drifted(), t.toString());
  }

  @Test
  void aFlatSeriesWithOneStallIsNot() {
    List<Double> s = series(1, 0, 30);
    s.set(14, 30.0); // one minute nearly stopped
    assertFalse(SoakTrend.of("throughput", s).drifted());
    List<Double> p99 = series(1, 0, 30);
    p99.set(29, 34_000.0); // one minute's p99 34 times the rest, as MongoDB's one stall
    assertFalse(SoakTrend.of("p99", p99).drifted());
  }

  /**
   * Over 1000 seeds: the ramp is flagged in at least 99 % (999 measured), and Sen's 95 % interval
   * covers the truth in at least 90 % (930 measured; 94.2 % over 5000 seeds). The slope is in
   * percent of the series' median, which the ramp lifts to about 1.024 times the start: the truth
   * is 10 / 1.024 %/h.
   */
  @Test
  void theRampIsFlaggedNearlyAlwaysAndItsIntervalCoversTheTruth() {
    double truth = 10 / (1 + 0.10 * 14.5 / 60);
    int flagged = 0;
    int covered = 0;
    for (long seed = 1; seed <= SEEDS; seed++) {
      SoakTrend t = SoakTrend.of("throughput", series(seed, 10, 30));
      flagged += t.drifted() ? 1 : 0;
      covered += t.lowPctPerHour() <= truth && truth <= t.highPctPerHour() ? 1 : 0;
    }
    assertTrue(flagged >= 990, "flagged in " + flagged + " of " + SEEDS);
    assertTrue(covered >= 900, "the 95 % interval covered the truth in " + covered);
  }

  /**
   * Over 1000 seeds, the stall (a minute at 3 % of the throughput, or a p99 34 times the rest) at
   * the start, the middle or the end: drift is called in at most 0.5 % of the 6000 series (6
   * measured, all with the stall at an end); a flat series without a stall never.
   */
  @Test
  void aFlatSeriesWithOneStallIsFlaggedRarely() {
    int flagged = 0;
    int flatFlagged = 0;
    for (long seed = 1; seed <= SEEDS; seed++) {
      flatFlagged += SoakTrend.of("throughput", series(seed, 0, 30)).drifted() ? 1 : 0;
      for (int stallAt : new int[] {0, 14, 29}) {
        List<Double> s = series(seed, 0, 30);
        s.set(stallAt, 30.0);
        flagged += SoakTrend.of("throughput", s).drifted() ? 1 : 0;
        List<Double> p99 = series(seed, 0, 30);
        p99.set(stallAt, 34_000.0);
        flagged += SoakTrend.of("p99", p99).drifted() ? 1 : 0;
      }
    }
    assertTrue(flagged <= 30, "drift called in " + flagged + " of " + 6 * SEEDS);
    assertEquals(0, flatFlagged);
  }

  @Test
  void aLeastSquaresLineWouldHaveBeenPulledByTheSameStall() {
    List<Double> s = series(7, 0, 30);
    s.set(29, 34_000.0);
    double n = s.size();
    double mx = (n - 1) / 2.0;
    double my = s.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double sxy = 0;
    double sxx = 0;
    for (int i = 0; i < s.size(); i++) {
      sxy += (i - mx) * (s.get(i) - my);
      sxx += (i - mx) * (i - mx);
    }
    double olsPctPerHour = sxy / sxx * 60 * 100 / 1000;
    assertTrue(olsPctPerHour > 100, "OLS sees a trend of " + olsPctPerHour + " %/h");
    assertFalse(SoakTrend.of("p99", s).drifted());
  }

  @Test
  void aShortSoakGivesNoVerdict() {
    SoakTrend t = SoakTrend.of("throughput", series(1, 10, SoakTrend.MIN_MINUTES - 1));
    assertEquals("too short", t.verdict());
    assertEquals(null, t.slopePctPerHour());
  }

  @Test
  void aFallingThroughputIsDriftToo() {
    SoakTrend t = SoakTrend.of("throughput", series(3, -20, 30));
    assertTrue(t.drifted(), t.toString());
    assertTrue(t.slopePctPerHour() < -10, t.toString());
  }

  /**
   * Slope and interval against scipy.stats.theilslopes(alpha=0.95), computed once by
   * scripts/tests/oracles/make_oracles.py (fixture oracles/theil-sen.json: 8 series of 10 to 60
   * minutes, with stalls and minutes missing). The trend is reported in percent of the median per
   * hour rounded to 0.01, so each figure agrees to half that; a neighbouring rank of the slopes is
   * tenths of a percent away.
   */
  @Test
  void theSlopeAndIntervalAreScipysTheilSlopes() {
    for (JsonNode c : Oracles.cases("theil-sen.json")) {
      List<Double> values = new ArrayList<>();
      c.get("values").forEach(v -> values.add(v.isNull() ? null : v.asDouble()));
      SoakTrend t = SoakTrend.of("throughput", values);
      double perHour = 60 * 100 / Math.abs(c.get("median").asDouble());
      double tolerance = 0.005 + 1e-9;
      assertEquals(c.get("slope").asDouble() * perHour, t.slopePctPerHour(), tolerance, c + "");
      assertEquals(c.get("low_slope").asDouble() * perHour, t.lowPctPerHour(), tolerance, c + "");
      assertEquals(c.get("high_slope").asDouble() * perHour, t.highPctPerHour(), tolerance, c + "");
    }
  }
}
