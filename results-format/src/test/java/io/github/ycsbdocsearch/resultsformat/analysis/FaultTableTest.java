package io.github.ycsbdocsearch.resultsformat.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture.Second;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault table of {@link FaultFixture}'s runs: one row per store with a fault summary, its cells
 * the summary's fields (a store without one, and a run without any, give no row).
 */
class FaultTableTest {

  @TempDir Path dir;

  /** A run whose redisjson store ran the fault step and whose mongodb store ran no fault. */
  private Path run(String name, IntFunction<Second> fault) throws IOException {
    Path run = dir.resolve(name);
    RunFixture.manifest(run, "{\"run_id\": \"" + name + "\", \"workload\": \"wl\"}\n");
    Path redis = run.resolve("redisjson");
    FaultAnalysis.of(FaultFixture.faultStep(redis, fault), FaultFixture.controlStep(redis))
        .writeTo(redis);
    FaultFixture.controlStep(run.resolve("mongodb"));
    return run;
  }

  private static Map<String, String> cells(List<String> row) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < row.size(); i++) {
      out.put(FaultTable.COLUMNS.get(i), row.get(i));
    }
    return out;
  }

  @Test
  void aStoreThatRecoveredHasItsFailuresGapsRecoveryAndLostWrites() throws IOException {
    Path run = run("r", FaultFixture::outage);
    List<List<String>> rows = FaultTable.of(List.of(run));
    assertEquals(1, rows.size(), "the store without a fault summary has no row");
    FaultSummary s = FaultSummary.read(run.resolve("redisjson")).orElseThrow();
    Map<String, String> want = new LinkedHashMap<>();
    want.put("run_dir", run.toString());
    want.put("store", "redisjson");
    want.put("profile", "strict");
    want.put("target_ops", "400");
    want.put("failed_after_kill", "READ 150, UPDATE 60");
    want.put("longest_gap_s", "3");
    want.put("longest_ack_gap_ms", "3150");
    want.put("pre_fault_p99_us", String.valueOf(s.preFaultP99Us()));
    want.put("recovered", "true");
    want.put("recovery_s", String.valueOf(s.recoveryS()));
    want.put("acked_writes", "380");
    want.put("acked_writes_lost", "2");
    want.put("acked_writes_read_back_failed", "0");
    want.put("acked_writes_stale", "0");
    want.put("acked_writes_indeterminate", "20");
    want.put("may_lose", "none (AOF fsync always)");
    want.put("acked_writes_unknown", ""); // a summary written before the count was recorded
    assertEquals(want, cells(rows.get(0)));
    assertEquals(4.8, Double.parseDouble(want.get("recovery_s")), 1e-9);
    String csv = FaultTable.csv(rows);
    assertEquals(String.join(",", FaultTable.COLUMNS), csv.lines().findFirst().orElseThrow());
    assertEquals(
        2, csv.lines().count(), "the failures by type are one quoted cell, not extra columns");
  }

  @Test
  void aStoreThatNeverRecoveredAndASummaryWithoutWritesOrProfileLeaveCellsEmpty()
      throws IOException {
    Path run = run("r", i -> i >= 5 ? Second.DOWN : Second.NORMAL);
    Path redis = run.resolve("redisjson");
    FaultSummary s = FaultSummary.read(redis).orElseThrow();
    new FaultSummary(
            s.step(),
            s.controlStep(),
            s.spec(),
            s.kind(),
            s.atS(),
            s.downS(),
            s.targetOps(),
            s.node(),
            s.recover(),
            s.resolutionS(),
            s.dueAtS(),
            s.killAtS(),
            s.restartAtS(),
            s.backAtS(),
            s.afterKillFromS(),
            s.longestGapS(),
            s.longestGapAtS(),
            null,
            s.preFaultP99Us(),
            s.recoveryBoundUs(),
            s.recovered(),
            s.recoveryS(),
            s.fault(),
            s.control(),
            null,
            null,
            s.controlAckedWrites(),
            s.scheduledSeconds())
        .writeTo(redis);
    Map<String, String> got = cells(FaultTable.of(List.of(run)).get(0));
    assertEquals("false", got.get("recovered"));
    assertEquals("", got.get("recovery_s"));
    assertEquals("15", got.get("longest_gap_s"));
    assertEquals("READ 750, UPDATE 300", got.get("failed_after_kill"));
    for (String empty :
        List.of(
            "profile",
            "longest_ack_gap_ms",
            "acked_writes",
            "acked_writes_lost",
            "acked_writes_read_back_failed",
            "acked_writes_stale",
            "acked_writes_indeterminate",
            "may_lose")) {
      assertEquals("", got.get(empty), empty);
    }
  }

  @Test
  void indeterminateWritesAreEveryOperationTypesWhenTheClientsRecordedThem() {
    FaultSummary.AckedWrites markersOnly =
        new FaultSummary.AckedWrites(
            20, 400, 380, 20, 104, 0, 276, 2, List.of(), 3150L, 0, null, null, 0, null, null, null);
    assertEquals(20, FaultTable.indeterminate(markersOnly));
    FaultSummary.AckedWrites withLoad =
        new FaultSummary.AckedWrites(
            20,
            400,
            900,
            20,
            300,
            5,
            600,
            3,
            List.of(),
            3150L,
            0,
            null,
            null,
            1,
            0L,
            "lost 8 of 900",
            Map.of(
                "INSERT", new FaultSummary.WriteCounts(500, 495, 4, 1, 0, 21, 0L),
                "UPDATE", new FaultSummary.WriteCounts(400, 397, 3, 0, 0, 7, 0L)));
    assertEquals(28, FaultTable.indeterminate(withLoad));
  }

  @Test
  void runsWithoutAFaultStepGiveNoRowAndAFolderOfRunsIsEachOfThem() throws IOException {
    assertEquals(List.of(), FaultTable.of(List.of(GoldenRuns.copy(GoldenRuns.NORMAL, dir))));
    run("a", FaultFixture::outage);
    run("b", FaultFixture::outage);
    List<List<String>> rows = FaultTable.of(List.of(dir));
    assertEquals(
        List.of(dir.resolve("a").toString(), dir.resolve("b").toString()),
        rows.stream().map(r -> r.get(0)).toList());
  }

  @Test
  void aFolderThatIsNotARunIsRefused() {
    assertThrows(ResultsFormatException.class, () -> FaultTable.of(List.of(dir.resolve("none"))));
  }
}
