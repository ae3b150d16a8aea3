package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.compare.Comparison.ThroughputChange;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsComparerTest {

  @TempDir
  Path tmp;

  @Test
  void pureNoiseIsNotFlagged() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale(0.97).latencyScale(1.04));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(0, c.regressions(), TextReport.render(c));
    assertEquals(0, c.improvements(), TextReport.render(c));
    assertEquals(Comparison.EXIT_OK, c.exitCode());
    assertFalse(c.usedDefaultThresholds());
    assertEquals(6, c.throughput().size(), "3 stores x 2 workloads");
  }

  @Test
  void throughputDropBeyondThresholdIsARegressionOfThatStoreOnly() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale("mongodb", 0.80));

    Comparison c = Fixtures.compare(baseline, current);

    List<ThroughputChange> regressed = c.throughput().stream()
        .filter(t -> t.verdict() == Verdict.REGRESSION).toList();
    assertEquals(2, regressed.size(), TextReport.render(c));
    assertTrue(regressed.stream().allMatch(t -> t.store().equals("mongodb")));
    assertEquals(-0.20, regressed.get(0).change(), 1e-4);
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void latencyRiseOfOneOperationIsFlaggedForThatOperationOnly() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.latencyScale("redisjson", "SEARCH", 1.5));

    Comparison c = Fixtures.compare(baseline, current);

    List<LatencyChange> regressed = c.latency().stream().filter(l -> l.verdict() == Verdict.REGRESSION).toList();
    // 2 steps x 2 latency kinds x 3 percentiles
    assertEquals(12, regressed.size(), TextReport.render(c));
    assertTrue(regressed.stream().allMatch(l -> l.store().equals("redisjson") && l.op().equals("SEARCH")));
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void improvementsAreReportedButDoNotFail() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale(1.3).latencyScale(0.7));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(0, c.regressions());
    assertTrue(c.throughput().stream().allMatch(t -> t.verdict() == Verdict.IMPROVEMENT));
    assertTrue(c.latency().stream().allMatch(l -> l.verdict() == Verdict.IMPROVEMENT));
    assertEquals(Comparison.EXIT_OK, c.exitCode());
  }

  @Test
  void thresholdFollowsTheMeasuredSpreadNotAFixedNumber() throws Exception {
    Path quiet = Fixtures.baseline(tmp.resolve("quiet"), 0.99, 1.00, 1.01);
    Path noisy = Fixtures.baseline(tmp.resolve("noisy"), 0.85, 1.00, 1.15);
    Path current = Fixtures.scaledSet(tmp, "new", 0.80);

    Comparison againstQuiet = Fixtures.compare(quiet, current);
    Comparison againstNoisy = Fixtures.compare(noisy, current);

    assertTrue(againstQuiet.regressions() > 0, "a 20% drop is far outside a 1% spread");
    assertEquals(0, againstNoisy.regressions(), "a 20% drop is inside a 15% CV x 3");
    ThroughputChange t = againstNoisy.throughput().get(0);
    assertEquals(Threshold.Source.MEASURED, t.threshold().source());
    assertEquals(0.45, t.threshold().relative(), 1e-4);
    assertEquals(NoisePolicy.THROUGHPUT_FLOOR, againstQuiet.throughput().get(0).threshold().relative(), 1e-9,
        "a 1% spread x 3 is below the floor");
  }

  @Test
  void differingSearchAnswersFailEvenWithoutAnySlowdown() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.differing("elasticsearch", 3));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(0, c.regressions());
    assertEquals(1, c.verificationFailures());
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
    assertTrue(c.verification().stream().anyMatch(v -> v.status().equals("FAILED")));
  }

  @Test
  void missingVerificationOfASearchStoreFails() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.withoutVerification("mongodb"));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(1, c.verificationFailures());
    assertEquals("MISSING", c.verification().stream().filter(v -> v.store().equals("mongodb")).findFirst()
        .orElseThrow().status());
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void crudWorkloadsNeedNoVerification() throws Exception {
    Path baseline = FixtureRun.crud("workloada").writeTo(tmp.resolve("b"));
    Path current = FixtureRun.crud("workloada").writeTo(tmp.resolve("n"));

    Comparison c = ResultsComparer.compare(ResultsSet.load(baseline), ResultsSet.load(current),
        NoiseModel.load(baseline));

    assertTrue(c.verification().isEmpty());
    assertEquals(Comparison.EXIT_OK, c.exitCode());
  }

  @Test
  void aStoreMissingFromTheNewRunFails() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.stores("mongodb", "redisjson"));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(2, c.failures().size(), c.failures().toString());
    assertTrue(c.failures().get(0).contains("elasticsearch"));
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void growingErrorRateIsARegression() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.errors("mongodb", "READ", 500));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(4, c.errors().size(), "READ of mongodb at 2 steps in 2 workloads");
    assertTrue(c.errors().stream().allMatch(e -> e.verdict() == Verdict.REGRESSION));
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void mismatchedWorkloadsAreBadInput() throws Exception {
    Path baseline = FixtureRun.crud("workloada").writeTo(tmp.resolve("b"));
    Path current = FixtureRun.crud("workloadb").writeTo(tmp.resolve("n"));

    BadInputException e = assertThrows(BadInputException.class, () -> ResultsComparer.compare(
        ResultsSet.load(baseline), ResultsSet.load(current), NoiseModel.load(baseline)));
    assertTrue(e.getMessage().contains("workloads differ"), e.getMessage());
  }

  @Test
  void withoutNoiseFileConservativeDefaultsAreUsedAndMarked() throws Exception {
    Path baseline = FixtureRun.crud("workloada").writeTo(tmp.resolve("b"));
    Path slightlySlower = FixtureRun.crud("workloada").throughputScale(0.85).writeTo(tmp.resolve("n1"));
    Path muchSlower = FixtureRun.crud("workloada").throughputScale(0.70).writeTo(tmp.resolve("n2"));
    NoiseModel noise = NoiseModel.load(baseline);

    Comparison small = ResultsComparer.compare(ResultsSet.load(baseline), ResultsSet.load(slightlySlower), noise);
    Comparison large = ResultsComparer.compare(ResultsSet.load(baseline), ResultsSet.load(muchSlower), noise);

    assertFalse(noise.present());
    assertTrue(small.usedDefaultThresholds());
    assertEquals(Threshold.Source.DEFAULT_NO_NOISE_FILE, small.throughput().get(0).threshold().source());
    assertEquals(0, small.regressions(), "15% is inside the 20% default");
    assertEquals(3, large.regressions(), "30% is outside it");
    assertTrue(TextReport.render(small).contains("DEFAULT thresholds"));
  }

  @Test
  void rowsOnlyOneSideHasAreNotedNotJudged() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.ops("SEARCH", "READ", "INSERT"));

    Comparison c = Fixtures.compare(baseline, current);

    assertTrue(c.latency().stream().noneMatch(l -> l.op().equals("INSERT")), "INSERT has no baseline row");
    assertTrue(c.warnings().stream().anyMatch(w -> w.contains("INSERT")), c.warnings().toString());
  }
}
