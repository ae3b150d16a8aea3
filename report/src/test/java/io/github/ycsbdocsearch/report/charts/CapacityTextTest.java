package io.github.ycsbdocsearch.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The capacity in words: shares, intervals with open ends, cycles, kinds of background work. */
class CapacityTextTest {

  private static CapacitySearchRecord record(Double lo, Double hi, String ending) {
    return new CapacitySearchRecord(
        lo, hi, false, false, null, 0.03, "r", List.of(), ending, null, null, null, null, null,
        List.of(), null, null);
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

  /** A store's capacity file holding {@code c} and a capacity of 8,067 ops/s. */
  private static StoreCapacity withSearch(CapacitySearchRecord c) {
    return new StoreCapacity(
            4,
            "redisjson",
            20_000.0,
            "06-t32",
            32,
            null,
            false,
            null,
            null,
            "p99<=10ms",
            null,
            null,
            null,
            null,
            null)
        .withCapacity(8067.0, "12-t40-r8067-probe", "p99<=10ms", "r", c);
  }

  private static CapacitySearchRecord split(CapacitySearchRecord.Split split) {
    return new CapacitySearchRecord(
        7700.0,
        8390.0,
        false,
        false,
        null,
        0.03,
        "r",
        List.of(),
        "estimate",
        0.04,
        160.0,
        160.0,
        null,
        new CapacitySearchRecord.Model("UPDATE", 8067, 0.35, -7, 10, 0.01, 30, 5, 1000),
        List.of(),
        null,
        split);
  }

  @Test
  void aSplitEstimateSaysWhatSetTheCapacity() {
    CapacitySearchRecord.Kind aof =
        new CapacitySearchRecord.Kind(
            "aof_rewrite", "ops", 5, 300, -1, 4, 4, 60.0, 5100, 0.63, 0.008);
    CapacitySearchRecord.Split s =
        new CapacitySearchRecord.Split(
            "UPDATE", 8067, 0.001, 19_000.0, 8000.0, 0.003, List.of(aof), List.of());
    assertEquals(
        "Set by AOF rewrites (about every 60 s, about 5,100 requests over the bound each at"
            + " 8,067 ops/s: 0.8 % of the 1 % allowed). Between AOF rewrites: up to 19,000 ops/s."
            + " The harness floor alone: 0.3 % over at 8,000 ops/s.",
        CapacityText.setBy(withSearch(split(s))));
    // The model's share at the capacity is its clean line's plus the rewrites' 0.8 %, and a
    // rewrite triggered by writes costs four times as much of the share at twice the rate.
    CapacitySearchRecord c = split(s);
    assertEquals(c.model().shareAt(8067) + 0.008, c.modelShareAt(8067), 1e-12);
    assertEquals(4 * 0.008, s.kindShareAt(aof, 2 * 8067), 1e-12);
  }

  @Test
  void aTailBetweenEventsThatOutweighsThemIsNamed() {
    CapacitySearchRecord.Split s =
        new CapacitySearchRecord.Split(
            "READ",
            8067,
            0.009,
            null,
            null,
            null,
            List.of(
                new CapacitySearchRecord.Kind(
                    "wt_checkpoint", "time", 4, 300, -1, 2, 3, 60.0, 80, 0.01, 0.001)),
            List.of());
    assertEquals(
        "Set by the store's own tail between events (0.9 % over at 8,067 ops/s of the 1 % allowed;"
            + " WiredTiger checkpoints add 0.1 %).",
        CapacityText.setBy(withSearch(split(s))));
    assertEquals(
        "Set by the store's own tail: its windows recorded no background work.",
        CapacityText.setBy(withSearch(split(null))));
  }
}
