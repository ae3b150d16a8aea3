package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.compare.Comparison.HeadlineChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsComparerTest {

  /** One baseline from three runs 2 % apart, shared by the tests that only read it. */
  @TempDir static Path shared;

  static Path baseline;

  @TempDir Path tmp;

  @BeforeAll
  static void buildBaseline() throws Exception {
    baseline = Fixtures.baseline(shared, 0.98, 1.00, 1.02);
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
    assertFalse(c.usedDefaultThresholds());
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
    Path current = Fixtures.set(tmp, "new", run -> run.latencyScale("redisjson", "SEARCH", 1.5));

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
  void aQuietStepIsJudgedByItsOwnNoiseNotTheNoisiestStep() throws Exception {
    Path base =
        baselineOf(
            tmp.resolve("b"),
            run -> run.latencyScale(0.99).stepLatencyScale("mongodb", "t4", 0.9),
            run -> run,
            run -> run.latencyScale(1.01).stepLatencyScale("mongodb", "t4", 1.1));
    Path current =
        Fixtures.set(
            tmp,
            "new",
            run ->
                run.stepLatencyScale("mongodb", "t1", 2.0).stepLatencyScale("mongodb", "t4", 1.5));

    Comparison c = Fixtures.compare(base, current);

    List<LatencyChange> regressed = regressedLatency(c);
    assertFalse(regressed.isEmpty(), MarkdownReport.render(c));
    assertTrue(
        regressed.stream()
            .allMatch(l -> l.store().equals("mongodb") && l.step().label().equals("t1")),
        "2x is outside t1's spread, +50 % inside t4's: " + regressed);
    Threshold t1 = threshold(c, "t1");
    Threshold t4 = threshold(c, "t4");
    assertTrue(t4.relative() > 1.5 * t1.relative(), "t1 " + t1 + ", t4 " + t4);
  }

  private static Threshold threshold(Comparison c, String step) {
    return c.latency().stream()
        .filter(
            l ->
                l.store().equals("mongodb")
                    && l.step().label().equals(step)
                    && l.op().equals("READ")
                    && l.percentile() == Percentile.P50)
        .findFirst()
        .orElseThrow()
        .threshold();
  }

  @Test
  void thresholdsFollowTheBonferroniRuleOverTheMetricsCompared() throws Exception {
    Comparison c = Fixtures.compare(baseline, Fixtures.scaledSet(tmp, "new", 1.0));

    int judged =
        (int)
            (c.headline().stream().filter(h -> h.threshold() != null).count() + c.latency().size());
    assertEquals(judged, c.rule().metrics());
    double t = NoisePolicy.multiplier(NoisePolicy.ALPHA_DEFAULT, judged, 2 + NoisePolicy.PRIOR_DF);
    assertEquals(t, c.rule().typicalT(), 1e-12);
    HeadlineChange h = c.headline().get(0);
    assertEquals(
        t, h.threshold().multiplier(), 1e-12, "3 runs, moderated: 2 + PRIOR_DF degrees of freedom");
    assertEquals(
        Math.max(NoisePolicy.THROUGHPUT_FLOOR, t * Math.sqrt(2) * h.threshold().cv()),
        h.threshold().relative(),
        1e-12);
    assertEquals(
        2.447,
        NoisePolicy.multiplier(0.05, 1, 6),
        0.001,
        "one metric: the usual two-sided 5 %, t(6)");
    assertEquals(
        1.96, NoisePolicy.multiplier(0.05, 1, 100_000), 0.001, "many runs: the normal quantile");
    assertTrue(NoisePolicy.multiplier(0.05, 100, 6) > NoisePolicy.multiplier(0.05, 10, 6));
    Comparison strict =
        ResultsComparer.compare(
            ResultsSet.load(baseline),
            ResultsSet.load(Fixtures.scaledSet(tmp, "new2", 1.0)),
            NoiseModel.load(baseline),
            0.001);
    assertTrue(strict.rule().typicalT() > c.rule().typicalT());
  }

  /**
   * The rule's promise, checked by simulation on the policy itself: 200 metrics a night, each with
   * its own log-normal noise (CV 2.5, 5 or 10 %), a baseline of three runs (median run compared,
   * spreads moderated as compare does), one new run of unchanged code: at most alpha of the nights
   * may raise any false regression. And the rule is not blind: a 2x rise of one metric with 5 %
   * noise is caught on at least 90 % of the nights.
   */
  @Test
  void theRuleKeepsFalseAlarmsOfAWholeComparisonUnderAlphaAndStillCatchesADoubling() {
    Random random = new Random(11);
    int nights = 300;
    int metrics = 200;
    int falseNights = 0;
    int caught = 0;
    for (int night = 0; night < nights; night++) {
      double[] cv = new double[metrics];
      double[] spread = new double[metrics];
      double[] base = new double[metrics];
      for (int i = 0; i < metrics; i++) {
        cv[i] = new double[] {0.025, 0.05, 0.10}[i % 3];
        double[] runs = new double[3];
        for (int r = 0; r < 3; r++) {
          runs[r] = Math.exp(random.nextGaussian() * cv[i]);
        }
        spread[i] = Stats.coefficientOfVariation(Arrays.stream(runs).boxed().toList());
        Arrays.sort(runs);
        base[i] = runs[1];
      }
      double pooledSquares = 0;
      for (double s : spread) {
        pooledSquares += s * s;
      }
      double pooled = Math.sqrt(pooledSquares / metrics);
      double t =
          NoisePolicy.multiplier(NoisePolicy.ALPHA_DEFAULT, metrics, 2 + NoisePolicy.PRIOR_DF);
      boolean alarm = false;
      for (int i = 0; i < metrics; i++) {
        double threshold =
            NoisePolicy.threshold(
                NoisePolicy.moderated(spread[i], 3, pooled), NoisePolicy.LATENCY_FLOOR, t);
        double current = Math.exp(random.nextGaussian() * cv[i]);
        alarm |=
            Verdict.judge(Verdict.relativeChange(base[i], current), threshold, false)
                == Verdict.REGRESSION;
        if (i == 1) {
          caught +=
              Verdict.judge(Verdict.relativeChange(base[i], 2 * current), threshold, false)
                      == Verdict.REGRESSION
                  ? 1
                  : 0;
        }
      }
      falseNights += alarm ? 1 : 0;
    }
    double rate = (double) falseNights / nights;
    System.out.printf(
        Locale.ROOT,
        "false-alarm nights: %d of %d (%.1f %%); a 2x rise at 5 %% noise caught"
            + " on %d of %d nights%n",
        falseNights,
        nights,
        100 * rate,
        caught,
        nights);
    assertTrue(rate <= NoisePolicy.ALPHA_DEFAULT, "false-alarm nights " + rate);
    assertTrue(caught >= 0.9 * nights, "2x caught on " + caught + " of " + nights + " nights");
  }

  @Test
  void thresholdFollowsTheMeasuredSpreadNotAFixedNumber() throws Exception {
    Path quiet = Fixtures.baseline(tmp.resolve("quiet"), 0.998, 1.00, 1.002);
    Path noisy = Fixtures.baseline(tmp.resolve("noisy"), 0.85, 1.00, 1.15);
    Path current = Fixtures.scaledSet(tmp, "new", 0.80);

    Comparison againstQuiet = Fixtures.compare(quiet, current);
    Comparison againstNoisy = Fixtures.compare(noisy, current);

    assertTrue(againstQuiet.regressions() > 0, "a 20% drop is far outside a 0.2% spread");
    assertEquals(0, againstNoisy.regressions(), "a 20% drop is inside a 15% spread");
    HeadlineChange h = againstNoisy.headline().get(0);
    assertEquals(Threshold.Source.MEASURED, h.threshold().source());
    assertEquals(
        NoisePolicy.THROUGHPUT_FLOOR,
        againstQuiet.headline().get(0).threshold().relative(),
        1e-9,
        "a 0.2% spread stays under the floor");
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
            ResultsSet.load(base),
            ResultsSet.load(current),
            NoiseModel.load(base),
            NoisePolicy.ALPHA_DEFAULT);

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
            ResultsSet.load(base),
            ResultsSet.load(current),
            NoiseModel.load(base),
            NoisePolicy.ALPHA_DEFAULT);

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
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale(1.5).latencyScale(0.6));

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
                    ResultsSet.load(base),
                    ResultsSet.load(current),
                    NoiseModel.load(base),
                    NoisePolicy.ALPHA_DEFAULT));
    assertTrue(e.getMessage().contains("workloads differ"), e.getMessage());
  }

  @Test
  void withoutNoiseFileConservativeDefaultsAreUsedAndMarked() throws Exception {
    Path base = FixtureRun.crud("workloada").writeTo(tmp.resolve("b"));
    Path slightlySlower =
        FixtureRun.crud("workloada").throughputScale(0.85).writeTo(tmp.resolve("n1"));
    Path muchSlower = FixtureRun.crud("workloada").throughputScale(0.70).writeTo(tmp.resolve("n2"));
    NoiseModel noise = NoiseModel.load(base);

    Comparison small =
        ResultsComparer.compare(
            ResultsSet.load(base),
            ResultsSet.load(slightlySlower),
            noise,
            NoisePolicy.ALPHA_DEFAULT);
    Comparison large =
        ResultsComparer.compare(
            ResultsSet.load(base), ResultsSet.load(muchSlower), noise, NoisePolicy.ALPHA_DEFAULT);

    assertFalse(noise.present());
    assertTrue(small.usedDefaultThresholds());
    assertEquals(
        Threshold.Source.DEFAULT_NO_NOISE_FILE, small.headline().get(0).threshold().source());
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

  @SafeVarargs
  private static Path baselineOf(Path parent, UnaryOperator<FixtureRun>... tunes) throws Exception {
    List<Path> runs = new ArrayList<>();
    for (int i = 0; i < tunes.length; i++) {
      runs.add(Fixtures.set(parent, "rep-" + (i + 1), tunes[i]));
    }
    Path out = parent.resolve("baseline");
    BaselineBuilder.build(out, BaselineBuilder.load(runs), false);
    return out;
  }
}
