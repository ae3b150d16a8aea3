package io.github.ycsbdocsearch.resultsformat.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.RunMigration;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.SummaryJson;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The nightly history's rows of the golden run folders (real sweeps) and of a format-1 folder. */
class HistoryRowsTest {

  /**
   * A format-1 run folder reduced to manifest.json, summary.json and its store's capacity file
   * (perf_history's fixture, migrated in each test that reads it).
   */
  private static final Path FORMAT1 =
      Path.of("../scripts/perf_history/tests/resources/format1-run");

  @TempDir Path dir;

  private static Map<String, String> bySeries(List<HistoryRows.Row> rows) {
    Map<String, String> out = new LinkedHashMap<>();
    rows.forEach(r -> out.put(r.series(), HistoryRows.number(r.value())));
    return out;
  }

  @Test
  void aCompleteFormat2RunGivesPeakCapacityAndIntendedLatencyByOfferedFraction()
      throws IOException {
    List<HistoryRows.Row> rows = HistoryRows.of(GoldenRuns.copy(GoldenRuns.NORMAL, dir));
    Map<String, String> got = bySeries(rows);
    String w = "basicdb/tiny-core-workload/";
    Map<String, String> want = new LinkedHashMap<>();
    for (String[] s :
        new String[][] {
          {"load-50pct/READ", "1076", "2921", "8055"},
          {"load-50pct/UPDATE", "1089", "3409", "9695"},
          {"load-100pct/READ", "1064", "5595", "12175"},
          {"load-100pct/UPDATE", "1065", "6559", "14055"}
        }) {
      want.put(w + s[0] + "/intended/p50_us", s[1]);
      want.put(w + s[0] + "/intended/p99_us", s[2]);
      want.put(w + s[0] + "/intended/p999_us", s[3]);
    }
    want.put(w + "peak_ops", "3575.4060324825987");
    want.put(w + "capacity_ops", "3575");
    assertEquals(
        want, got, "no service rows, no floor, no capacity-phase rows, no all-requests rows");
    HistoryRows.Row first = rows.get(0);
    assertEquals(
        List.of(
            "20261123T171145Z-tiny-core-workload",
            "2026-11-23T17:11:45Z",
            "a9fed9f8a67087bce8c0c51c3e29ec4697ffc819",
            "false",
            "AMD EPYC",
            "2",
            Integer.toString(StepSummary.FORMAT), // its step summaries, as migrated
            "tiny-core-workload",
            "basicdb",
            "load-50pct",
            "READ",
            "intended",
            "p50_us",
            "1076"),
        first.cells());
  }

  @Test
  void aStoreWithoutAResultAndAnInterruptedRunGiveNoRows() throws IOException {
    assertEquals(
        List.of(),
        HistoryRows.of(GoldenRuns.copy(GoldenRuns.NO_PEAK, dir)),
        "no peak, no capacity");
    assertEquals(
        List.of(),
        HistoryRows.of(GoldenRuns.copy(GoldenRuns.INTERRUPTED, dir)),
        "the store's sweep did not complete: its peak is not trusted; no load phase ran");
  }

  @Test
  void aStepThatIsNotUsableIsLeftOut() throws IOException {
    // Client-bound as written: the migration records its verdict, unusable.
    Path run = GoldenRuns.asWritten(GoldenRuns.NORMAL, dir);
    Path summary = run.resolve("basicdb/steps/03-t4-r1788/summary.json");
    ObjectNode node = (ObjectNode) Json.readObject(summary);
    node.put("client_bound", true);
    Json.MAPPER.writeValue(summary.toFile(), node);
    RunMigration.migrate(run);
    Map<String, String> got = bySeries(HistoryRows.of(run));
    assertTrue(got.keySet().stream().noneMatch(k -> k.contains("load-50pct")), got.toString());
    assertTrue(
        got.containsKey("basicdb/tiny-core-workload/load-100pct/READ/intended/p99_us"),
        got.toString());
  }

  @Test
  void aFolderReducedToItsRunSummaryGivesTheSameRows() throws IOException {
    Path run = GoldenRuns.copy(GoldenRuns.NORMAL, dir);
    List<HistoryRows.Row> fromSteps = HistoryRows.of(run);
    SummaryJson.of(RunFolder.read(run)).writeTo(run);
    try (Stream<Path> files = Files.walk(run.resolve("basicdb/steps"))) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
    assertEquals(fromSteps, HistoryRows.of(run));
  }

  @Test
  void aFormat1RunWithStepFoldersIsKeyedByThreadsOnceMigrated() throws IOException {
    Path run = GoldenRuns.asWritten(GoldenRuns.NORMAL, dir);
    // As format 1 wrote it: steps without a phase or a summary, the capacity file of the peak
    // alone.
    try (Stream<Path> steps = Files.list(run.resolve("basicdb/steps"))) {
      for (Path step : steps.toList()) {
        Files.delete(step.resolve(RunLayout.STEP_SUMMARY));
        RunFixture.asFormat1(step);
      }
    }
    Path capacity = run.resolve("basicdb/saturation.json");
    ObjectNode c = (ObjectNode) Json.readObject(capacity);
    c.remove("format");
    Json.MAPPER.writeValue(capacity.toFile(), c);
    RunMigration.migrate(run);
    List<HistoryRows.Row> rows = HistoryRows.of(run);
    Map<String, String> got = bySeries(rows);
    assertTrue(
        got.containsKey("basicdb/tiny-core-workload/t1/READ/service/p50_us"), got.toString());
    assertTrue(got.keySet().stream().noneMatch(k -> k.contains("load-")), got.toString());
    assertEquals("1", rows.get(0).cells().get(6), "the history format of a run of the ramp alone");
  }

  @Test
  void format1GivesThePeakAndClosedLoopServiceLatencyByThreads() throws IOException {
    List<HistoryRows.Row> rows =
        HistoryRows.of(List.of(GoldenRuns.migratedCopy(FORMAT1, dir.resolve("format1"))));
    Map<String, String> got = bySeries(rows);
    assertEquals(9, rows.size(), got.toString());
    assertEquals(
        "3368.6196623634555", got.get("basicdb/workloada/peak_ops"), "format 1's throughput_ops");
    assertEquals("1443", got.get("basicdb/workloada/t2/UPDATE/service/p99_us"));
    assertTrue(
        got.keySet().stream()
            .noneMatch(k -> k.contains("intended") || k.contains("p999") || k.contains("capacity")),
        got.toString());
    assertEquals("1", rows.get(0).cells().get(6));
  }

  @Test
  void aFolderOfRunFoldersIsEveryRunAndAnythingElseIsRefused() throws IOException {
    Path set = Files.createDirectories(dir.resolve("set"));
    GoldenRuns.copy(GoldenRuns.NORMAL, set);
    GoldenRuns.copy(GoldenRuns.NO_PEAK, set);
    assertEquals(
        List.of(set.resolve("no-peak"), set.resolve("normal")), HistoryRows.runFolders(set));
    assertEquals(14, HistoryRows.of(List.of(set)).size());
    Path empty = Files.createDirectories(dir.resolve("empty/sub"));
    assertTrue(
        assertThrows(ResultsFormatException.class, () -> HistoryRows.runFolders(empty.getParent()))
            .getMessage()
            .contains("not a results folder"));
    assertThrows(
        ResultsFormatException.class, () -> HistoryRows.runFolders(dir.resolve("nowhere")));
    Path broken = GoldenRuns.copy(GoldenRuns.NORMAL, dir.resolve("broken"));
    Files.writeString(broken.resolve("manifest.json"), "{\"format\": 1}");
    assertTrue(
        assertThrows(ResultsFormatException.class, () -> HistoryRows.of(broken))
            .getMessage()
            .endsWith("manifest.json: no run_id"));
  }

  @Test
  void csvHasTheHeaderAndQuotesWhatNeedsIt() {
    HistoryRows.Run run = new HistoryRows.Run("r", "d", "c", true, "Xeon, 8 cores", "8", 2, "w");
    String csv =
        HistoryRows.csv(List.of(new HistoryRows.Row(run, "s", "-", "-", "-", "peak_ops", 12.5)));
    assertEquals(
        String.join(",", HistoryRows.COLUMNS)
            + "\nr,d,c,true,\"Xeon, 8 cores\",8,2,w,s,-,-,-,peak_ops,12.5\n",
        csv);
    assertEquals("0.0000001", HistoryRows.number(1e-7));
  }
}
