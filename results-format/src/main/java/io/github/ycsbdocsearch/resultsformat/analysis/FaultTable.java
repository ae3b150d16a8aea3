package io.github.ycsbdocsearch.resultsformat.analysis;

import static io.github.ycsbdocsearch.resultsformat.analysis.StepTable.cell;

import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.FaultSummary.AckedWrites;
import io.github.ycsbdocsearch.resultsformat.FaultSummary.Durability;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.SummaryCsv;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One row per store of results folders that ran a fault step, read from its {@link FaultSummary}
 * ({@code fault-summary.json}): what the node-lost-under-load benchmark ({@code
 * scripts/bench-fault.sh}) tabulates, so that no script parses the summary itself. {@code
 * bin/docsearch fault-rows} writes them as CSV. Stateless.
 */
public final class FaultTable {

  /** The CSV columns, in order; an absent figure is an empty cell. */
  public static final List<String> COLUMNS =
      List.of(
          "run_dir",
          "store",
          "profile",
          "target_ops",
          "failed_after_kill",
          "longest_gap_s",
          "longest_ack_gap_ms",
          "pre_fault_p99_us",
          "recovered",
          "recovery_s",
          "acked_writes",
          "acked_writes_lost",
          "acked_writes_read_back_failed",
          "acked_writes_stale",
          "acked_writes_indeterminate",
          "may_lose",
          "acked_writes_unknown");

  private FaultTable() {}

  /**
   * The rows of every store with a fault summary in the results folders under each path (a results
   * folder, or a folder of them); none when no store ran a fault step.
   */
  public static List<List<String>> of(List<Path> paths) throws IOException {
    List<List<String>> rows = new ArrayList<>();
    for (RunFolder run : HistoryRows.readRuns(paths)) {
      for (StoreRun store : run.stores()) {
        Optional<FaultSummary> s = FaultSummary.read(RunLayout.storeDir(run.dir(), store.name()));
        if (s.isPresent()) {
          rows.add(row(run.dir(), store.name(), s.get()));
        }
      }
    }
    return rows;
  }

  private static List<String> row(Path run, String store, FaultSummary s) {
    Durability d = s.durability();
    AckedWrites a = s.ackedWrites();
    return List.of(
        run.toString(),
        store,
        d == null ? "" : cell(d.profile()),
        String.valueOf(s.targetOps()),
        failedAfterKill(s),
        String.valueOf(s.longestGapS()),
        cell(s.longestAckGapMs()),
        cell(s.preFaultP99Us()),
        cell(s.recovered()),
        cell(s.recoveryS()),
        a == null ? "" : String.valueOf(a.acked()),
        a == null ? "" : String.valueOf(a.lost()),
        a == null ? "" : String.valueOf(a.readBackFailed()),
        a == null ? "" : String.valueOf(a.stale()),
        a == null ? "" : String.valueOf(indeterminate(a)),
        d == null ? "" : cell(d.mayLose()),
        a == null ? "" : cell(a.unknown()));
  }

  /**
   * Writes that errored or timed out, either outcome allowed: every operation type's when the
   * clients recorded them (the markers are inserts), else the marker stream's alone.
   */
  static long indeterminate(AckedWrites a) {
    if (a.operations() == null || a.operations().isEmpty()) {
      return a.failed();
    }
    return a.operations().values().stream()
        .mapToLong(FaultSummary.WriteCounts::indeterminate)
        .sum();
  }

  /**
   * {@code READ 12, UPDATE 9}: the fault step's failures from the kill's second on, by operation
   * type in name order; empty when the step has no operations.
   */
  static String failedAfterKill(FaultSummary s) {
    if (s.fault() == null || s.fault().operations() == null) {
      return "";
    }
    return new TreeMap<>(s.fault().operations())
        .entrySet().stream()
            .map(e -> e.getKey() + " " + e.getValue().failedAfterKill())
            .collect(Collectors.joining(", "));
  }

  /** The rows as CSV, header first, one line each. */
  public static String csv(List<List<String>> rows) {
    return SummaryCsv.table(COLUMNS, rows);
  }
}
