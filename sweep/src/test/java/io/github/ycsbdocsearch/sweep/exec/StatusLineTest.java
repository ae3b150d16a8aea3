package io.github.ycsbdocsearch.sweep.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StatusLineTest {

  @Test
  void readsYcsbStatusLines() {
    StatusLine s =
        StatusLine.parse(
                "2026-11-21 19:47:33:038 12 sec: 23999 operations; 1998.5 current ops/sec; "
                    + "est completion in 8 minutes [READ: Count=988, Max=42]")
            .orElseThrow();
    assertEquals(12, s.elapsedSeconds());
    assertEquals(23999, s.operations());
    assertEquals(1998.5, s.currentOpsPerSec().getAsDouble());
  }

  @Test
  void readsACommaDecimalSeparator() {
    assertEquals(
        833.33,
        StatusLine.parse("x 3 sec: 6021 operations; 833,33 current ops/sec; [READ]")
            .orElseThrow()
            .currentOpsPerSec()
            .getAsDouble());
  }

  @Test
  void theFirstLinesHaveNoRate() {
    assertTrue(
        StatusLine.parse("2026-11-21 19:47:21:643 0 sec: 0 operations; ")
            .orElseThrow()
            .currentOpsPerSec()
            .isEmpty());
    assertTrue(
        StatusLine.parse("x 0 sec: 1 operations; \u221e current ops/sec; est")
            .orElseThrow()
            .currentOpsPerSec()
            .isEmpty());
  }

  @Test
  void otherLinesAreNotStatusLines() {
    assertTrue(StatusLine.parse("Loading workload...").isEmpty());
    assertTrue(StatusLine.parse("Maximum execution time specified as: 20 secs").isEmpty());
  }
}
