package io.github.ycsbdocsearch.sweep.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CpuPinningTest {

  @Test
  void twoCpusGiveOneToEach() {
    CpuPinning p = CpuPinning.decide(true, false, List.of(0, 1), true);
    assertTrue(p.enabled());
    assertEquals(Optional.of("0"), p.serverCpus());
    assertEquals(Optional.of("1"), p.clientCpus());
  }

  @Test
  void theServerGetsTheLargerHalf() {
    CpuPinning p = CpuPinning.decide(true, false, List.of(0, 1, 2, 3, 4, 6, 7), true);
    assertEquals(Optional.of("0-3"), p.serverCpus());
    assertEquals(Optional.of("4,6-7"), p.clientCpus());
  }

  @Test
  void noPinningWhenItCannotHelp() {
    assertFalse(CpuPinning.decide(true, false, List.of(0), true).enabled());
    assertFalse(CpuPinning.decide(false, false, List.of(0, 1), true).enabled());
    assertFalse(CpuPinning.decide(true, true, List.of(0, 1), true).enabled());
    CpuPinning noTaskset = CpuPinning.decide(true, false, List.of(0, 1), false);
    assertFalse(noTaskset.enabled());
    assertTrue(noTaskset.reason().contains("taskset not found"));
  }

  @Test
  void readsLinuxCpuLists() {
    assertEquals(List.of(0, 1, 2, 5, 8, 9), CpuPinning.parseList("0-2,5,8-9"));
    assertEquals("0-2,5,8-9", CpuPinning.format(List.of(0, 1, 2, 5, 8, 9)));
    assertFalse(CpuPinning.allowedCpus().isEmpty());
  }
}
