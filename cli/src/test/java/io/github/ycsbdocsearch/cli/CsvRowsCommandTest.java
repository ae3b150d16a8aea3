package io.github.ycsbdocsearch.cli;

import static io.github.ycsbdocsearch.cli.DocsearchRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.analysis.FaultTable;
import io.github.ycsbdocsearch.resultsformat.analysis.HistoryRows;
import io.github.ycsbdocsearch.resultsformat.analysis.StepTable;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands that write rows of results folders as CSV ({@link CsvRowsCommand}: {@code
 * bin/docsearch history-rows}, {@code step-rows}, {@code fault-rows}) on the golden run folders:
 * CSV on stdout or into --out, bad input exit 2. What the rows hold is tested on the tables of
 * results-format ({@code HistoryRowsTest}, {@code StepTableTest}, {@code FaultTableTest}).
 */
class CsvRowsCommandTest {

  /** The commit the golden run "normal" names in its manifest. */
  private static final String GOLDEN_COMMIT = "a9fed9f8a67087bce8c0c51c3e29ec4697ffc819";

  private static final String HEADER =
      "run_id,date,commit,dirty,cpu_model,cpu_count,format,workload,store,step,op,latency_kind,metric,value";

  @TempDir Path dir;

  /** The golden run folders, migrated. */
  private Path golden;

  @BeforeEach
  void migratedGoldenRuns() {
    golden = GoldenRuns.migratedCopy(GoldenRuns.SOURCE, dir.resolve("golden"));
  }

  @Test
  void writesTheRowsOfEveryFolderAsCsv() throws IOException {
    DocsearchRun r =
        run(
            "history-rows",
            golden.resolve("normal").toString(),
            golden.resolve("no-peak").toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(HEADER, lines.get(0));
    assertEquals(15, lines.size(), r.out());
    // Format 4: its step summaries, as migrated.
    assertTrue(
        lines.contains(
            "20261123T171145Z-tiny-core-workload,2026-11-23T17:11:45Z,"
                + GOLDEN_COMMIT
                + ",false,AMD EPYC,2,4,tiny-core-workload,basicdb,-,-,-,capacity_ops,3575"),
        r.out());
    Path file = dir.resolve("rows.csv");
    assertEquals(0, run("history-rows", "--out", file.toString(), golden.toString()).code());
    assertEquals(
        r.out(), Files.readString(file), "a folder of run folders is each of them, in name order");
  }

  @Test
  void stepRowsAreOnePerStepOrWithOperationsOnePerLatencyRow() {
    DocsearchRun steps = run("step-rows", golden.resolve("normal").toString());
    assertEquals(0, steps.code(), steps.err());
    assertEquals(
        String.join(",", StepTable.COLUMNS), steps.out().lines().findFirst().orElseThrow());
    assertEquals(7, steps.out().lines().count(), "a header and six steps");
    DocsearchRun ops = run("step-rows", "--operations", golden.resolve("normal").toString());
    assertEquals(0, ops.code(), ops.err());
    List<String> lines = ops.out().lines().toList();
    assertEquals(String.join(",", StepTable.columns(true)), lines.get(0));
    // The load step's intended latency of every READ: p50 1064 us, max 15391 us.
    assertEquals(
        1,
        lines.stream()
            .filter(
                l ->
                    l.contains("/04-t4-r3575,")
                        && l.contains(",READ,intended,all,")
                        && l.endsWith(",15391"))
            .count(),
        ops.out());
    assertTrue(lines.size() > 7, "several latency rows per step");
  }

  @Test
  void faultRowsOfRunsWithoutAFaultStepAreTheHeaderAlone() {
    DocsearchRun r = run("fault-rows", golden.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(String.join(",", FaultTable.COLUMNS) + "\n", r.out());
  }

  /**
   * Each help lists its table's columns as the table writes them: the help is where a script's
   * author looks them up, and the tests of the benchmarks' formatters
   * (scripts/tests/cli_columns.py) build their CSV on these lists.
   */
  @Test
  void eachHelpListsItsTablesColumns() throws IOException {
    Map<String, String> lists = new LinkedHashMap<>();
    lists.put("history-rows", "Columns: " + String.join(",", HistoryRows.COLUMNS) + " ");
    lists.put("step-rows", "Columns: " + String.join(",", StepTable.COLUMNS) + " ");
    lists.put("fault-rows", "Columns: " + String.join(",", FaultTable.COLUMNS) + " ");
    for (Map.Entry<String, String> e : lists.entrySet()) {
      assertTrue(help(e.getKey()).contains(e.getValue()), e.getKey() + " lists " + e.getValue());
    }
    String operations = "then " + String.join(",", StepTable.OPERATION_COLUMNS);
    assertTrue(help("step-rows").contains(operations), "--operations lists " + operations);
  }

  /** A command's checked-in help, its lines joined as cli_columns.py joins them. */
  private static String help(String command) throws IOException {
    String text = Files.readString(Path.of("../docs/cli/" + command + "-help.txt"));
    return text.replaceAll(",\\s*\n\\s*", ",").replaceAll("\\s+", " ");
  }

  @Test
  void badInputIsOneLineAndExitTwo() throws IOException {
    Files.createDirectories(dir.resolve("empty/sub"));
    for (String command : List.of("history-rows", "step-rows", "fault-rows")) {
      for (Path bad : List.of(dir.resolve("empty"), dir.resolve("nowhere"))) {
        DocsearchRun r = run(command, bad.toString());
        assertEquals(2, r.code(), r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(command + ": "), r.err());
      }
    }
  }
}
