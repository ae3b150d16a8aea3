package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.analysis.StepTable;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One row per step of the golden run folders, read through RunFolder. */
class StepTableTest {

  @TempDir Path dir;

  @Test
  void everyStepOfAGoldenRunIsARowWithItsPhaseRateAndUsability() throws IOException {
    Path run = GoldenRuns.copy(GoldenRuns.NORMAL, dir);
    List<List<String>> rows = StepTable.of(List.of(run));
    assertEquals(
        List.of(
            "01-t1",
            "02-t2",
            "03-t4-r1788",
            "04-t4-r3575",
            "05-t4-r1788-floor",
            "06-t4-r3575-floor"),
        rows.stream().map(r -> r.get(StepTable.COLUMNS.indexOf("step"))).toList());
    List<String> load = rows.get(3);
    assertEquals(StepTable.COLUMNS.size(), load.size());
    assertEquals("basicdb", load.get(StepTable.COLUMNS.indexOf("store")));
    assertEquals("load", load.get(StepTable.COLUMNS.indexOf("phase")));
    assertEquals("3575", load.get(StepTable.COLUMNS.indexOf("target_ops")));
    assertEquals("true", load.get(StepTable.COLUMNS.indexOf("usable")));
    assertEquals(
        3549.5197085127525,
        Double.parseDouble(load.get(StepTable.COLUMNS.indexOf("throughput_ops"))));
    assertTrue(
        Path.of(load.get(StepTable.COLUMNS.indexOf("step_dir")))
            .endsWith("basicdb/steps/04-t4-r3575"));
    String csv = StepTable.csv(rows);
    assertEquals(String.join(",", StepTable.COLUMNS), csv.lines().findFirst().orElseThrow());
    assertEquals(7, csv.lines().count(), "a header and six steps");
  }

  /**
   * The load step at 3575 ops/s given a pacing (the golden BasicDB runs predate it) and the mm1
   * server's arrival fit: its row carries the send lag's p50, p99 and max and every field of the
   * fit; the other steps leave those cells empty.
   */
  @Test
  void aPacedStepHasItsSendLagAndTheMm1ArrivalFit() throws IOException {
    Path run = GoldenRuns.copy(GoldenRuns.NORMAL, dir);
    Path step = run.resolve("basicdb/steps/04-t4-r3575");
    ObjectNode summary = (ObjectNode) Json.readObject(step.resolve(RunLayout.STEP_SUMMARY));
    summary.set(
        "pacing",
        Json.MAPPER.valueToTree(
            new Pacing("poisson", 71500, 71500, 0, 3, 4, 4, false, 12L, 345L, 6789L, 1000, false)));
    AtomicFiles.writeJson(step.resolve(RunLayout.STEP_SUMMARY), summary);
    // As docs/results-format.md documents the file (and Mm1DB wrote it before the record existed).
    Files.writeString(
        step.resolve(RunLayout.MM1_ARRIVALS),
        "{\"gaps\": 71499, \"mean_gap_us\": 279.72, \"cv\": 1.0123, \"ks_d\": 0.00042,"
            + " \"stephens\": 0.731, \"stephens_critical_5pct\": 1.094,"
            + " \"exponential_rejected\": false}\n");

    List<List<String>> rows = StepTable.of(List.of(run));
    List<String> paced = rows.get(3);
    Map<String, String> want = new LinkedHashMap<>();
    want.put("send_lag_p50_us", "12");
    want.put("send_lag_p99_us", "345");
    want.put("send_lag_max_us", "6789");
    want.put("unsent", "0");
    want.put("mm1_gaps", "71499");
    want.put("mm1_mean_gap_us", "279.72");
    want.put("mm1_cv", "1.0123");
    want.put("mm1_ks_d", "0.00042");
    want.put("mm1_stephens", "0.731");
    want.put("mm1_stephens_critical_5pct", "1.094");
    want.put("mm1_exponential_rejected", "false");
    for (Map.Entry<String, String> e : want.entrySet()) {
      assertEquals(e.getValue(), paced.get(StepTable.COLUMNS.indexOf(e.getKey())), e.getKey());
      assertEquals(
          "", rows.get(2).get(StepTable.COLUMNS.indexOf(e.getKey())), "no pacing: " + e.getKey());
    }
  }

  /**
   * With the operations, each step is a row per summary.json row: the step's columns, then the
   * operation's latency spectrum (here the intended latency of every READ of the load step).
   */
  @Test
  void withOperationsEachStepIsARowPerLatencyRow() throws IOException {
    Path run = GoldenRuns.copy(GoldenRuns.NORMAL, dir);
    List<List<String>> rows = StepTable.withOperations(List.of(run));
    List<String> columns = StepTable.columns(true);
    int stepColumn = columns.indexOf("step");
    List<List<String>> load =
        rows.stream().filter(r -> r.get(stepColumn).equals("04-t4-r3575")).toList();
    assertEquals(8, load.size(), "READ and UPDATE x service and intended x ok and all");
    List<String> read =
        load.stream()
            .filter(
                r ->
                    r.get(columns.indexOf("op")).equals("READ")
                        && r.get(columns.indexOf("latency_kind")).equals("intended")
                        && r.get(columns.indexOf("requests")).equals("all"))
            .findFirst()
            .orElseThrow();
    assertEquals(columns.size(), read.size());
    assertEquals(
        StepTable.of(List.of(run)).get(3), read.subList(0, StepTable.COLUMNS.size()), "the step");
    SummaryRow want =
        StepSummary.read(run.resolve("basicdb/steps/04-t4-r3575"))
            .row("READ", LatencyKind.INTENDED, SummaryRow.ALL)
            .orElseThrow();
    assertEquals("1064", read.get(columns.indexOf("p50_us")));
    assertEquals(String.valueOf(want.count()), read.get(columns.indexOf("count")));
    assertEquals(String.valueOf(want.p90Us()), read.get(columns.indexOf("p90_us")));
    assertEquals(String.valueOf(want.p99Us()), read.get(columns.indexOf("p99_us")));
    assertEquals(String.valueOf(want.p999Us()), read.get(columns.indexOf("p999_us")));
    assertEquals("15391", read.get(columns.indexOf("max_us")));
    String csv = StepTable.csvWithOperations(rows);
    assertEquals(String.join(",", columns), csv.lines().findFirst().orElseThrow());
    assertEquals(rows.size() + 1, csv.lines().count());
  }

  @Test
  void aFolderThatIsNotARunIsRefused() {
    assertThrows(ResultsFormatException.class, () -> StepTable.of(List.of(dir.resolve("nowhere"))));
  }
}
