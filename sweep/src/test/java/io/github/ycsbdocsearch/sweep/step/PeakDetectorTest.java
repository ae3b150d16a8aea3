package io.github.ycsbdocsearch.sweep.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class PeakDetectorTest {
  private static final PeakDetector.Rules RULES =
      new PeakDetector.Rules(5, 2, 1, OptionalDouble.empty(), true);

  static StepResult ok(int index, double opsPerSec) {
    return ok(index, opsPerSec, 0, 1000);
  }

  static StepResult ok(int index, double opsPerSec, long errors, long p99Us) {
    return Steps.ok(index, opsPerSec, errors, p99Us);
  }

  /** A ramp step with a confidence interval of its throughput. */
  static StepResult withCi(int index, double opsPerSec, double lo, double hi) {
    StepSpec spec = StepSpec.ramp(index, 1 << (index - 1));
    return new StepResult(
        spec,
        StepStatus.COMPLETE,
        null,
        Optional.of(Steps.summary(spec, opsPerSec, 0, 1000L, List.of(lo, hi), null)));
  }

  @Test
  void stopsAfterTwoStepsWithLessThanFivePercentGrowthAndPicksTheBest() {
    PeakDetector d = new PeakDetector(RULES);
    assertTrue(d.offer(ok(1, 1000)).isEmpty());
    assertTrue(d.offer(ok(2, 1900)).isEmpty());
    assertTrue(d.offer(ok(3, 3000)).isEmpty());
    assertTrue(d.offer(ok(4, 3100)).isEmpty(), "3.3% growth is one flat step");
    Optional<String> stop = d.offer(ok(5, 3050));
    assertEquals(
        Optional.of(
            "throughput did not beat the best step by > 5% and its confidence interval for 2"
                + " steps"),
        stop);
    StoreCapacity s = d.result("mongodb", 7);
    assertEquals(4, s.maxSustainableIndex());
    assertEquals(8, s.threads());
    assertEquals(3100.0, s.throughputOps());
    assertEquals(3100.0, s.peakOps());
    assertEquals("04-t8", s.peakStep());
    assertEquals(Boolean.FALSE, s.peakLowerBound());
    assertNull(s.capacityOps(), "the capacity comes from the load phase, not the ramp");
    assertEquals("mongodb", s.store());
  }

  @Test
  void aGrowingStepResetsTheFlatCount() {
    PeakDetector d = new PeakDetector(RULES);
    d.offer(ok(1, 1000));
    assertTrue(d.offer(ok(2, 1020)).isEmpty());
    assertTrue(d.offer(ok(3, 1200)).isEmpty(), "grew 20% over the best: not flat");
    assertTrue(d.offer(ok(4, 1210)).isEmpty());
    assertTrue(d.offer(ok(5, 1100)).isPresent());
  }

  @Test
  void growthIsMeasuredAgainstTheBestStepNotTheLastOne() {
    PeakDetector d = new PeakDetector(RULES);
    d.offer(ok(1, 1000));
    d.offer(ok(2, 500));
    assertTrue(
        d.offer(ok(3, 1040)).isPresent(), "1040 is only 4% over the best (1000), after one dip");
  }

  @Test
  void errorBoundStopsAndTheOffendingStepIsNotSustainable() {
    PeakDetector d = new PeakDetector(RULES);
    d.offer(ok(1, 1000));
    StepResult bad = ok(2, 5000, 2000, 1000);
    assertTrue(d.exceedsErrorBound(bad.summary().get()));
    Optional<String> stop =
        d.offer(new StepResult(bad.spec(), StepStatus.FAILED, "errors", bad.summary()));
    assertTrue(
        stop.orElseThrow()
            .startsWith("errors 3.85% of operations > 1% (--max-error-pct) at step 02-t2"),
        stop::get);
    assertEquals(1, d.result("x", 7).maxSustainableIndex());
  }

  @Test
  void errorsFromADeadStoreAreAFailureNotTheStoresLimit() {
    PeakDetector d = new PeakDetector(RULES);
    d.offer(ok(1, 1000));
    StepResult bad = ok(2, 500, 2000, 1000);
    StepResult lost =
        new StepResult(
            bad.spec(),
            StepStatus.FAILED,
            "errors; store not answering: refused",
            bad.summary(),
            0,
            true,
            null);
    assertFalse(d.failedOnErrorBound(lost));
    assertEquals(
        "step 02-t2 failed: errors; store not answering: refused", d.offer(lost).orElseThrow());
  }

  @Test
  void errorsAtTheBoundAreAllowed() {
    PeakDetector d = new PeakDetector(RULES);
    StepSummary oneInHundred = Steps.summary(StepSpec.ramp(1, 1), 9.9, 1, null, null, null);
    assertFalse(d.exceedsErrorBound(oneInHundred), "1 of 100 operations is 1%, not above");
    StepSummary twoInHundred = Steps.summary(StepSpec.ramp(1, 1), 9.8, 2, null, null, null);
    assertTrue(d.exceedsErrorBound(twoInHundred));
  }

  @Test
  void p99BoundStops() {
    PeakDetector d = new PeakDetector(new PeakDetector.Rules(5, 2, 1, OptionalDouble.of(10), true));
    assertTrue(d.offer(ok(1, 1000, 0, 9_000)).isEmpty());
    Optional<String> stop = d.offer(ok(2, 2000, 0, 12_500));
    assertEquals("p99 12.50 ms > 10 ms (--max-p99-ms) at step 02-t2", stop.orElseThrow());
    assertEquals(1, d.result("x", 7).maxSustainableIndex());
  }

  @Test
  void aFailedOrInterruptedStepStops() {
    PeakDetector d = new PeakDetector(RULES);
    d.offer(ok(1, 1000));
    StepResult failed =
        new StepResult(
            StepSpec.ramp(2, 2), StepStatus.FAILED, "YCSB exited with code 1", Optional.empty());
    assertEquals("step 02-t2 failed: YCSB exited with code 1", d.offer(failed).orElseThrow());
    // The reason stands: a step offered after the stop does not start the ramp again.
    assertEquals("step 02-t2 failed: YCSB exited with code 1", d.offer(ok(3, 3000)).orElseThrow());
    PeakDetector i = new PeakDetector(RULES);
    StepResult interrupted =
        new StepResult(StepSpec.ramp(1, 1), StepStatus.INTERRUPTED, "Ctrl-C", Optional.empty());
    assertEquals("interrupted at step 01-t1", i.offer(interrupted).orElseThrow());
    StoreCapacity s = i.result("x", 3);
    assertNull(s.maxSustainableIndex());
    assertTrue(s.reason().endsWith("no step finished within the bounds"), s.reason());
  }

  @Test
  void anExhaustedPlanSaysWhetherThroughputWasStillGrowing() {
    PeakDetector d = new PeakDetector(RULES);
    d.offer(ok(1, 1000));
    d.offer(ok(2, 2000));
    assertEquals(
        "all 2 planned steps ran; throughput was still growing at the last step",
        d.result("x", 2).reason());
    assertEquals(
        Boolean.TRUE,
        d.result("x", 2).peakLowerBound(),
        "a ramp still growing has only a lower bound");
    PeakDetector flat = new PeakDetector(RULES);
    flat.offer(ok(1, 1000));
    flat.offer(ok(2, 1000));
    assertEquals(
        "all 2 planned steps ran; peak 1,000 ops/s at 1 thread; throughput was no higher at 2"
            + " threads",
        flat.result("x", 2).reason());
    assertEquals(Boolean.FALSE, flat.result("x", 2).peakLowerBound());
  }

  /** The first steps of Elasticsearch's ramp in issue 44: clear growth up to 8 threads. */
  private static PeakDetector rampTo4500At8Threads() {
    PeakDetector d = new PeakDetector(RULES);
    d.offer(withCi(1, 900, 880, 920));
    d.offer(withCi(2, 1800, 1770, 1830));
    d.offer(withCi(3, 3200, 3150, 3250));
    d.offer(withCi(4, 4500, 4450, 4550));
    return d;
  }

  @Test
  void aRampStillRisingAtItsLastStepHasALowerBoundPeak() {
    PeakDetector d = rampTo4500At8Threads();
    assertTrue(d.offer(withCi(5, 5434, 5350, 5520)).isEmpty());
    StoreCapacity s = d.result("elasticsearch", 5);
    assertEquals(Boolean.TRUE, s.peakLowerBound(), "the last step surely beat the one before");
    assertEquals(
        "all 5 planned steps ran; throughput was still growing at the last step", s.reason());
  }

  @Test
  void lastStepsWithinNoiseOfThePeakAreAPlateauNotALowerBound() {
    // Issue 44: 5,434 -> 5,047 -> 4,808 ops/s at 16, 32 and 64 threads, each later step neither
    // surely higher nor surely lower, was reported "lower bound: still growing".
    PeakDetector d = rampTo4500At8Threads();
    d.offer(withCi(5, 5434, 5000, 5868));
    assertTrue(d.offer(withCi(6, 5047, 4300, 5800)).isEmpty(), "within noise: the ramp goes on");
    assertTrue(d.offer(withCi(7, 4808, 3900, 5750)).isEmpty());
    StoreCapacity s = d.result("elasticsearch", 7);
    assertEquals(5434, s.peakOps(), 1e-9);
    assertEquals("05-t16", s.peakStep());
    assertEquals(Boolean.FALSE, s.peakLowerBound(), "throughput was not rising at the end");
    assertEquals(
        "all 7 planned steps ran; peak 5,434 ops/s at 16 threads; throughput fell at 32 and 64"
            + " threads, within noise of the peak: a plateau, not growth",
        s.reason());
    PeakDetector atTheEnd = rampTo4500At8Threads();
    atTheEnd.offer(withCi(5, 4700, 4300, 5100));
    StoreCapacity last = atTheEnd.result("elasticsearch", 5);
    assertEquals(
        Boolean.FALSE,
        last.peakLowerBound(),
        "the highest step, but not surely above the one before: not growth");
    assertEquals(
        "all 5 planned steps ran; peak 4,700 ops/s at 16 threads, the last step, within noise of"
            + " 4,500 ops/s at 8 threads: a plateau, not growth",
        last.reason());
  }

  @Test
  void aClearFallIsAPeak() {
    PeakDetector d = rampTo4500At8Threads();
    d.offer(withCi(5, 5434, 5400, 5468));
    d.offer(withCi(6, 4000, 3950, 4050));
    StoreCapacity planEnded = d.result("elasticsearch", 6);
    assertEquals(Boolean.FALSE, planEnded.peakLowerBound());
    assertEquals(
        "all 6 planned steps ran; peak 5,434 ops/s at 16 threads; throughput fell at 32 threads",
        planEnded.reason());
    assertTrue(d.offer(withCi(7, 3900, 3850, 3950)).isPresent(), "two flat steps end the ramp");
    assertEquals(Boolean.FALSE, d.result("elasticsearch", 9).peakLowerBound());
  }

  @Test
  void aFallPartlyWithinNoiseIsAPeakThatSaysWhichStepsWereNoise() {
    PeakDetector d = rampTo4500At8Threads();
    d.offer(withCi(5, 5434, 5400, 5468));
    d.offer(withCi(6, 5300, 4800, 5800));
    d.offer(withCi(7, 4000, 3950, 4050));
    StoreCapacity s = d.result("elasticsearch", 7);
    assertEquals(Boolean.FALSE, s.peakLowerBound());
    assertEquals(
        "all 7 planned steps ran; peak 5,434 ops/s at 16 threads; throughput fell at 32 and 64"
            + " threads (at 32 threads within noise of the peak)",
        s.reason());
  }

  @Test
  void aNoisyStepIsNeitherGrowthNorFlatOnlyASignificantlyLowerOneIsFlat() {
    PeakDetector d = new PeakDetector(RULES);
    d.offer(withCi(1, 1000, 900, 1100));
    d.offer(withCi(2, 1080, 800, 1300));
    assertTrue(
        d.offer(withCi(3, 1090, 850, 1350)).isEmpty(),
        "8 % and 9 % above the best, inside its interval: not growth, but not shown flat either:"
            + " the ramp goes on");
    assertTrue(
        d.offer(withCi(4, 990, 970, 1010)).isEmpty(),
        "significantly not higher: the first flat step");
    assertTrue(
        d.offer(withCi(5, 1000, 980, 1020)).isPresent(), "the second flat step ends the ramp");
    assertEquals(1090, d.result("x", 8).peakOps(), 1e-9, "the noisy step stays the best step seen");
    PeakDetector clear = new PeakDetector(RULES);
    clear.offer(withCi(1, 1000, 990, 1010));
    clear.offer(withCi(2, 1080, 1070, 1090));
    assertTrue(
        clear.offer(withCi(3, 1200, 1190, 1210)).isEmpty(), "clear growth keeps the ramp going");
  }

  @Test
  void aClientBoundStepEndsTheRampAndItsThroughputIsThePeaksLowerBound() {
    PeakDetector d = new PeakDetector(RULES);
    d.offer(ok(1, 1000));
    StepSpec spec = StepSpec.ramp(2, 2);
    StepResult bound =
        new StepResult(
            spec,
            StepStatus.COMPLETE,
            null,
            Optional.of(Steps.summary(spec, 5000, 0, 1000L, null, 0.97)));
    assertTrue(d.offer(bound).orElseThrow().startsWith("the client was CPU-bound at step 02-t2"));
    StoreCapacity s = d.result("x", 7);
    assertEquals(5000.0, s.peakOps(), "what the client achieved, whoever limited it");
    assertEquals("02-t2", s.peakStep());
    assertEquals(Boolean.TRUE, s.peakLowerBound());
  }
}
