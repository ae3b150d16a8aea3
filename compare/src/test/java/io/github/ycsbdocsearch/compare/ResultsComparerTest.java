package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.compare.Comparison.HeadlineChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsComparerTest {

  /** One baseline run set, shared by the tests that only read it. */
  @TempDir static Path shared;

  static Path baseline;

  @TempDir Path tmp;

  @BeforeAll
  static void buildBaseline() throws Exception {
    baseline = Fixtures.scaledSet(shared, "baseline", 1.0);
  }

  private static List<HeadlineChange> regressedHeadlines(Comparison c) {
    return c.headline().stream().filter(h -> h.verdict() == Verdict.REGRESSION).toList();
  }

  /**
   * The headlines of {@code store} without a result, asserting no other store lacks one and nothing
   * regressed.
   */
  private static HeadlineChange onlyNoResult(Comparison c, String store, String side) {
    List<HeadlineChange> none = c.noResults();
    assertEquals(2, none.size(), MarkdownReport.render(c));
    assertTrue(
        none.stream().allMatch(h -> h.store().equals(store) && h.noResult().equals(side)),
        none.toString());
    assertEquals(
        List.of(), regressedHeadlines(c), "a store without a result is never a regression");
    assertEquals("no result (" + side + ")", none.get(0).verdictLabel());
    return none.get(0);
  }

  /**
   * The regressed headline of {@code store}, asserting it is the only store that regressed, in both
   * workloads.
   */
  private static HeadlineChange onlyRegressed(Comparison c, String store) {
    List<HeadlineChange> regressed = regressedHeadlines(c);
    assertEquals(2, regressed.size(), MarkdownReport.render(c));
    assertTrue(regressed.stream().allMatch(h -> h.store().equals(store)), regressed.toString());
    return regressed.get(0);
  }

  private static List<LatencyChange> regressedLatency(Comparison c) {
    return c.latency().stream().filter(l -> l.verdict() == Verdict.REGRESSION).toList();
  }

  @Test
  void pureNoiseIsNotFlagged() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale(0.97).latencyScale(1.04));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(0, c.regressions(), MarkdownReport.render(c));
    assertEquals(0, c.improvements(), MarkdownReport.render(c));
    assertEquals(Comparison.EXIT_OK, c.exitCode());
    assertTrue(c.headline().stream().noneMatch(h -> h.threshold().isDefault()));
    assertEquals(6, c.headline().size(), "3 stores x 2 workloads");
    assertTrue(
        c.headline().stream()
            .allMatch(
                h ->
                    h.metric().equals(NoisePolicy.CAPACITY_METRIC)
                        && h.newPeak() != null
                        && h.basePeak() != null),
        "capacity judged, the peak beside it");
  }

  @Test
  void capacityDropBeyondThresholdIsARegressionOfThatStoreOnly() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale("mongodb", 0.70));

    Comparison c = Fixtures.compare(baseline, current);

    HeadlineChange h = onlyRegressed(c, "mongodb");
    assertEquals(NoisePolicy.CAPACITY_METRIC, h.metric());
    assertEquals(-0.30, h.change(), 0.01);
    assertEquals(0, regressedLatency(c).size(), "latency did not change");
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void latencyRiseOfOneOperationIsFlaggedAtEveryStepForThatOperationOnly() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.latencyScale("redisjson", "SEARCH", 2.0));

    Comparison c = Fixtures.compare(baseline, current);

    List<LatencyChange> regressed = regressedLatency(c);
    long searchRows =
        c.latency().stream()
            .filter(l -> l.store().equals("redisjson") && l.op().equals("SEARCH"))
            .count();
    assertEquals(searchRows, regressed.size(), MarkdownReport.render(c));
    assertTrue(
        regressed.stream().allMatch(l -> l.store().equals("redisjson") && l.op().equals("SEARCH")));
    assertTrue(
        regressed.stream().map(l -> l.step().label()).distinct().count() == 4,
        "t1, t4, load-50%, load-90%");
    assertEquals(Comparison.EXIT_REGRESSION, c.exitCode());
  }

  @Test
  void intendedLatencyIsComparedOnlyAtFixedRateSteps() throws Exception {
    Comparison c = Fixtures.compare(baseline, Fixtures.scaledSet(tmp, "new", 1.0));

    assertTrue(c.latency().stream().anyMatch(l -> l.kind() == LatencyKind.INTENDED));
    assertTrue(
        c.latency().stream()
            .filter(l -> l.kind() == LatencyKind.INTENDED)
            .allMatch(l -> l.step().fixedRate()));
  }

  @Test
  void thresholdsFollowTheBonferroniRuleOverTheFiguresWithIntervals() throws Exception {
    Comparison c = Fixtures.compare(baseline, Fixtures.scaledSet(tmp, "new", 1.0));

    int judged =
        (int)
            c.headline().stream()
                .filter(h -> h.threshold() != null && !h.threshold().isDefault())
                .count();
    assertEquals(6, judged, "every capacity has an interval in both runs");
    assertEquals(judged, c.rule().metrics());
    double z = NoisePolicy.multiplier(NoisePolicy.ALPHA_DEFAULT, judged);
    assertEquals(z, c.rule().multiplier(), 1e-12);
    HeadlineChange h = c.headline().get(0);
    assertEquals(z, h.threshold().multiplier(), 1e-12);
    assertEquals(0.03, h.threshold().baseHalfWidth(), 1e-9);
    assertEquals(
        Math.max(NoisePolicy.THROUGHPUT_FLOOR, z * Math.hypot(0.03, 0.03)),
        h.threshold().relative(),
        1e-12);
    assertEquals(1.0, NoisePolicy.multiplier(0.05, 1), 1e-9, "one figure: the 95 % interval");
    assertTrue(NoisePolicy.multiplier(0.05, 100) > NoisePolicy.multiplier(0.05, 10));
    Comparison strict =
        ResultsComparer.compare(
            ResultsSet.load(baseline),
            ResultsSet.load(Fixtures.scaledSet(tmp, "new2", 1.0)),
            0.001);
    assertTrue(strict.rule().multiplier() > c.rule().multiplier());
  }

  /**
   * The rule's promise, checked by simulation on the policy itself: six headlines a comparison,
   * each estimated in both runs with its own normal noise (relative standard error 1, 3 or 8 %) and
   * a 95 % interval of 1.96 standard errors, as the runs record them; unchanged code may raise a
   * false regression in at most alpha of the comparisons, and a 30 % drop at 3 % noise is caught.
   */
  @Test
  void theRuleKeepsFalseAlarmsOfAWholeComparisonUnderAlphaAndStillCatchesADrop() {
    Random random = new Random(11);
    int comparisons = 2000;
    int figures = 6;
    double z = NoisePolicy.multiplier(NoisePolicy.ALPHA_DEFAULT, figures);
    int falseAlarms = 0;
    int caught = 0;
    for (int n = 0; n < comparisons; n++) {
      boolean alarm = false;
      for (int i = 0; i < figures; i++) {
        double se = new double[] {0.01, 0.03, 0.08}[i % 3];
        double base = 1 + se * random.nextGaussian();
        double current = 1 + se * random.nextGaussian();
        double threshold =
            Threshold.ofIntervals(1.96 * se / base, 1.96 * se / current, z).relative();
        alarm |=
            Verdict.judge(Verdict.relativeChange(base, current), threshold, true)
                == Verdict.REGRESSION;
        if (i == 1) {
          double dropped = 0.7 + se * random.nextGaussian();
          double t = Threshold.ofIntervals(1.96 * se / base, 1.96 * se / dropped, z).relative();
          caught +=
              Verdict.judge(Verdict.relativeChange(base, dropped), t, true) == Verdict.REGRESSION
                  ? 1
                  : 0;
        }
      }
      falseAlarms += alarm ? 1 : 0;
    }
    double rate = (double) falseAlarms / comparisons;
    System.out.printf(
        Locale.ROOT,
        "false-alarm comparisons: %d of %d (%.1f %%); a 30 %% drop at 3 %% noise caught in %d%n",
        falseAlarms,
        comparisons,
        100 * rate,
        caught);
    assertTrue(rate <= NoisePolicy.ALPHA_DEFAULT, "false-alarm comparisons " + rate);
    assertTrue(caught >= 0.99 * comparisons, "30 % drop caught in " + caught);
  }

  @Test
  void thresholdFollowsTheRunsIntervalsNotAFixedNumber() throws Exception {
    Path quiet = Fixtures.set(tmp, "quiet", run -> run.capacityHalfWidth(0.002));
    Path noisy = Fixtures.set(tmp, "noisy", run -> run.capacityHalfWidth(0.20));
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale(0.80));

    Comparison againstQuiet = Fixtures.compare(quiet, current);
    Comparison againstNoisy = Fixtures.compare(noisy, current);

    assertTrue(againstQuiet.regressions() > 0, "a 20% drop is far outside +-0.2% and +-3%");
    assertEquals(0, againstNoisy.regressions(), "a 20% drop is inside a +-20% interval");
    HeadlineChange h = againstNoisy.headline().get(0);
    assertEquals(Threshold.Source.INTERVALS, h.threshold().source());
    assertTrue(
        againstQuiet.headline().get(0).threshold().relative()
            < againstNoisy.headline().get(0).threshold().relative() / 3);
  }

  @Test
  void aStoreWhoseSweepFoundNoQualifyingStepIsAFailedRunNamingItNotARegression() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.noQualifyingStep("mongodb"));

    Comparison c = Fixtures.compare(baseline, current);

    HeadlineChange h = onlyNoResult(c, "mongodb", Comparison.NEW);
    assertNull(h.current());
    assertTrue(h.note().contains("no capacity in the new run"), h.note());
    assertTrue(
        c.unusable().stream()
            .anyMatch(
                u ->
                    u.store().equals("mongodb")
                        && u.side().equals("new")
                        && u.reason().equals("step failed")));
    assertTrue(c.latency().stream().noneMatch(l -> l.store().equals("mongodb")));
    assertEquals(Comparison.EXIT_FAILED_RUN, c.exitCode());
    assertEquals(0, c.regressions());
    String text = MarkdownReport.render(c);
    assertTrue(
        text.matches(
            "(?s).*\n\\| workloada \\| mongodb \\| [^\n]*\\| no capacity in the new run"
                + " \\(p99<=10ms\\): no step completed[^\n]*\\|\n.*"),
        text);
    assertTrue(
        text.contains(
            "### No result (a failed run, not a regression)\n\n"
                + "- workloada/mongodb: no result in the new run (no capacity in the new run"
                + " (p99<=10ms)"),
        text);
    assertTrue(
        c.verdictLine()
            .startsWith(
                "VERDICT: FAILED RUN - no result for 2 store(s) of the new run "
                    + "(workloada/mongodb, workloadsearch/mongodb), 0 regression(s), "),
        c.verdictLine());
    assertTrue(c.verdictLine().endsWith("(exit 3)"), c.verdictLine());
  }

  @Test
  void noQualifyingStepAgainstAFormat1BaselineIsNoResultNotARegression() throws Exception {
    Path base = FixtureRun.crud("workloada").format1().writeTo(tmp.resolve("b"));
    Path current =
        FixtureRun.crud("workloada").noQualifyingStep("redisjson").writeTo(tmp.resolve("n"));

    Comparison c =
        ResultsComparer.compare(
            ResultsSet.load(base), ResultsSet.load(current), NoisePolicy.ALPHA_DEFAULT);

    HeadlineChange redis =
        c.headline().stream().filter(h -> h.store().equals("redisjson")).findFirst().orElseThrow();
    assertEquals(Verdict.NO_RESULT, redis.verdict());
    assertEquals(Comparison.NEW, redis.noResult());
    assertEquals(Comparison.EXIT_FAILED_RUN, c.exitCode());
    assertEquals(NoisePolicy.PEAK_METRIC, redis.metric());
    assertTrue(redis.note().startsWith("no qualifying step in the new run"), redis.note());
    assertTrue(
        c.warnings().stream().anyMatch(w -> w.contains("format 1")), c.warnings().toString());
  }

  @Test
  void aLostCapacityIsNoResultOfTheNewRunEvenWhenThePeakHeld() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.noCapacity("redisjson"));

    Comparison c = Fixtures.compare(baseline, current);

    HeadlineChange h = onlyNoResult(c, "redisjson", Comparison.NEW);
    assertTrue(h.newPeak() != null && h.note().contains("no offered rate met p99<=10ms"), h.note());
  }

  @Test
  void aStoreWithoutCapacityFileInAFormat2RunLostItsCapacity() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.withoutCapacityFile("elasticsearch"));

    Comparison c = Fixtures.compare(baseline, current);

    HeadlineChange h = onlyNoResult(c, "elasticsearch", Comparison.NEW);
    assertTrue(h.note().contains("no capacity in the new run: no capacity.json"), h.note());
    assertTrue(h.newPeak() != null, "the peak still comes from the best closed-loop step");
  }

  @Test
  void unusableStepsAreListedNotCompared() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.unsustained("redisjson", 0.9));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(2, c.unusable().size(), c.unusable().toString());
    assertTrue(
        c.unusable().stream()
            .allMatch(
                u ->
                    u.store().equals("redisjson")
                        && u.step().label().equals("load-90%")
                        && u.side().equals("new")
                        && u.reason().equals("rate not sustained")));
    assertTrue(
        c.latency().stream()
            .noneMatch(l -> l.store().equals("redisjson") && l.step().label().equals("load-90%")));
    assertTrue(MarkdownReport.render(c).contains("### Steps not usable, not compared"));
  }

  @Test
  void format1FoldersComparePeaksAndNoClosedLoopIntendedRows() throws Exception {
    Path base = FixtureRun.crud("workloada").format1().writeTo(tmp.resolve("b"));
    Path current =
        FixtureRun.crud("workloada").format1().throughputScale(0.7).writeTo(tmp.resolve("n"));

    Comparison c =
        ResultsComparer.compare(
            ResultsSet.load(base), ResultsSet.load(current), NoisePolicy.ALPHA_DEFAULT);

    assertTrue(
        c.headline().stream()
            .allMatch(
                h ->
                    h.metric().equals(NoisePolicy.PEAK_METRIC)
                        && h.verdict() == Verdict.REGRESSION),
        MarkdownReport.render(c));
    assertTrue(c.latency().stream().noneMatch(l -> l.kind() == LatencyKind.INTENDED));
  }

  @Test
  void improvementsAreReportedButDoNotFail() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale(1.5).latencyScale(0.2));

    Comparison c = Fixtures.compare(baseline, current);

    assertEquals(0, c.regressions(), MarkdownReport.render(c));
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
    assertEquals(
        "MISSING",
        c.verification().stream()
            .filter(v -> v.store().equals("mongodb"))
            .findFirst()
            .orElseThrow()
            .status());
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

    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                ResultsComparer.compare(
                    ResultsSet.load(base), ResultsSet.load(current), NoisePolicy.ALPHA_DEFAULT));
    assertTrue(e.getMessage().contains("workloads differ"), e.getMessage());
  }

  @Test
  void withoutIntervalsConservativeDefaultsAreUsedAndMarked() throws Exception {
    Path base =
        FixtureRun.crud("workloada").capacityHalfWidth(Double.NaN).writeTo(tmp.resolve("b"));
    Path slightlySlower =
        FixtureRun.crud("workloada").throughputScale(0.85).writeTo(tmp.resolve("n1"));
    Path muchSlower = FixtureRun.crud("workloada").throughputScale(0.70).writeTo(tmp.resolve("n2"));

    Comparison small =
        ResultsComparer.compare(
            ResultsSet.load(base), ResultsSet.load(slightlySlower), NoisePolicy.ALPHA_DEFAULT);
    Comparison large =
        ResultsComparer.compare(
            ResultsSet.load(base), ResultsSet.load(muchSlower), NoisePolicy.ALPHA_DEFAULT);

    assertEquals(
        Threshold.Source.DEFAULT_NO_INTERVAL, small.headline().get(0).threshold().source());
    assertTrue(MarkdownReport.render(small).contains(" | 20.0%* | "), "the default is marked");
    assertEquals(0, small.regressions(), "15% is inside the 20% default");
    assertEquals(3, large.regressions(), "30% is outside it");
    assertTrue(MarkdownReport.render(small).contains("DEFAULT thresholds"));
  }

  @Test
  void rowsOnlyOneSideHasAreNotedNotJudged() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.ops("SEARCH", "READ", "INSERT"));

    Comparison c = Fixtures.compare(baseline, current);

    assertTrue(
        c.latency().stream().noneMatch(l -> l.op().equals("INSERT")), "INSERT has no baseline row");
    assertTrue(
        c.warnings().stream().anyMatch(w -> w.contains("INSERT@t1 (new only)")),
        c.warnings().toString());
  }
}
