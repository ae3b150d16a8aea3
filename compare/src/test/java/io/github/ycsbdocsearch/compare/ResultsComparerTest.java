package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.compare.Comparison.HeadlineChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsComparerTest {

  /** One baseline from three runs 2 % apart, shared by the tests that only read it. */
  @TempDir
  static Path shared;
  static Path baseline;

  @TempDir
  Path tmp;

  @BeforeAll
  static void buildBaseline() throws Exception {
    baseline = Fixtures.baseline(shared, 0.98, 1.00, 1.02);
  }

  private static List<HeadlineChange> regressedHeadlines(Comparison c) {
    return c.headline().stream().filter(h -> h.verdict() == Verdict.REGRESSION).toList();
  }

  private static List<LatencyChange> regressedLatency(Comparison c) {
    return c.latency().stream().filter(l -> l.verdict() == Verdict.REGRESSION).toList();
  }

  @Test
  void pureNoiseIsNotFlagged() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale(0.97).latencyScale(1.04));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(0, c.regressions(), TextReport.render(c));
    assertEquals(0, c.improvements(), TextReport.render(c));
    assertEquals(Comparison.EXIT_OK, c.exitCode());
    assertFalse(c.usedDefaultThresholds());
    assertEquals(6, c.headline().size(), "3 stores x 2 workloads");
    assertTrue(c.headline().stream().allMatch(h -> h.metric().equals(NoisePolicy.CAPACITY_METRIC)
        && h.newPeak() != null && h.basePeak() != null), "capacity judged, the peak beside it");
  }

  @Test
  void capacityDropBeyondThresholdIsARegressionOfThatStoreOnly() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale("mongodb", 0.80));

    Comparison c = Fixtures.compare(baseline, current);

    List<HeadlineChange> regressed = regressedHeadlines(c);
    assertEquals(2, regressed.size(), TextReport.render(c));
    assertTrue(regressed.stream().allMatch(h -> h.store().equals("mongodb")
        && h.metric().equals(NoisePolicy.CAPACITY_METRIC)));
    assertEquals(-0.20, regressed.get(0).change(), 0.01);
    assertEquals(0, regressedLatency(c).size(), "latency did not change");
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void latencyRiseOfOneOperationIsFlaggedAtEveryStepForThatOperationOnly() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.latencyScale("redisjson", "SEARCH", 1.5));

    Comparison c = Fixtures.compare(baseline, current);

    List<LatencyChange> regressed = regressedLatency(c);
    long searchRows = c.latency().stream().filter(l -> l.store().equals("redisjson") && l.op().equals("SEARCH"))
        .count();
    assertEquals(searchRows, regressed.size(), TextReport.render(c));
    assertTrue(regressed.stream().allMatch(l -> l.store().equals("redisjson") && l.op().equals("SEARCH")));
    assertTrue(regressed.stream().map(l -> l.step().label()).distinct().count() == 4, "t1, t4, load-50%, load-90%");
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void intendedLatencyIsComparedOnlyAtFixedRateSteps() throws Exception {
    Comparison c = Fixtures.compare(baseline, Fixtures.scaledSet(tmp, "new", 1.0));

    assertTrue(c.latency().stream().anyMatch(l -> l.kind() == LatencyKind.INTENDED));
    assertTrue(c.latency().stream().filter(l -> l.kind() == LatencyKind.INTENDED).allMatch(l -> l.step().fixedRate()));
  }

  @Test
  void aQuietStepIsJudgedByItsOwnNoiseNotTheNoisiestStep() throws Exception {
    Path base = baselineOf(tmp.resolve("b"), run -> run.stepLatencyScale("mongodb", "t4", 0.7),
        run -> run, run -> run.stepLatencyScale("mongodb", "t4", 1.3));
    Path current = Fixtures.set(tmp, "new", run -> run.stepLatencyScale("mongodb", "t1", 1.3)
        .stepLatencyScale("mongodb", "t4", 1.3));

    Comparison c = Fixtures.compare(base, current);

    List<LatencyChange> regressed = regressedLatency(c);
    assertFalse(regressed.isEmpty(), TextReport.render(c));
    assertTrue(regressed.stream().allMatch(l -> l.store().equals("mongodb") && l.step().label().equals("t1")),
        "+30 % is outside t1's spread and inside t4's: " + regressed);
    LatencyChange t4 = c.latency().stream().filter(l -> l.store().equals("mongodb") && l.step().label().equals("t4"))
        .findFirst().orElseThrow();
    assertTrue(t4.threshold().relative() > 0.5, "t4's spread is 30 %: " + t4.threshold());
  }

  @Test
  void thresholdsFollowTheBonferroniRuleOverTheMetricsCompared() throws Exception {
    Comparison c = Fixtures.compare(baseline, Fixtures.scaledSet(tmp, "new", 1.0));

    int judged = (int) (c.headline().stream().filter(h -> h.threshold() != null).count() + c.latency().size());
    assertEquals(judged, c.rule().metrics());
    assertEquals(NoisePolicy.multiplier(NoisePolicy.ALPHA_DEFAULT, judged), c.rule().z(), 1e-12);
    HeadlineChange h = c.headline().get(0);
    assertEquals(Math.max(NoisePolicy.THROUGHPUT_FLOOR, c.rule().z() * Math.sqrt(2) * h.threshold().cv()),
        h.threshold().relative(), 1e-12);
    assertEquals(1.96, NoisePolicy.multiplier(0.05, 1), 0.001, "one metric: the usual two-sided 5 %");
    assertEquals(3.48, NoisePolicy.multiplier(0.05, 100), 0.01, "100 metrics: each at 0.05 / 100");
    Comparison strict = ResultsComparer.compare(ResultsSet.load(baseline),
        ResultsSet.load(Fixtures.scaledSet(tmp, "new2", 1.0)), NoiseModel.load(baseline), 0.001);
    assertTrue(strict.rule().z() > c.rule().z());
  }

  @Test
  void thresholdFollowsTheMeasuredSpreadNotAFixedNumber() throws Exception {
    Path quiet = Fixtures.baseline(tmp.resolve("quiet"), 0.995, 1.00, 1.005);
    Path noisy = Fixtures.baseline(tmp.resolve("noisy"), 0.85, 1.00, 1.15);
    Path current = Fixtures.scaledSet(tmp, "new", 0.80);

    Comparison againstQuiet = Fixtures.compare(quiet, current);
    Comparison againstNoisy = Fixtures.compare(noisy, current);

    assertTrue(againstQuiet.regressions() > 0, "a 20% drop is far outside a 0.5% spread");
    assertEquals(0, againstNoisy.regressions(), "a 20% drop is inside a 15% spread");
    HeadlineChange h = againstNoisy.headline().get(0);
    assertEquals(Threshold.Source.MEASURED, h.threshold().source());
    assertEquals(NoisePolicy.THROUGHPUT_FLOOR, againstQuiet.headline().get(0).threshold().relative(), 1e-9,
        "a 0.5% spread stays under the floor");
  }

  @Test
  void aStoreWhoseSweepFoundNoQualifyingStepIsARegressionNamingIt() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.noQualifyingStep("mongodb"));

    Comparison c = Fixtures.compare(baseline, current);

    List<HeadlineChange> regressed = regressedHeadlines(c);
    assertEquals(2, regressed.size(), TextReport.render(c));
    HeadlineChange h = regressed.get(0);
    assertEquals("mongodb", h.store());
    assertNull(h.current());
    assertTrue(h.note().contains("no capacity in the new run"), h.note());
    assertTrue(c.unusable().stream().anyMatch(u -> u.store().equals("mongodb") && u.side().equals("new")
        && u.reason().equals("step failed")));
    assertTrue(c.latency().stream().noneMatch(l -> l.store().equals("mongodb")));
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
    assertTrue(TextReport.render(c).contains("mongodb: no capacity in the new run (p99<=10ms): no step completed"),
        TextReport.render(c));
  }

  @Test
  void noQualifyingStepAgainstAFormat1BaselineIsStillARegression() throws Exception {
    Path base = FixtureRun.crud("workloada").format1().writeTo(tmp.resolve("b"));
    Path current = FixtureRun.crud("workloada").noQualifyingStep("redisjson").writeTo(tmp.resolve("n"));

    Comparison c = ResultsComparer.compare(ResultsSet.load(base), ResultsSet.load(current), NoiseModel.load(base),
        NoisePolicy.ALPHA_DEFAULT);

    HeadlineChange redis = c.headline().stream().filter(h -> h.store().equals("redisjson")).findFirst()
        .orElseThrow();
    assertEquals(Verdict.REGRESSION, redis.verdict());
    assertEquals(NoisePolicy.PEAK_METRIC, redis.metric());
    assertTrue(redis.note().startsWith("no qualifying step in the new run"), redis.note());
    assertTrue(c.warnings().stream().anyMatch(w -> w.contains("format 1")), c.warnings().toString());
  }

  @Test
  void aLostCapacityIsARegressionEvenWhenThePeakHeld() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.noCapacity("redisjson"));

    Comparison c = Fixtures.compare(baseline, current);

    List<HeadlineChange> regressed = regressedHeadlines(c);
    assertEquals(2, regressed.size(), TextReport.render(c));
    assertTrue(regressed.stream().allMatch(h -> h.store().equals("redisjson") && h.newPeak() != null
        && h.note().contains("no offered rate met p99<=10ms")));
  }

  @Test
  void aStoreWithoutSaturationInAFormat2RunLostItsCapacity() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.withoutSaturation("elasticsearch"));

    Comparison c = Fixtures.compare(baseline, current);

    List<HeadlineChange> regressed = regressedHeadlines(c);
    assertEquals(2, regressed.size(), TextReport.render(c));
    HeadlineChange h = regressed.get(0);
    assertEquals("elasticsearch", h.store());
    assertTrue(h.note().contains("no capacity in the new run: no saturation.json"), h.note());
    assertTrue(h.newPeak() != null, "the peak still comes from the best closed-loop step");
  }

  @Test
  void unusableStepsAreListedNotCompared() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.unsustained("redisjson", 0.9));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(2, c.unusable().size(), c.unusable().toString());
    assertTrue(c.unusable().stream().allMatch(u -> u.store().equals("redisjson")
        && u.step().label().equals("load-90%") && u.side().equals("new") && u.reason().equals("rate not sustained")));
    assertTrue(c.latency().stream().noneMatch(l -> l.store().equals("redisjson")
        && l.step().label().equals("load-90%")));
    assertTrue(TextReport.render(c).contains("steps not usable, not compared"));
  }

  @Test
  void format1FoldersComparePeaksAndNoClosedLoopIntendedRows() throws Exception {
    Path base = FixtureRun.crud("workloada").format1().writeTo(tmp.resolve("b"));
    Path current = FixtureRun.crud("workloada").format1().throughputScale(0.7).writeTo(tmp.resolve("n"));

    Comparison c = ResultsComparer.compare(ResultsSet.load(base), ResultsSet.load(current), NoiseModel.load(base),
        NoisePolicy.ALPHA_DEFAULT);

    assertTrue(c.headline().stream().allMatch(h -> h.metric().equals(NoisePolicy.PEAK_METRIC)
        && h.verdict() == Verdict.REGRESSION), TextReport.render(c));
    assertTrue(c.latency().stream().noneMatch(l -> l.kind() == LatencyKind.INTENDED));
  }

  @Test
  void improvementsAreReportedButDoNotFail() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale(1.3).latencyScale(0.7));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(0, c.regressions(), TextReport.render(c));
    assertTrue(c.headline().stream().allMatch(t -> t.verdict() == Verdict.IMPROVEMENT));
    assertTrue(c.latency().stream().allMatch(l -> l.verdict() == Verdict.IMPROVEMENT));
    assertEquals(Comparison.EXIT_OK, c.exitCode());
  }

  @Test
  void differingSearchAnswersFailEvenWithoutAnySlowdown() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.differing("elasticsearch", 3));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(0, c.regressions());
    assertEquals(1, c.verificationFailures());
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
    assertTrue(c.verification().stream().anyMatch(v -> v.status().equals("FAILED")));
  }

  @Test
  void missingVerificationOfASearchStoreFails() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.withoutVerification("mongodb"));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(1, c.verificationFailures());
    assertEquals("MISSING", c.verification().stream().filter(v -> v.store().equals("mongodb")).findFirst()
        .orElseThrow().status());
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void aStoreMissingFromTheNewRunFails() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.stores("mongodb", "redisjson"));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(2, c.failures().size(), c.failures().toString());
    assertTrue(c.failures().get(0).contains("elasticsearch"));
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void growingErrorRateIsARegression() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.errors("mongodb", "READ", 30));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(8, c.errors().size(), "READ of mongodb at 4 steps in 2 workloads: " + c.errors());
    assertTrue(c.errors().stream().allMatch(e -> e.verdict() == Verdict.REGRESSION));
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void mismatchedWorkloadsAreBadInput() throws Exception {
    Path base = FixtureRun.crud("workloada").writeTo(tmp.resolve("b"));
    Path current = FixtureRun.crud("workloadb").writeTo(tmp.resolve("n"));

    BadInputException e = assertThrows(BadInputException.class, () -> ResultsComparer.compare(
        ResultsSet.load(base), ResultsSet.load(current), NoiseModel.load(base), NoisePolicy.ALPHA_DEFAULT));
    assertTrue(e.getMessage().contains("workloads differ"), e.getMessage());
  }

  @Test
  void withoutNoiseFileConservativeDefaultsAreUsedAndMarked() throws Exception {
    Path base = FixtureRun.crud("workloada").writeTo(tmp.resolve("b"));
    Path slightlySlower = FixtureRun.crud("workloada").throughputScale(0.85).writeTo(tmp.resolve("n1"));
    Path muchSlower = FixtureRun.crud("workloada").throughputScale(0.70).writeTo(tmp.resolve("n2"));
    NoiseModel noise = NoiseModel.load(base);

    Comparison small = ResultsComparer.compare(ResultsSet.load(base), ResultsSet.load(slightlySlower), noise,
        NoisePolicy.ALPHA_DEFAULT);
    Comparison large = ResultsComparer.compare(ResultsSet.load(base), ResultsSet.load(muchSlower), noise,
        NoisePolicy.ALPHA_DEFAULT);

    assertFalse(noise.present());
    assertTrue(small.usedDefaultThresholds());
    assertEquals(Threshold.Source.DEFAULT_NO_NOISE_FILE, small.headline().get(0).threshold().source());
    assertEquals(0, small.regressions(), "15% is inside the 20% default");
    assertEquals(3, large.regressions(), "30% is outside it");
    assertTrue(TextReport.render(small).contains("DEFAULT thresholds"));
  }

  @Test
  void rowsOnlyOneSideHasAreNotedNotJudged() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.ops("SEARCH", "READ", "INSERT"));

    Comparison c = Fixtures.compare(baseline, current);

    assertTrue(c.latency().stream().noneMatch(l -> l.op().equals("INSERT")), "INSERT has no baseline row");
    assertTrue(c.warnings().stream().anyMatch(w -> w.contains("INSERT@t1 (new only)")), c.warnings().toString());
  }

  @SafeVarargs
  private static Path baselineOf(Path parent, java.util.function.UnaryOperator<FixtureRun>... tunes)
      throws Exception {
    List<Path> runs = new java.util.ArrayList<>();
    for (int i = 0; i < tunes.length; i++) {
      runs.add(Fixtures.set(parent, "rep-" + (i + 1), tunes[i]));
    }
    Path out = parent.resolve("baseline");
    BaselineBuilder.build(out, BaselineBuilder.load(runs), false);
    return out;
  }
}
