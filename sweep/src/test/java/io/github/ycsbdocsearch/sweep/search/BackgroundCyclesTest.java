package io.github.ycsbdocsearch.sweep.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How often the store did its background work, and what the deciding windows held. */
class BackgroundCyclesTest {
  private static BackgroundCycles.Observed step(
      RateWindow w, double sampled, BackgroundCycles.Event... e) {
    return new BackgroundCycles.Observed(w, sampled, List.of(e));
  }

  private static BackgroundCycles.Event ev(String kind, double t) {
    return new BackgroundCycles.Event(kind, t);
  }

  @Test
  void thePeriodComesFromGapsInsideOneStepWhenThereAreSome() {
    RateWindow a = Windows.of("a", 100, 15, 0, null);
    RateWindow b = Windows.of("b", 200, 70, 0, null);
    List<BackgroundCycles.Cycle> c =
        BackgroundCycles.of(
            List.of(
                step(a, 20, ev("aof_rewrite", 3)),
                step(b, 75, ev("aof_rewrite", 10), ev("aof_rewrite", 45.5), ev("es_refresh", 1))),
            w -> w == b);
    assertEquals(1, c.size(), "refreshes are no cycle");
    assertEquals("aof_rewrite", c.get(0).kind());
    assertEquals(35.5, c.get(0).periodS(), 1e-9);
    assertEquals(3, c.get(0).events());
    assertEquals(2, c.get(0).inside(), "both of b's fell in its window");
    assertEquals(35.5, BackgroundCycles.longest(c), 1e-9);
    assertTrue(c.get(0).covered(71) && !c.get(0).covered(70));
  }

  @Test
  void withoutGapsThePeriodIsTheSampledTimePerEvent() {
    RateWindow a = Windows.of("a", 100, 15, 0, null);
    List<BackgroundCycles.Cycle> c =
        BackgroundCycles.of(
            List.of(
                step(a, 20, ev("wt_checkpoint", -2)),
                step(a, 20, ev("wt_checkpoint", 4)),
                new BackgroundCycles.Observed(a, 20, null)),
            w -> true);
    assertEquals(
        20, c.get(0).periodS(), 1e-9, "40 sampled seconds, 2 events; the unsampled step adds none");
    assertEquals(1, c.get(0).inside(), "the warm-up's does not count as inside");
  }

  @Test
  void oneEventTellsNoPeriod() {
    RateWindow a = Windows.of("a", 100, 15, 0, null);
    assertEquals(
        0,
        BackgroundCycles.longest(BackgroundCycles.of(List.of(step(a, 20, ev("x", 1))), w -> true)));
    assertEquals(0, BackgroundCycles.longest(BackgroundCycles.of(List.of(), w -> true)));
  }
}
