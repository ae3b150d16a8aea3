package io.github.ycsbdocsearch.sweep.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class SoakPhaseTest {
  private static final long MB = 1024L * 1024L;

  @Test
  void oneServerFitsOrNot() {
    assertEquals(Boolean.TRUE, SoakPhase.withinBudget(900 * MB, 1024, true, null));
    assertEquals(Boolean.FALSE, SoakPhase.withinBudget(1100 * MB, 1024, true, null));
  }

  @Test
  void aClusterFitsWhenItsPrimariesFitOneServerAndIsUnknownOtherwise() {
    // No server holds two copies of the same data: under the budget in total, every server fits.
    assertEquals(Boolean.TRUE, SoakPhase.withinBudget(900 * MB, 1024, false, null));
    // Over it, one server may or may not: the total does not tell.
    assertNull(SoakPhase.withinBudget(1100 * MB, 1024, false, null));
  }

  @Test
  void filesOnDiskAreNotComparedWithAHeap() {
    // Elasticsearch's measure (files on disk, read through the page cache) against its heap: no
    // verdict either way, however small or large.
    assertNull(SoakPhase.withinBudget(1 * MB, 1024, true, false));
    assertNull(SoakPhase.withinBudget(5000 * MB, 1024, true, false));
    assertEquals(Boolean.FALSE, SoakPhase.withinBudget(1100 * MB, 1024, true, true));
    assertEquals(Boolean.TRUE, SoakPhase.withinBudget(900 * MB, 1024, true, null), "older probes");
  }

  @Test
  void noBudgetNoAnswer() {
    assertNull(SoakPhase.withinBudget(1, null, true, null));
  }
}
