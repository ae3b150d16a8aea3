package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import io.github.ycsbdocsearch.resultsformat.Verification;

/**
 * A Markdown digest of one result set for a CI job summary ({@code compare-results.sh --describe}):
 * per workload, each store's capacity (with its objective), closed-loop peak and verification; a
 * throughput-by-step chart in block characters (job summaries show no images), unusable steps
 * marked; the latency percentiles at each store's capacity (else peak) step. Stateless.
 */
public final class RunSummaryMarkdown {

  /** Width of the longest bar of the throughput chart, in characters. */
  private static final int BAR_WIDTH = 24;

  private RunSummaryMarkdown() {}

  public static String render(ResultsSet set) {
    StringBuilder out = new StringBuilder();
    out.append("## Performance results: `").append(set.dir()).append("`\n\n");
    if (set.commit() != null) {
      out.append("Commit `").append(set.commit()).append("`. ");
    }
    out.append(
        "The full report (report.html, charts/, raw HDR logs) is in the uploaded artifact.\n\n");
    for (ResultsRun run : set.byWorkload().values()) {
      out.append("### ").append(run.workload()).append("\n\n");
      stores(run, out);
      steps(run, out);
      latency(run, out);
    }
    return out.toString();
  }

  private static void stores(ResultsRun run, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable(
            "lrlrll",
            "store | capacity ops/s | objective | peak ops/s | why no capacity"
                + " | search verification");
    for (String store : run.stores()) {
      Headline h = Headline.of(run, store);
      table.row(
          store,
          Fmt.ops(h.capacity()),
          h.slo() == null ? "-" : h.slo().text(),
          Fmt.ops(h.peak()),
          h.capacity() == null && h.reason() != null ? h.reason() : "",
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
    return v.passed()
        ? "ok, " + counts
        : "**FAILED**, " + counts + ", " + v.differing() + " differing";
  }

  private static void steps(ResultsRun run, StringBuilder out) {
    double max =
        run.summary().rows().stream().mapToDouble(SummaryRow::throughputOps).max().orElse(0);
    MarkdownTable table = new MarkdownTable("llrll", "store | step | ops/s | throughput | usable");
    for (String store : run.stores()) {
      for (StepRows step : run.steps(store).values()) {
        table.row(
            store,
            step.key().label(),
            Fmt.ops(step.throughput()),
            bar(step.throughput(), max),
            step.usable() ? "yes" : "**no: " + step.unusable() + "**");
      }
    }
    out.append(table.render("Throughput by step:\n\n"));
  }

  private static String bar(double value, double max) {
    if (!(max > 0) || !(value > 0)) {
      return "";
    }
    return "\u2588".repeat(Math.max(1, (int) Math.round(value / max * BAR_WIDTH)));
  }

  private static void latency(ResultsRun run, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable(
            "llllrrrrr", "store | step | op | kind | p50 us | p99 us | p99.9 us | ops | errors");
    for (String store : run.stores()) {
      Headline h = Headline.of(run, store);
      String dir = h.capacityStep() != null ? h.capacityStep() : h.peakStep();
      for (StepRows step : run.steps(store).values()) {
        LatencyKind kind = step.key().fixedRate() ? LatencyKind.INTENDED : LatencyKind.SERVICE;
        for (SummaryRow row : step.rows().values()) {
          if (step.stepDir().equals(dir) && row.kind() == kind) {
            table.row(
                store,
                step.key().label(),
                row.op(),
                kind.label(),
                us(row, Percentile.P50),
                us(row, Percentile.P99),
                us(row, Percentile.P999),
                Long.toString(row.count()),
                Long.toString(row.errors()));
          }
        }
      }
    }
    out.append(
        table.render(
            "Latency at each store's capacity step (intended latency), else its peak step"
                + " (service time):\n\n"));
  }

  private static String us(SummaryRow row, Percentile p) {
    return row.percentile(p).isPresent() ? Fmt.us(row.percentile(p).getAsLong()) : "-";
  }
}
