package io.github.ycsbdocsearch.resultsformat.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.SummaryCsv;
import io.github.ycsbdocsearch.resultsformat.SummaryJson;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The rows the nightly run history keeps of one results folder (docs/nightly.md, "What the history
 * holds"), read only through this module's readers: one row per store x step x operation x latency
 * kind x metric, plus the run's identity (run id, start, commit, machine) on every row. {@code
 * bin/docsearch history-rows} writes them as CSV; {@code scripts/perf_history} appends them to
 * {@code history.csv} and looks for change points. Stateless.
 *
 * <p>What a run contributes:
 *
 * <ul>
 *   <li>per store {@code peak_ops} and {@code capacity_ops} from {@link StoreCapacity}; only stores
 *       whose sweep completed (manifest {@code stores.<name>.status}), only positive numbers (a
 *       store with no result has no row);
 *   <li>a run with step summaries: intended p50/p99/p99.9 of every operation at each load-phase
 *       step, keyed by the offered fraction of the peak ({@code load-50pct}), never by the absolute
 *       rate, which follows the machine;
 *   <li>a run that ran the ramp alone (migrated from format 1: {@code ramp_only} in a capacity file
 *       or the run summary): service p50/p99 of the closed-loop steps, keyed by thread count
 *       ({@code t4}).
 * </ul>
 *
 * Left out, so that they can neither raise nor hide an alarm: steps whose recorded verdict is not
 * {@link StepSummary#usable()} (failed or interrupted, client-bound, a fixed rate not sustained),
 * the harness floor, the all-requests rows (failures mixed in), rows made only of the parts of
 * composed operations, and percentiles the sample count cannot support (null).
 *
 * <p>Where the numbers come from: the step folders' own summaries ({@link RunFolder}: {@code
 * summary.json} of each step) when the run has step folders; else the run-level {@code
 * summary.json} ({@link SummaryJson}), for folders reduced to it. StoreCapacity from {@code
 * <store>/capacity.json}, else from {@code summary.json}.
 */
public final class HistoryRows {

  /**
   * The CSV columns, in order: the run's identity, then the series key, then the value. The one
   * list of the nightly history's columns: {@code scripts/perf_history} takes them from the header
   * {@code bin/docsearch history-rows} writes, and the history file keeps it.
   */
  public static final List<String> COLUMNS =
      List.of(
          "run_id",
          "date",
          "commit",
          "dirty",
          "cpu_model",
          "cpu_count",
          "format",
          "workload",
          "store",
          "step",
          "op",
          "latency_kind",
          "metric",
          "value");

  /** A key column that does not apply (a store-level metric has no step, op or latency kind). */
  public static final String NONE = "-";

  /** Store-level metrics: higher is better. */
  public static final String PEAK_OPS = "peak_ops";

  public static final String CAPACITY_OPS = "capacity_ops";

  private static final List<Percentile> LOAD_PERCENTILES =
      List.of(Percentile.P50, Percentile.P99, Percentile.P999);
  private static final List<Percentile> CLOSED_LOOP_PERCENTILES =
      List.of(Percentile.P50, Percentile.P99);

  private HistoryRows() {}

  /**
   * One history row.
   *
   * @param step {@code load-50pct}, {@code t4}, or {@link #NONE} for a store-level metric
   * @param op the operation, or {@link #NONE}
   * @param latencyKind {@code intended}, {@code service}, or {@link #NONE}
   * @param metric {@code peak_ops}, {@code capacity_ops}, {@code p50_us}, {@code p99_us}, {@code
   *     p999_us}
   * @param value ops/s or microseconds
   */
  public record Row(
      Run run,
      String store,
      String step,
      String op,
      String latencyKind,
      String metric,
      double value) {

    /** The cells, in {@link #COLUMNS} order. */
    public List<String> cells() {
      return List.of(
          run.runId(),
          run.date(),
          run.commit(),
          Boolean.toString(run.dirty()),
          run.cpuModel(),
          run.cpuCount(),
          Integer.toString(run.format()),
          run.workload(),
          store,
          step,
          op,
          latencyKind,
          metric,
          number(value));
    }

    /** The history's series, e.g. {@code mongodb/workloada/load-50pct/READ/intended/p99_us}. */
    public String series() {
      return Stream.of(store, run.workload(), step, op, latencyKind, metric)
          .filter(p -> !NONE.equals(p))
          .collect(Collectors.joining("/"));
    }
  }

  /**
   * The identity of a run, on every row.
   *
   * @param format the results format the numbers were written in: the run summary's (1 or 2), or
   *     the step summaries' (2 and up) when the run has step folders
   */
  public record Run(
      String runId,
      String date,
      String commit,
      boolean dirty,
      String cpuModel,
      String cpuCount,
      int format,
      String workload) {}

  /**
   * The run folders a path names: itself when it is one (it has a manifest.json), else its direct
   * subfolders that are (one per workload, as the nightly job writes them), sorted.
   *
   * @throws ResultsFormatException when it is neither
   */
  public static List<Path> runFolders(Path path) throws IOException {
    if (!Files.isDirectory(path)) {
      throw new ResultsFormatException(path + ": not a folder");
    }
    if (Files.isRegularFile(path.resolve(RunLayout.MANIFEST))) {
      return List.of(path);
    }
    List<Path> runs =
        RunLayout.sortedEntries(path).stream()
            .filter(c -> Files.isRegularFile(c.resolve(RunLayout.MANIFEST)))
            .toList();
    if (runs.isEmpty()) {
      throw new ResultsFormatException(
          path + ": not a results folder (no " + RunLayout.MANIFEST + " in it or its subfolders)");
    }
    return runs;
  }

  /**
   * Every run folder each path names ({@link #runFolders}), read, in order: what the tables of
   * {@code bin/docsearch step-rows} and {@code fault-rows} start from.
   */
  static List<RunFolder> readRuns(List<Path> paths) throws IOException {
    List<RunFolder> runs = new ArrayList<>();
    for (Path path : paths) {
      for (Path run : runFolders(path)) {
        runs.add(RunFolder.read(run));
      }
    }
    return runs;
  }

  /**
   * The history rows of one run folder.
   *
   * @throws ResultsFormatException when it is not a results folder, a file is malformed, the
   *     manifest has no run_id, or no workload name can be found
   */
  public static List<Row> of(Path runDir) throws IOException {
    RunFolder folder = RunFolder.read(runDir);
    boolean fromSteps = folder.stores().stream().anyMatch(s -> !s.steps().isEmpty());
    SummaryJson summary = fromSteps ? null : summaryOf(runDir);
    // A run that ran the ramp alone (migrated from format 1: ramp_only in its capacity files or run
    // summary) keys its latencies by thread count; any other's steps are of the one step summary
    // format read (its history format).
    boolean rampOnly =
        fromSteps
            ? folder.stores().stream()
                .anyMatch(s -> s.capacity() != null && s.capacity().rampOnly())
            : summary.rampOnly();

    List<Measured> measured = new ArrayList<>();
    if (fromSteps) {
      for (StepSummary step : folder.allSteps()) {
        if (step.usable() && step.phase() != Phase.FLOOR) {
          step.rows().forEach(r -> measured.add(new Measured(step.store(), r)));
        }
      }
    } else {
      for (SummaryRow r : summary.rows()) {
        if (r.usable() && r.phase() != Phase.FLOOR) {
          measured.add(new Measured(r.store(), r));
        }
      }
    }
    Run run =
        identity(folder, workload(folder, summary, measured), rampOnly ? 1 : StepSummary.FORMAT);

    List<Row> rows = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Measured m : measured) {
      SummaryRow r = m.row();
      if (!SummaryRow.OK.equals(r.requests()) || (r.count() > 0 && r.partCount() >= r.count())) {
        continue;
      }
      String step = stepKey(r, rampOnly);
      if (step == null) {
        continue;
      }
      for (Percentile p : rampOnly ? CLOSED_LOOP_PERCENTILES : LOAD_PERCENTILES) {
        OptionalLong v = r.percentile(p);
        Row row = new Row(run, m.store(), step, r.op(), r.latencyKind(), p.column(), v.orElse(0));
        if (v.isPresent() && seen.add(row.series())) {
          rows.add(row);
        }
      }
    }

    SortedSet<String> stores = new TreeSet<>(folder.storeNames());
    Manifest manifest = folder.manifestRecord();
    stores.addAll(manifest.storeStatus().keySet());
    measured.forEach(m -> stores.add(m.store()));
    for (String store : stores) {
      String status = manifest.storeStatus(store);
      StoreCapacity sat = capacity(folder, summary, store);
      if (!Manifest.STATUS_COMPLETE.equals(status) || sat == null) {
        continue; // a store whose sweep did not complete has no trustworthy peak
      }
      addIfPositive(rows, run, store, PEAK_OPS, sat.peakOps());
      addIfPositive(rows, run, store, CAPACITY_OPS, sat.capacityOps());
    }
    return rows;
  }

  /** The rows of every run folder each path names, in order. */
  public static List<Row> of(List<Path> paths) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (Path path : paths) {
      for (Path run : runFolders(path)) {
        rows.addAll(of(run));
      }
    }
    return rows;
  }

  /**
   * What {@code bin/docsearch migrate} does to a nightly history file: nothing, for its columns
   * have been {@link #COLUMNS} since the history began; it checks that the file is one.
   *
   * @return the line that says so
   * @throws ResultsFormatException when its first line is not the history's header
   */
  public static String migrateHistory(Path csv) throws IOException {
    String header;
    try (var lines = Files.lines(csv)) {
      header = lines.findFirst().orElse("");
    } catch (IOException | UncheckedIOException e) {
      throw new ResultsFormatException(csv + ": cannot be read: " + e.getMessage(), e);
    }
    if (!header.equals(String.join(",", COLUMNS))) {
      throw new ResultsFormatException(
          "%s: neither a run folder nor a nightly history (its first line is not %s)"
              .formatted(csv, String.join(",", COLUMNS)));
    }
    return csv + ": current (a nightly history: its columns never changed), left untouched";
  }

  /** The rows as CSV, header first, one line each; cells quoted when they hold a comma or quote. */
  public static String csv(List<Row> rows) {
    return SummaryCsv.table(COLUMNS, rows.stream().map(Row::cells).toList());
  }

  /** {@code load-50pct} for a load step's intended latency, {@code t4} for a ramp-only run. */
  private static String stepKey(SummaryRow r, boolean rampOnly) {
    if (!rampOnly) {
      if (r.phase() == Phase.LOAD
          && "intended".equals(r.latencyKind())
          && r.offeredFraction() != null) {
        return "load-" + Math.round(r.offeredFraction() * 100) + "pct";
      }
      return null;
    }
    return r.targetOps() == 0 && "service".equals(r.latencyKind()) ? "t" + r.threads() : null;
  }

  private static void addIfPositive(
      List<Row> rows, Run run, String store, String metric, Double value) {
    if (value != null && value > 0 && Double.isFinite(value)) {
      rows.add(new Row(run, store, NONE, NONE, NONE, metric, value));
    }
  }

  private static SummaryJson summaryOf(Path runDir) throws ResultsFormatException {
    if (!Files.isRegularFile(runDir.resolve(RunLayout.SUMMARY_JSON))) {
      throw new ResultsFormatException(
          "%s: no step folders and no %s (nothing measured, or rebuild it with scripts/report.sh %s)"
              .formatted(runDir, RunLayout.SUMMARY_JSON, runDir));
    }
    return SummaryJson.read(runDir);
  }

  private static StoreCapacity capacity(RunFolder folder, SummaryJson summary, String store) {
    for (StoreRun s : folder.stores()) {
      if (s.name().equals(store) && s.capacity() != null) {
        return s.capacity();
      }
    }
    SummaryJson.StoreEntry entry = summary == null ? null : summary.stores().get(store);
    return entry == null ? null : entry.capacity();
  }

  private static String workload(RunFolder folder, SummaryJson summary, List<Measured> measured)
      throws ResultsFormatException {
    String name = folder.manifestRecord().workloadName();
    if (name != null && !name.isEmpty()) {
      return name;
    }
    Set<String> names = new LinkedHashSet<>();
    measured.forEach(m -> names.add(m.row().workload()));
    if (summary != null) {
      summary.rows().forEach(r -> names.add(r.workload()));
    }
    folder.allSteps().forEach(s -> names.add(s.workload()));
    names.remove(null);
    if (names.isEmpty()) {
      throw new ResultsFormatException(
          folder.dir() + ": no workload name in " + RunLayout.MANIFEST + " or the steps");
    }
    return names.iterator().next();
  }

  private static Run identity(RunFolder folder, String workload, int format)
      throws ResultsFormatException {
    Manifest m = folder.manifestRecord();
    String runId = m.runId();
    if (runId == null || runId.isEmpty()) {
      throw new ResultsFormatException(folder.dir().resolve(RunLayout.MANIFEST) + ": no run_id");
    }
    JsonNode machine = m.machine();
    String cpuModel = Json.text(machine, "cpu_model", "");
    return new Run(
        runId,
        Objects.requireNonNullElse(m.startedUtc(), ""),
        Objects.requireNonNullElse(m.gitCommit(), ""),
        m.gitDirty(),
        cpuModel.isEmpty() ? "unknown" : cpuModel,
        Json.text(machine, "cpu_count", ""),
        format,
        workload);
  }

  /** A number as plain text, '.' whatever the locale: integers without fraction, others in full. */
  static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  /** A row of a usable step with the store it belongs to. */
  private record Measured(String store, SummaryRow row) {}
}
