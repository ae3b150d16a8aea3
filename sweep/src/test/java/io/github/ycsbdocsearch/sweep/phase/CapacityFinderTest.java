package io.github.ycsbdocsearch.sweep.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict.Decision;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.sweep.step.Steps;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CapacityFinderTest {

  private static final Objective P99_10MS = Objective.parse("p99<=10ms");
  private static final StoreCapacity PEAK =
      new StoreCapacity(
          2,
          "x",
          2100.0,
          "05-t16",
          16,
          null,
          false,
          null,
          null,
          null,
          null,
          "ramp ended",
          5,
          16,
          2100.0,
          null,
          false);

  @Test
  void capacityIsTheHighestSustainedRateThatMeetsTheObjective() {
    List<StepSummary> steps =
        List.of(
            Steps.load(6, 1000, 1000, 1_000),
            Steps.load(7, 1900, 1900, 1_000),
            Steps.load(8, 2000, 1995, 4_000),
            Steps.load(9, 2050, 2049, 16_000),
            Steps.load(10, 2060, 2058, 64_000));
    StoreCapacity s = CapacityFinder.withCapacity(PEAK, steps, P99_10MS);
    assertEquals(2000.0, s.capacityOps());
    assertEquals("08-t8-r2000", s.capacityStep());
    assertEquals("p99<=10ms", s.slo().text());
    assertEquals(2100.0, s.peakOps(), "the peak stays beside the capacity");
  }

  @Test
  void anUnsustainedRateIsNeverTheCapacityHoweverGoodItsLatency() {
    List<StepSummary> steps =
        List.of(Steps.load(6, 1000, 1000, 1_000), Steps.load(7, 6000, 3000, 2_000));
    assertEquals(1000.0, CapacityFinder.withCapacity(PEAK, steps, P99_10MS).capacityOps());
    assertEquals(Boolean.FALSE, steps.get(1).rateSustained());
  }

  @Test
  void withoutAQualifyingStepThereIsNoCapacityAndTheFileSaysWhy() {
    StoreCapacity s =
        CapacityFinder.withCapacity(PEAK, List.of(Steps.load(6, 1000, 1000, 50_000)), P99_10MS);
    assertNull(s.capacityOps());
    assertNull(s.capacityStep());
    assertTrue(s.capacityReason().startsWith("no capacity"), s.capacityReason());
  }

  @Test
  void noCapacityOnAMachineWhoseHarnessFloorMissedTheObjectiveSaysSo() {
    List<StepSummary> steps =
        List.of(
            Steps.load(6, 1000, 1000, 50_000),
            Steps.floor(7, 1000, Decision.FAIL, 10_000, 500),
            Steps.floor(8, 2000, Decision.PASS, 20_000, 10));
    StoreCapacity s = CapacityFinder.withCapacity(PEAK, steps, P99_10MS, Optional.empty());
    assertNull(s.capacityOps());
    assertTrue(s.capacityReason().startsWith("no capacity: none of 1 fixed-rate steps"));
    assertTrue(
        s.capacityReason()
            .endsWith(
                "; but the machine itself stalled: the harness floor (BasicDB, no store) failed"
                    + " p99<=10ms too in 1 of its 2 windows (worst: 5.0 % of requests over the"
                    + " bound at 1,000 ops/s), so this run cannot tell the store's failures from"
                    + " the machine's; run it again on a quiet machine"),
        s.capacityReason());
    assertTrue(CapacityFile.headline(s).contains("capacity none (no capacity: none of 1"));
  }

  @Test
  void aFloorThatMetTheObjectiveOrAStoreWithACapacityIsLeftAlone() {
    StoreCapacity quiet =
        CapacityFinder.withCapacity(
            PEAK,
            List.of(
                Steps.load(6, 1000, 1000, 50_000), Steps.floor(7, 1000, Decision.PASS, 10_000, 10)),
            P99_10MS,
            Optional.empty());
    assertFalse(quiet.capacityReason().contains("machine"), quiet.capacityReason());
    StoreCapacity passed =
        CapacityFinder.withCapacity(
            PEAK,
            List.of(
                Steps.load(6, 1000, 1000, 1_000), Steps.floor(7, 1000, Decision.FAIL, 10_000, 500)),
            P99_10MS,
            Optional.empty());
    assertEquals(1000.0, passed.capacityOps());
    assertFalse(passed.capacityReason().contains("machine"), passed.capacityReason());
  }
}
