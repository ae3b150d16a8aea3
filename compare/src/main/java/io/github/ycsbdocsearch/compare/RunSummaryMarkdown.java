package io.github.ycsbdocsearch.compare;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A Markdown digest of one result set for a CI job summary ({@code compare-results.sh --describe}): per workload, each
 * store's maximum sustainable throughput and verification, a throughput-by-step chart drawn with block characters
 * (job summaries cannot show the report's image files), and the latency percentiles at the max sustainable step.
 *
 * <p>Stateless; safe to use from several threads.
 */
public final class RunSummaryMarkdown {

  /** Width of the longest bar of the throughput chart, in characters. */
  private static final int BAR_WIDTH = 24;

  private RunSummaryMarkdown() {
  }

  /**
   * @param set the results to describe
   * @return Markdown text
   */
  public static String render(ResultsSet set) {
    StringBuilder out = new StringBuilder();
    out.append("## Performance results: `").append(set.dir()).append("`\n\n");
    if (set.commit() != null) {
      out.append("Commit `").append(set.commit()).append("`. ");
    }
    out.append("The full report (report.html, charts/, raw HDR logs) is in the uploaded artifact.\n\n");
    for (ResultsRun run : set.byWorkload().values()) {
      out.append("### ").append(run.workload()).append("\n\n");
      stores(run, out);
      steps(run, out);
      latency(run, out);
    }
    return out.toString();
  }

  private static void stores(ResultsRun run, StringBuilder out) {
    MarkdownTable table = new MarkdownTable("lrrl", "store", "max sustainable ops/s", "threads", "search verification");
    for (String store : run.stores()) {
      Saturation sat = run.saturation().get(store);
      table.row(store, Fmt.ops(run.maxThroughput(store)), sat == null ? "-" : Fmt.threads(sat.threads()),
          verification(run, store));
    }
    out.append(table.render());
  }

  private static String verification(ResultsRun run, String store) {
    Verification v = run.verification().get(store);
    if (v == null) {
      return run.isSearch(store) ? "**MISSING**" : "n/a";
    }
    String counts = v.identical() + "/" + v.queries() + " identical";
    return v.passed() ? "ok, " + counts : "**FAILED**, " + counts + ", " + v.differing() + " differing";
  }

  private static void steps(ResultsRun run, StringBuilder out) {
    Map<String, Map<StepKey, Double>> byStore = new TreeMap<>();
    double max = 0;
    for (SummaryRow row : run.rows()) {
      byStore.computeIfAbsent(row.store(), s -> new TreeMap<>()).put(row.step(), row.throughputOps());
      max = Math.max(max, row.throughputOps());
    }
    MarkdownTable table = new MarkdownTable("llrl", "store", "step", "ops/s", "throughput");
    for (Map.Entry<String, Map<StepKey, Double>> store : byStore.entrySet()) {
      for (Map.Entry<StepKey, Double> step : store.getValue().entrySet()) {
        table.row(store.getKey(), step.getKey().label(), Fmt.ops(step.getValue()), bar(step.getValue(), max));
      }
    }
    if (!table.isEmpty()) {
      out.append("Throughput by step:\n\n").append(table.render());
    }
  }

  private static String bar(double value, double max) {
    if (!(max > 0) || !(value > 0)) {
      return "";
    }
    return "\u2588".repeat(Math.max(1, (int) Math.round(value / max * BAR_WIDTH)));
  }

  private static void latency(ResultsRun run, StringBuilder out) {
    MarkdownTable table = new MarkdownTable("lllrrrrr", "store", "op", "step", "p50 us", "p99 us", "p99.9 us", "ops",
        "errors");
    for (String store : run.stores()) {
      Optional<StepKey> step = saturationStep(run, store);
      if (step.isEmpty()) {
        continue;
      }
      for (SummaryRow row : run.rowsOf(store)) {
        if (row.step().equals(step.get()) && SummaryRow.SERVICE.equals(row.latencyKind())) {
          table.row(store, row.op(), row.step().label(), Fmt.us(row.latencyUs(Percentile.P50)),
              Fmt.us(row.latencyUs(Percentile.P99)), Fmt.us(row.latencyUs(Percentile.P999)),
              Long.toString(row.count()), Long.toString(row.errors()));
        }
      }
    }
    if (!table.isEmpty()) {
      out.append("Service-time latency at each store's max sustainable step:\n\n").append(table.render());
    }
  }

  /** The saturation step (by its thread count), else the store's highest-throughput step. */
  private static Optional<StepKey> saturationStep(ResultsRun run, String store) {
    Saturation sat = run.saturation().get(store);
    return run.rowsOf(store).stream()
        .filter(row -> sat == null || row.step().threads() == sat.threads())
        .max(Comparator.comparingDouble(SummaryRow::throughputOps))
        .map(SummaryRow::step);
  }
}
