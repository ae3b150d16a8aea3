package io.github.ycsbdocsearch.sweep.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.report.StepMetrics;
import io.github.ycsbdocsearch.sweep.results.StepStatus;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SaturationDetectorTest {
  private static final SaturationDetector.Rules RULES = new SaturationDetector.Rules(5, 2, 1, OptionalDouble.empty());

  static StepResult ok(int index, double opsPerSec) {
    return ok(index, opsPerSec, 0, 1000);
  }

  static StepResult ok(int index, double opsPerSec, long errors, long p99Us) {
    StepMetrics m = new StepMetrics(opsPerSec, (long) (opsPerSec * 10), errors, 10, OptionalLong.of(p99Us), "READ");
    return new StepResult(new StepSpec(index, 1 << (index - 1), 0), StepStatus.COMPLETE, null, Optional.of(m));
  }

  @Test
  void stopsAfterTwoStepsWithLessThanFivePercentGrowthAndPicksTheBest() {
    SaturationDetector d = new SaturationDetector(RULES);
    assertTrue(d.offer(ok(1, 1000)).isEmpty());
    assertTrue(d.offer(ok(2, 1900)).isEmpty());
    assertTrue(d.offer(ok(3, 3000)).isEmpty());
    assertTrue(d.offer(ok(4, 3100)).isEmpty(), "3.3% growth is one flat step");
    Optional<String> stop = d.offer(ok(5, 3050));
    assertEquals(Optional.of("throughput grew < 5% over the best step for 2 steps"), stop);
    Saturation s = d.result("mongodb", 7);
    assertEquals(4, s.maxSustainableIndex());
    assertEquals(8, s.threads());
    assertEquals(3100.0, s.throughputOps());
    assertEquals("mongodb", s.store());
  }

  @Test
  void aGrowingStepResetsTheFlatCount() {
    SaturationDetector d = new SaturationDetector(RULES);
    d.offer(ok(1, 1000));
    assertTrue(d.offer(ok(2, 1020)).isEmpty());
    assertTrue(d.offer(ok(3, 1200)).isEmpty(), "grew 20% over the best: not flat");
    assertTrue(d.offer(ok(4, 1210)).isEmpty());
    assertTrue(d.offer(ok(5, 1100)).isPresent());
  }

  @Test
  void growthIsMeasuredAgainstTheBestStepNotTheLastOne() {
    SaturationDetector d = new SaturationDetector(RULES);
    d.offer(ok(1, 1000));
    d.offer(ok(2, 500));
    assertTrue(d.offer(ok(3, 1040)).isPresent(), "1040 is only 4% over the best (1000), after one dip");
  }

  @Test
  void errorBoundStopsAndTheOffendingStepIsNotSustainable() {
    SaturationDetector d = new SaturationDetector(RULES);
    d.offer(ok(1, 1000));
    StepResult bad = ok(2, 5000, 2000, 1000);
    assertTrue(d.exceedsErrorBound(bad.metrics().get()));
    Optional<String> stop = d.offer(new StepResult(bad.spec(), StepStatus.FAILED, "errors", bad.metrics()));
    assertTrue(stop.orElseThrow().startsWith("errors 3.85% of operations > 1% (--max-error-pct) at step 02-t2"),
        stop::get);
    assertEquals(1, d.result("x", 7).maxSustainableIndex());
  }

  @Test
  void errorsFromADeadStoreAreAFailureNotSaturation() {
    SaturationDetector d = new SaturationDetector(RULES);
    d.offer(ok(1, 1000));
    StepResult bad = ok(2, 500, 2000, 1000);
    StepResult lost = new StepResult(bad.spec(), StepStatus.FAILED, "errors; store not answering: refused",
        bad.metrics(), 0, true);
    assertFalse(lost.failedOnErrorBound(d));
    assertEquals("step 02-t2 failed: errors; store not answering: refused", d.offer(lost).orElseThrow());
  }

  @Test
  void errorsAtTheBoundAreAllowed() {
    SaturationDetector d = new SaturationDetector(RULES);
    StepMetrics oneInHundred = new StepMetrics(99, 99, 1, 1, OptionalLong.empty(), "");
    assertFalse(d.exceedsErrorBound(oneInHundred), "1 of 100 operations is 1%, not above");
    StepMetrics twoInHundred = new StepMetrics(98, 98, 2, 1, OptionalLong.empty(), "");
    assertTrue(d.exceedsErrorBound(twoInHundred));
  }

  @Test
  void p99BoundStops() {
    SaturationDetector d = new SaturationDetector(new SaturationDetector.Rules(5, 2, 1, OptionalDouble.of(10)));
    assertTrue(d.offer(ok(1, 1000, 0, 9_000)).isEmpty());
    Optional<String> stop = d.offer(ok(2, 2000, 0, 12_500));
    assertEquals("p99 12.50 ms (READ) > 10 ms (--max-p99-ms) at step 02-t2", stop.orElseThrow());
    assertEquals(1, d.result("x", 7).maxSustainableIndex());
  }

  @Test
  void aFailedOrInterruptedStepStops() {
    SaturationDetector d = new SaturationDetector(RULES);
    d.offer(ok(1, 1000));
    StepResult failed = new StepResult(new StepSpec(2, 2, 0), StepStatus.FAILED, "YCSB exited with code 1",
        Optional.empty());
    assertEquals("step 02-t2 failed: YCSB exited with code 1", d.offer(failed).orElseThrow());
    assertTrue(d.stopped());
    SaturationDetector i = new SaturationDetector(RULES);
    StepResult interrupted = new StepResult(new StepSpec(1, 1, 0), StepStatus.INTERRUPTED, "Ctrl-C",
        Optional.empty());
    assertEquals("interrupted at step 01-t1", i.offer(interrupted).orElseThrow());
    Saturation s = i.result("x", 3);
    assertNull(s.maxSustainableIndex());
    assertTrue(s.reason().endsWith("no step finished within the bounds"), s.reason());
  }

  @Test
  void anExhaustedPlanSaysWhetherThroughputWasStillGrowing() {
    SaturationDetector d = new SaturationDetector(RULES);
    d.offer(ok(1, 1000));
    d.offer(ok(2, 2000));
    assertEquals("all 2 planned steps ran; throughput was still growing at the last step", d.result("x", 2).reason());
    SaturationDetector flat = new SaturationDetector(RULES);
    flat.offer(ok(1, 1000));
    flat.offer(ok(2, 1000));
    assertEquals("all 2 planned steps ran", flat.result("x", 2).reason());
  }
}
