package io.github.ycsbdocsearch.resultsformat.analysis;

import io.github.ycsbdocsearch.resultsformat.Pacing;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One row per step of results folders, read through {@link RunFolder}: what a script needs to
 * select and group steps (phase, threads, offered rate, whether the step is {@link
 * StepSummary#usable()}) and the step's own figures (throughput, send lag), so that no script
 * parses {@code summary.json} itself. {@code bin/docsearch step-rows} writes them as CSV; the
 * known-answer benchmark's pacing fidelity reads them. Stateless.
 */
public final class StepTable {

  /** The CSV columns, in order; an absent figure is an empty cell. */
  public static final List<String> COLUMNS =
      List.of(
          "run_dir",
          "store",
          "step",
          "step_dir",
          "phase",
          "threads",
          "target_ops",
          "offered_fraction",
          "status",
          "usable",
          "throughput_ops",
          "operations",
          "errors",
          "send_lag_p99_us",
          "unsent",
          "client_cpu_cores");

  private StepTable() {}

  /**
   * The rows of every step of the results folders under each path (a results folder, or a folder of
   * them).
   */
  public static List<List<String>> of(List<Path> paths) throws IOException {
    List<List<String>> rows = new ArrayList<>();
    for (Path path : paths) {
      for (Path run : HistoryRows.runFolders(path)) {
        RunFolder folder = RunFolder.read(run);
        for (StoreRun store : folder.stores()) {
          for (StoreRun.Step step : store.steps()) {
            rows.add(row(run, store.name(), step));
          }
        }
      }
    }
    return rows;
  }

  private static List<String> row(Path run, String store, StoreRun.Step step) {
    StepSummary s = step.summary();
    Pacing p = s.pacing();
    return List.of(
        run.toString(),
        store,
        s.step(),
        step.dir().toString(),
        s.phase().jsonName(),
        String.valueOf(s.threads()),
        String.valueOf(s.targetOps()),
        cell(s.offeredFraction()),
        s.stepStatus().jsonName(),
        String.valueOf(s.usable()),
        String.valueOf(s.throughputOps()),
        String.valueOf(s.operations()),
        String.valueOf(s.errors()),
        cell(p == null ? null : p.sendLagP99Us()),
        cell(p == null ? null : p.unsent()),
        cell(s.clientCpuCores()));
  }

  private static String cell(Object value) {
    return Objects.toString(value, "");
  }

  /**
   * The rows as CSV, header first, one line each; cells quoted when they hold a comma or a quote.
   */
  public static String csv(List<List<String>> rows) {
    StringBuilder out = new StringBuilder(String.join(",", COLUMNS)).append('\n');
    for (List<String> row : rows) {
      out.append(String.join(",", row.stream().map(HistoryRows::quoted).toList())).append('\n');
    }
    return out.toString();
  }
}
