package io.github.ycsbdocsearch.sweep.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.sweep.plan.Slo;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

class CapacityFinderTest {

  private static final Slo P99_10MS = Slo.parse("p99<=10ms");
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
          2100.0);

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
    assertEquals("p99<=10ms", s.slo());
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
  void objectivesParseWithUnitsAndBadOnesAreOneLine() {
    assertEquals(10_000, Slo.parse("p99<=10ms").boundUs());
    assertEquals(500, Slo.parse("p50 <= 500us").boundUs());
    assertEquals(2_000_000, Slo.parse("p99.9<=2s").boundUs());
    String msg =
        Assertions.assertThrows(SetupException.class, () -> Slo.parse("p98<=1ms")).getMessage();
    assertTrue(msg.contains("--slo") && !msg.contains("\n"), msg);
  }
}
