package io.github.ycsbdocsearch.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.fixtures.SplitFixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The capacity in words: shares, intervals with open ends, cycles, kinds of background work. */
class CapacityTextTest {

  private static CapacitySearchRecord record(Double lo, Double hi, String ending) {
    return new CapacitySearchRecord(
        lo, hi, false, false, null, 0.03, "r", ending, null, null, null, null, null, List.of(),
        null, null, null, null, List.of());
  }

  @Test
  void sharesReadAsPercentagesWithTwoSignificantDigits() {
    assertEquals("0 %", CapacityText.percent(0));
    assertEquals("0.0042 %", CapacityText.percent(0.000042));
    assertEquals("0.75 %", CapacityText.percent(3400.0 / 453_750));
    assertEquals("1 %", CapacityText.percent(0.01));
    assertEquals("1 %", CapacityText.percent(Math.pow(10, -2) * 1.0000000000000002));
    assertEquals("1.3 %", CapacityText.percent(0.0125));
    assertEquals("22 %", CapacityText.percent(0.2193));
    assertEquals("100 %", CapacityText.percent(1));
  }

  @Test
  void anIntervalSaysWhichEndIsOpen() {
    assertEquals("5,880–6,230", CapacityText.interval(record(5880.0, 6230.0, "estimate")));
    assertEquals(
        "up to 240 (open below)", CapacityText.interval(record(0.0, 240.0, "below_range")));
    assertEquals(
        "from 5,880 (open above)", CapacityText.interval(record(5880.0, null, "estimate")));
    assertNull(CapacityText.interval(record(null, null, "lower_bound_client")), "no interval");
    assertNull(CapacityText.interval(record(4365.0, 4449.0, null)), "format 3: a bracket");
  }

  @Test
  void aCycleSaysHowOftenHowManyFellInsideAndWhetherItWasCovered() {
    assertEquals(
        "AOF rewrites about every 35 s: 5 inside",
        CapacityText.cycle(new CapacitySearchRecord.Cycle("aof_rewrite", 35.2, 11, 5, true)));
    assertEquals(
        "stalls about every 7.5 s: 12 inside",
        CapacityText.cycle(new CapacitySearchRecord.Cycle("mm1_stall", 7.5, 40, 12, true)));
    assertEquals(
        "es_gc_young seen once: 0 inside, not covered (the deciding windows lasted under two"
            + " cycles)",
        CapacityText.cycle(new CapacitySearchRecord.Cycle("es_gc_young", 300, 1, 0, false)),
        "a kind without a readable name is shown as recorded");
    assertEquals(
        "1 WiredTiger checkpoint, 3 merges inside",
        CapacityText.inside(
            List.of(
                new CapacitySearchRecord.Cycle("wt_checkpoint", 60, 4, 1, false),
                new CapacitySearchRecord.Cycle("rdb_save", 300, 1, 0, false),
                new CapacitySearchRecord.Cycle("es_merge", 20, 9, 3, true))));
    assertEquals(
        "no background work inside",
        CapacityText.inside(List.of(new CapacitySearchRecord.Cycle("rdb_save", 300, 1, 0, false))));
    assertEquals("", CapacityText.inside(List.of()), "none seen: nothing to say");
  }

  @Test
  void aSplitEstimateSaysWhatSetTheCapacity() {
    CapacitySearchRecord.Split s = SplitFixture.BY_AOF;
    CapacitySearchRecord.Kind aof = SplitFixture.AOF;
    assertEquals(
        "Set by AOF rewrites (about every 60 s, about 5,100 requests over the bound each at"
            + " 8,067 ops/s: 0.8 % of the 1 % allowed). Between AOF rewrites: up to 19,000 ops/s."
            + " The harness floor alone: 0.3 % over at 8,000 ops/s.",
        CapacityText.setBy(SplitFixture.withSearch(SplitFixture.estimate(s))));
    // The model's share at the capacity is its clean line's plus the rewrites' 0.8 %, and a
    // rewrite triggered by writes costs four times as much of the share at twice the rate.
    CapacitySearchRecord c = SplitFixture.estimate(s);
    assertEquals(c.model().shareAt(8067) + 0.008, c.modelShareAt(8067), 1e-12);
    assertEquals(4 * 0.008, s.kindShareAt(aof, 2 * 8067), 1e-12);
  }

  @Test
  void aTailBetweenEventsThatOutweighsThemIsNamed() {
    CapacitySearchRecord.Split s = SplitFixture.BY_CLEAN;
    assertEquals(
        "Set by the store's own tail between events (0.9 % over at 8,067 ops/s of the 1 % allowed;"
            + " WiredTiger checkpoints add 0.1 %).",
        CapacityText.setBy(SplitFixture.withSearch(SplitFixture.estimate(s))));
    assertEquals(
        "Set by the store's own tail: its windows recorded no background work.",
        CapacityText.setBy(SplitFixture.withSearch(SplitFixture.estimate(null))));
  }
}
