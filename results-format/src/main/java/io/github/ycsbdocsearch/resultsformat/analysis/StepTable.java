package io.github.ycsbdocsearch.resultsformat.analysis;

import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.Mm1Arrivals;
import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict;
import io.github.ycsbdocsearch.resultsformat.Pacing;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.SummaryCsv;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import io.github.ycsbdocsearch.resultsformat.YcsbOutput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * One row per step of results folders, read through {@link RunFolder}: what a script needs to
 * select and group steps (phase, threads, offered rate, whether the step is {@link
 * StepSummary#usable()}) and the step's own figures (throughput, send lag, and on the simulated
 * M/M/1 store the fit of its arrivals, {@link Mm1Arrivals}; YCSB's own [OVERALL] throughput, {@link
 * YcsbOutput}), so that no script parses a step's files itself. {@link #withOperations} adds each
 * of the step's latency rows (one per operation, latency kind and request set) to its columns.
 * {@code bin/docsearch step-rows} writes them as CSV; the benchmarks' pacing fidelity and open-loop
 * latency tables read them. Stateless.
 */
public final class StepTable {

  /**
   * The CSV columns, in order; an absent figure is an empty cell. Columns added later come last, so
   * that a script that counts columns keeps reading the ones it knew.
   */
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
          "client_cpu_cores",
          "send_lag_p50_us",
          "send_lag_max_us",
          "mm1_gaps",
          "mm1_mean_gap_us",
          "mm1_cv",
          "mm1_ks_d",
          "mm1_stephens",
          "mm1_stephens_critical_5pct",
          "mm1_exponential_rejected",
          "mm1_completion_late_p99_us",
          "mm1_completion_late_max_us",
          "ycsb_overall_ops",
          "mm1_host_delay_p99_us",
          "mm1_host_capacity_ops");

  /** What {@link #withOperations} adds to {@link #COLUMNS}: one of the step's latency rows. */
  public static final List<String> OPERATION_COLUMNS =
      List.of(
          "op",
          "latency_kind",
          "requests",
          "count",
          "p50_us",
          "p90_us",
          "p99_us",
          "p999_us",
          "max_us");

  private StepTable() {}

  /** Every step's row of the results folders under each path (one, or a folder of them). */
  public static List<List<String>> of(List<Path> paths) throws IOException {
    return rows(paths, step -> Stream.of(List.<String>of()));
  }

  /**
   * One row per step x operation x latency kind x request set (the step's {@link SummaryRow}s): the
   * step's {@link #COLUMNS}, then {@link #OPERATION_COLUMNS}. A step without latency rows has none.
   */
  public static List<List<String>> withOperations(List<Path> paths) throws IOException {
    return rows(
        paths,
        step ->
            step.summary().rows().stream()
                .map(
                    r ->
                        List.of(
                            r.op(),
                            r.latencyKind(),
                            r.requests(),
                            String.valueOf(r.count()),
                            cell(r.p50Us()),
                            cell(r.p90Us()),
                            cell(r.p99Us()),
                            cell(r.p999Us()),
                            cell(r.maxUs()))));
  }

  /** The columns of {@link #of}'s rows, or of {@link #withOperations}'s. */
  public static List<String> columns(boolean withOperations) {
    return withOperations
        ? Stream.concat(COLUMNS.stream(), OPERATION_COLUMNS.stream()).toList()
        : COLUMNS;
  }

  /** Each step's row, once for each of the cells {@code more} gives it (appended). */
  private static List<List<String>> rows(
      List<Path> paths, Function<StoreRun.Step, Stream<List<String>>> more) throws IOException {
    List<List<String>> rows = new ArrayList<>();
    for (RunFolder run : HistoryRows.readRuns(paths)) {
      for (StoreRun store : run.stores()) {
        for (StoreRun.Step step : store.steps()) {
          List<String> row = row(run.dir(), store.name(), step);
          more.apply(step)
              .forEach(cells -> rows.add(Stream.concat(row.stream(), cells.stream()).toList()));
        }
      }
    }
    return rows;
  }

  private static List<String> row(Path run, String store, StoreRun.Step step) throws IOException {
    StepSummary s = step.summary();
    Pacing p = s.pacing();
    Mm1Arrivals fit = mm1Arrivals(step.dir());
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
        cell(s.clientCpuCores()),
        cell(p == null ? null : p.sendLagP50Us()),
        cell(p == null ? null : p.sendLagMaxUs()),
        fit == null ? "" : String.valueOf(fit.gaps()),
        fit == null ? "" : HistoryRows.number(fit.meanGapUs()),
        fit == null ? "" : HistoryRows.number(fit.cv()),
        fit == null ? "" : HistoryRows.number(fit.ksD()),
        fit == null ? "" : HistoryRows.number(fit.stephens()),
        fit == null ? "" : HistoryRows.number(fit.stephensCritical5pct()),
        fit == null ? "" : String.valueOf(fit.exponentialRejected()),
        cell(fit == null ? null : fit.completionLateP99Us()),
        cell(fit == null ? null : fit.completionLateMaxUs()),
        ycsbOverall(step.dir()),
        cell(fit == null ? null : Mm1HostTruth.percentileUs(fit.hostDelay(), 0.99)),
        hostCapacity(s.objective(), fit));
  }

  /**
   * The capacity of M/M/1 with the host's delays in this step ({@link Mm1HostTruth}), under the
   * step's objective (its summary's verdict records it), to 0.1 ops/s; empty without an arrival fit
   * that recorded them.
   */
  private static String hostCapacity(ObjectiveVerdict objective, Mm1Arrivals fit) {
    if (fit == null || fit.hostDelay() == null || fit.serviceRate() == null || objective == null) {
      return "";
    }
    Double c =
        Mm1HostTruth.capacity(
            fit.serviceRate(),
            objective.slo().fraction(),
            objective.slo().boundUs(),
            fit.hostDelay());
    return c == null ? "" : HistoryRows.number(Math.round(c * 10) / 10.0);
  }

  /** The mm1 store's fit of the arrivals it saw, in a paced step; null in any other step. */
  private static Mm1Arrivals mm1Arrivals(Path stepDir) throws IOException {
    return Json.readIfPresent(stepDir.resolve(RunLayout.MM1_ARRIVALS), Mm1Arrivals.class)
        .orElse(null);
  }

  /** YCSB's [OVERALL] ops/s of the step, warm-up included ({@link YcsbOutput#stepThroughput}). */
  private static String ycsbOverall(Path stepDir) {
    OptionalDouble ops = YcsbOutput.stepThroughput(stepDir);
    return ops.isPresent() ? String.valueOf(ops.getAsDouble()) : "";
  }

  /** A figure's cell: empty when it is absent. */
  static String cell(Object value) {
    return Objects.toString(value, "");
  }

  /** {@link #of}'s rows as CSV, header first, one line each. */
  public static String csv(List<List<String>> rows) {
    return SummaryCsv.table(COLUMNS, rows);
  }

  /** {@link #withOperations}'s rows as CSV, header first, one line each. */
  public static String csvWithOperations(List<List<String>> rows) {
    return SummaryCsv.table(columns(true), rows);
  }
}
