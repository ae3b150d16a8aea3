package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.compare.Comparison.HeadlineChange;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.SummaryJson;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import io.github.ycsbdocsearch.resultsformat.fixtures.RecordedVerdicts;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code compare R R} never prints a regression, for every folder real sweeps wrote
 * (results-format's golden runs); a store without a result is "no result", naming the side, and a
 * failed run (exit 3), never a regression.
 */
class GoldenSelfComparisonTest {

  /** Every golden run and the exit code of its comparison with itself. */
  private static final Map<String, Integer> SELF =
      Map.of(
          GoldenRuns.NORMAL,
          Comparison.EXIT_OK,
          GoldenRuns.INTERRUPTED,
          Comparison.EXIT_OK,
          GoldenRuns.NO_PEAK,
          Comparison.EXIT_FAILED_RUN);

  @TempDir Path tmp;

  /**
   * A migrated copy of a golden run with its derived summary.json (the golden folders keep raw
   * files only).
   */
  private Path golden(String name, String copy) throws IOException {
    return GoldenRuns.finished(name, Files.createDirectories(tmp.resolve(copy)));
  }

  private static Comparison compare(Path base, Path current) throws Exception {
    return ResultsComparer.compare(
        ResultsSet.load(base), ResultsSet.load(current), NoisePolicy.ALPHA_DEFAULT);
  }

  @Test
  void everyGoldenRunFolderIsTestedHere() throws Exception {
    try (Stream<Path> dirs = Files.list(GoldenRuns.SOURCE)) {
      assertEquals(
          SELF.keySet(),
          dirs.map(p -> p.getFileName().toString()).collect(Collectors.toSet()),
          "a new golden run needs its self-comparison expectation here");
    }
  }

  @Test
  void aRunComparedWithItselfNeverRegresses() throws Exception {
    for (Map.Entry<String, Integer> e : SELF.entrySet()) {
      Path run = golden(e.getKey(), "self-" + e.getKey());
      Comparison c = compare(run, run);
      String text = MarkdownReport.render(c);
      assertEquals(0, c.regressions(), e.getKey() + ":\n" + text);
      assertTrue(!text.contains("REGRESSION"), e.getKey() + ":\n" + text);
      assertEquals(e.getValue(), c.exitCode(), e.getKey() + ":\n" + text);
    }
  }

  @Test
  void aStoreWithoutAResultOnBothSidesSaysSoAndFailsTheRunNotAsARegression() throws Exception {
    Path run = golden(GoldenRuns.NO_PEAK, "both");
    Comparison c = compare(run, run);
    HeadlineChange h = c.headline().get(0);
    assertEquals(Verdict.NO_RESULT, h.verdict());
    assertEquals(Comparison.BOTH, h.noResult());
    String text = MarkdownReport.render(c);
    assertTrue(
        text.matches(
            "(?s).*\n\\| tiny-core-workload \\| basicdb \\| peak_ops \\| - \\| - \\| - \\| -"
                + " \\| no result \\(both\\) \\|.*"),
        text);
    assertTrue(
        text.contains(
            "\n- tiny-core-workload/basicdb: no result in the baseline and the new run (no"
                + " qualifying step in the new run: step 01-t1 failed"),
        text);
    assertTrue(
        c.verdictLine()
            .startsWith(
                "VERDICT: FAILED RUN - no result for 1 store(s) of the new run "
                    + "(tiny-core-workload/basicdb), 0 regression(s)"),
        c.verdictLine());
    assertEquals("failed_run", JsonReport.toJson(c).get("verdict").asText());
    assertEquals("both", JsonReport.toJson(c).get("no_result").get(0).get("side").asText());
  }

  @Test
  void theSideWithoutAResultIsNamedAndOnlyTheNewRunsFailsIt() throws Exception {
    Path normal = golden(GoldenRuns.NORMAL, "a");
    Path noPeak = golden(GoldenRuns.NO_PEAK, "b");

    Comparison lost = compare(normal, noPeak);
    assertEquals(
        List.of(Comparison.NEW), lost.noResults().stream().map(HeadlineChange::noResult).toList());
    assertEquals(0, lost.regressions(), MarkdownReport.render(lost));
    assertEquals(Comparison.EXIT_FAILED_RUN, lost.exitCode());
    assertTrue(
        lost.noResults().get(0).note().contains("; no peak either: step 01-t1 failed"),
        lost.noResults().get(0).note());

    Comparison found = compare(noPeak, normal);
    assertEquals(
        List.of(Comparison.BASELINE),
        found.noResults().stream().map(HeadlineChange::noResult).toList());
    assertEquals(Comparison.EXIT_OK, found.exitCode(), MarkdownReport.render(found));
    assertTrue(
        !MarkdownReport.render(found).contains("No result (a failed run"),
        "the baseline's own gap is a warning");
    assertTrue(
        found.warnings().stream()
            .anyMatch(
                w -> w.startsWith("tiny-core-workload/basicdb: no result in the " + "baseline")),
        found.warnings().toString());
  }

  /**
   * Which steps are compared follows each step's recorded verdict, not the rule: a step recorded
   * unusable though complete, not client-bound and sustained is listed with its recorded reason; a
   * step recorded usable though client-bound and not sustained is compared.
   */
  @Test
  void stepsAreComparedByTheirRecordedVerdict() throws Exception {
    Path run = golden(GoldenRuns.NORMAL, "recorded");
    RecordedVerdicts.contradict(run.resolve("basicdb/steps/03-t4-r1788"), false);
    RecordedVerdicts.contradict(run.resolve("basicdb/steps/04-t4-r3575"), true);
    SummaryJson.of(RunFolder.read(run)).writeTo(run);

    Map<String, StepRows> steps =
        ResultsRun.load(run).steps("basicdb").values().stream()
            .collect(Collectors.toMap(StepRows::stepDir, s -> s));
    assertEquals(RecordedVerdicts.REASON, steps.get("03-t4-r1788").unusable());
    assertTrue(steps.get("04-t4-r3575").usable());

    Comparison c = compare(run, run);
    assertEquals(
        List.of(RecordedVerdicts.REASON + " both"),
        c.unusable().stream().map(u -> u.reason() + " " + u.side()).toList(),
        MarkdownReport.render(c));
  }

  /**
   * {@code --charts DIR} writes, per store and operation of both runs, the overlay of their
   * latency-vs-offered-load charts: SVG, CSV (both runs' points, one colour each) and a Vega-Lite
   * specification reading that CSV by its relative name; the output names each chart.
   */
  @Test
  void chartsOverlayBothRunsLatencyVsOfferedLoad() throws Exception {
    Path before = golden(GoldenRuns.NORMAL, "before");
    Path after = golden(GoldenRuns.NORMAL, "after");
    Path charts = tmp.resolve("charts");
    StringWriter out = new StringWriter();
    int code =
        new CommandLine(new CompareMain())
            .setOut(new PrintWriter(out))
            .setErr(new PrintWriter(new StringWriter()))
            .execute("--charts", charts.toString(), before.toString(), after.toString());
    assertEquals(0, code, out.toString());
    String name = "latency-vs-offered-load-tiny-core-workload-basicdb-read";
    assertTrue(out.toString().contains("Overlay charts in " + charts), out.toString());
    assertTrue(out.toString().contains("  " + name + ".svg\n"), out.toString());
    assertTrue(Files.readString(charts.resolve(name + ".svg")).contains("two runs"));
    String csv = Files.readString(charts.resolve(name + ".csv"));
    assertTrue(csv.contains(",#0072B2,") && csv.contains(",#D55E00,"), "both runs: " + csv);
    assertTrue(
        Files.readString(charts.resolve(name + ".vl.json"))
            .contains("\"url\" : \"" + name + ".csv\""));
  }
}
