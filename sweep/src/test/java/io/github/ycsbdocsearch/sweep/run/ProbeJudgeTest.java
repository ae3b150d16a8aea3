package io.github.ycsbdocsearch.sweep.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Outcome;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Probe;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProbeJudgeTest {

  /**
   * A complete probe at 1,000 ops/s whose objective saw {@code over} of {@code requests} READs past
   * a p99 bound.
   */
  private static StepResult probe(long requests, long over) {
    return probe(requests, over, null);
  }

  /** The same, its over-the-bound requests clustered with this dispersion. */
  private static StepResult probe(long requests, long over, double dispersion) {
    return probe(requests, over, null, dispersion);
  }

  /** The same, limited by the client when {@code clientLimit} is not null. */
  private static StepResult probe(long requests, long over, String clientLimit) {
    return probe(requests, over, clientLimit, 1);
  }

  private static StepResult probe(long requests, long over, String clientLimit, double dispersion) {
    StepSpec spec = new StepSpec(5, Phase.SEARCH, 64, 1000, null);
    StepSummary s = Steps.summary(spec, 1000, 0, 5000L, null, 0.2);
    Objective o =
        Objective.judge(
            "p99<=10ms",
            0.99,
            10_000,
            Map.of("READ", new Objective.Counts(requests, over, 0, dispersion)),
            0);
    StepSummary judged =
        new StepSummary(
            s.format(),
            s.store(),
            s.workload(),
            s.step(),
            s.index(),
            s.phase(),
            s.offeredFraction(),
            s.threads(),
            s.targetOps(),
            s.stepStatus(),
            s.error(),
            s.rateSustained(),
            s.achievedPct(),
            clientLimit != null,
            s.clientCpuCores(),
            s.clientCpus(),
            s.serverCpuCores(),
            s.serverCpuSource(),
            s.windowS(),
            s.throughputOps(),
            s.throughputCi95(),
            s.operations(),
            s.errors(),
            s.rows(),
            s.clientJitCpuCores(),
            clientLimit,
            s.pacing(),
            o);
    return new StepResult(spec, StepStatus.COMPLETE, null, Optional.of(judged));
  }

  @Test
  void anInconclusiveProbeHasNoConfidenceUnlessForced() {
    // 1.1 % over a 1 % percentile on 1,000 requests: inside the zone of indifference, no decision.
    StepResult r = probe(1000, 11);
    assertEquals(Objective.Decision.INCONCLUSIVE, r.summary().get().objective().decision());
    Probe open = ProbeJudge.judge(1000, List.of(r), false, 1);
    assertEquals(Outcome.INCONCLUSIVE, open.outcome());
    assertTrue(
        Double.isNaN(open.confidence()), "no confidence without a decision: " + open.confidence());
    Probe forced = ProbeJudge.judge(1000, List.of(r), true, 1);
    assertTrue(forced.outcome() == Outcome.PASS || forced.outcome() == Outcome.FAIL);
    assertTrue(
        forced.confidence() >= 0 && forced.confidence() < 0.95, "a forced decision is a weak one");
  }

  @Test
  void aClearPassCarriesItsConfidence() {
    Probe p = ProbeJudge.judge(1000, List.of(probe(100_000, 100)), false, 1);
    assertEquals(Outcome.PASS, p.outcome());
    assertTrue(
        p.confidence() > 0.95, "0.1 % over a 1 % bound on 100,000 requests: " + p.confidence());
  }

  @Test
  void aClientLimitedProbeKeepsOnlyAClearPass() {
    String late = "send lag p99 2.50 ms > 2.00 ms with threads free";
    // Late sends only add to the latency charged to the store: passing despite them is the store's
    // pass.
    Probe pass = ProbeJudge.judge(1000, List.of(probe(100_000, 100, late)), false, 1);
    assertEquals(Outcome.PASS, pass.outcome());
    assertTrue(pass.confidence() > 0.95);
    // A failure, or a verdict only forced, may be the client's doing: it never bounds the store.
    assertEquals(
        Outcome.CLIENT_LIMITED,
        ProbeJudge.judge(1000, List.of(probe(100_000, 5_000, late)), false, 1).outcome());
    assertEquals(
        Outcome.CLIENT_LIMITED,
        ProbeJudge.judge(1000, List.of(probe(1000, 11, late)), true, 1).outcome());
    // One limited step among the probes at a rate taints their pooled failure too.
    assertEquals(
        Outcome.CLIENT_LIMITED,
        ProbeJudge.judge(1000, List.of(probe(50_000, 2_500), probe(50_000, 2_500, late)), false, 1)
            .outcome());
  }

  @Test
  void aQuietWindowOfAStoreThatStallsIsWeakEvidenceNotACertainPass() {
    // 18,000 requests and none over the bound: alone, a certain pass.
    StepResult quiet = probe(18_000, 0);
    Probe alone = ProbeJudge.judge(2600, List.of(quiet), false, 1);
    assertEquals(Outcome.PASS, alone.outcome());
    assertTrue(alone.confidence() > 0.999);
    // Another step of the same store had a 200 ms stall: 7 % over, all in one second (dispersion
    // 350). Counted as clustered as that, the quiet window is about 51 independent requests: too
    // few to show that 99 % are under the bound.
    double floor = ProbeJudge.burstOf(probe(18_000, 1_260, 350));
    assertEquals(350, floor, 1e-9);
    Probe open = ProbeJudge.judge(2600, List.of(quiet), false, floor);
    assertEquals(Outcome.INCONCLUSIVE, open.outcome());
    assertTrue(
        quiet
            .summary()
            .get()
            .objective()
            .withDispersionAtLeast(floor)
            .reason()
            .contains("about 51"),
        quiet.summary().get().objective().withDispersionAtLeast(floor).reason());
    // Extended and still quiet, then forced: a pass by the point estimate, with a weak confidence.
    Probe forced = ProbeJudge.judge(2600, List.of(quiet, probe(18_000, 0)), true, floor);
    assertEquals(Outcome.PASS, forced.outcome());
    assertTrue(
        forced.confidence() < 0.95, "two quiet windows are not proof: " + forced.confidence());
    // A window that holds the stall still fails, whatever the floor.
    assertEquals(
        Outcome.FAIL,
        ProbeJudge.judge(2600, List.of(probe(18_000, 1_260, 350)), false, floor).outcome());
  }

  @Test
  void onlyAStepNearTheBoundShowsTheStoresBursts() {
    // 40 % over: a queue that keeps growing; its dispersion is the growth, not bursts.
    assertEquals(1, ProbeJudge.burstOf(probe(40_000, 16_000, 2_500)), 0);
    // 9 % over (under ten times the 1 % allowance): bursts.
    assertEquals(800, ProbeJudge.burstOf(probe(40_000, 3_600, 800)), 1e-9);
    // A client-limited step's bursts may be the client's.
    assertEquals(1, ProbeJudge.burstOf(probe(40_000, 400, "send lag", 800)), 0);
  }
}
