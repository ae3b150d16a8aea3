package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.compare.Comparison.ErrorChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.compare.Comparison.ThroughputChange;
import io.github.ycsbdocsearch.compare.Comparison.VerificationCheck;
import java.util.List;
import java.util.Locale;

/**
 * The comparison as aligned text tables for a terminal or a CI log: where the thresholds came from, throughput and
 * latency per workload, error rates, verification, warnings, and a last verdict line.
 *
 * <p>Latency rows of the intended kind at unthrottled steps are left out when within noise: without a target rate
 * YCSB's intended start is the actual start, so they repeat the service rows (the JSON output keeps every row).
 *
 * <p>Stateless; safe to use from several threads.
 */
public final class TextReport {

  private TextReport() {
  }

  /**
   * @param comparison what to print
   * @return the report, ending with the verdict line
   */
  public static String render(Comparison comparison) {
    StringBuilder out = new StringBuilder();
    out.append("Baseline: ").append(describe(comparison.baseline())).append('\n');
    out.append("New:      ").append(describe(comparison.current())).append('\n');
    out.append("Noise:    ").append(noiseLine(comparison)).append("\n\n");
    for (String workload : comparison.baseline().byWorkload().keySet()) {
      throughput(comparison, workload, out);
      latency(comparison, workload, out);
      errors(comparison, workload, out);
    }
    verification(comparison, out);
    list("Failures", comparison.failures(), out);
    list("Warnings", comparison.warnings(), out);
    out.append(comparison.verdictLine()).append('\n');
    return out.toString();
  }

  /**
   * @param comparison a comparison
   * @return one line saying whether thresholds were measured or defaults
   */
  static String noiseLine(Comparison comparison) {
    NoiseModel noise = comparison.noise();
    if (!noise.present()) {
      return String.format(Locale.ROOT, "DEFAULT thresholds, the baseline has no noise.json (throughput %s, p50 %s,"
          + " p99 %s, p99.9 %s); marked *", Fmt.percent(NoisePolicy.THROUGHPUT_DEFAULT),
          Fmt.percent(NoisePolicy.P50_DEFAULT), Fmt.percent(NoisePolicy.P99_DEFAULT),
          Fmt.percent(NoisePolicy.P999_DEFAULT));
    }
    String line = String.format(Locale.ROOT, "measured: %s (%d runs, threshold = max(floor, %.1f x CV))",
        noise.file(), noise.runs(), noise.k());
    return comparison.usedDefaultThresholds() ? line + "; metrics it lacks use defaults, marked *" : line;
  }

  private static String describe(ResultsSet set) {
    String commit = set.commit();
    return set.dir() + (commit == null ? "" : " (commit " + commit + ")");
  }

  private static void throughput(Comparison comparison, String workload, StringBuilder out) {
    TextTable table = new TextTable("lrrrrrrl", "store", "base ops/s", "threads", "new ops/s", "threads", "change",
        "threshold", "verdict");
    for (ThroughputChange c : comparison.throughput()) {
      if (c.workload().equals(workload)) {
        table.row(c.store(), Fmt.ops(c.base()), Fmt.threads(c.baseThreads()), Fmt.ops(c.current()),
            Fmt.threads(c.newThreads()), Fmt.change(c.change()), Fmt.threshold(c.threshold()), c.verdict().label());
      }
    }
    if (!table.isEmpty()) {
      out.append("== ").append(workload).append(": maximum sustainable throughput ==\n").append(table.render())
          .append('\n');
    }
  }

  private static void latency(Comparison comparison, String workload, StringBuilder out) {
    TextTable table = new TextTable("lllllrrrrl", "store", "op", "kind", "step", "pct", "base us", "new us", "change",
        "threshold", "verdict");
    int hidden = 0;
    for (LatencyChange c : comparison.latency()) {
      if (!c.workload().equals(workload)) {
        continue;
      }
      if (redundant(c)) {
        hidden++;
        continue;
      }
      table.row(c.store(), c.op(), c.latencyKind(), c.step().label(), c.percentile().label(), Fmt.us(c.base()),
          Fmt.us(c.current()), Fmt.change(c.change()), Fmt.threshold(c.threshold()), c.verdict().label());
    }
    if (!table.isEmpty()) {
      out.append("== ").append(workload).append(": latency percentiles ==\n").append(table.render());
      if (hidden > 0) {
        out.append("(").append(hidden).append(" intended-latency rows of unthrottled steps within noise not shown:"
            + " same as service time; --json has every row)\n");
      }
      out.append('\n');
    }
  }

  private static boolean redundant(LatencyChange c) {
    return !SummaryRow.SERVICE.equals(c.latencyKind()) && c.step().targetOps() == 0
        && c.verdict() == Verdict.WITHIN_NOISE;
  }

  private static void errors(Comparison comparison, String workload, StringBuilder out) {
    TextTable table = new TextTable("lllrrrl", "store", "op", "step", "base rate", "new rate", "new errors",
        "verdict");
    for (ErrorChange c : comparison.errors()) {
      if (c.workload().equals(workload)) {
        table.row(c.store(), c.op(), c.step().label(), Fmt.rate(c.baseRate()), Fmt.rate(c.newRate()),
            Long.toString(c.newErrors()), c.verdict().label());
      }
    }
    if (!table.isEmpty()) {
      out.append("== ").append(workload).append(": failed operations ==\n").append(table.render()).append('\n');
    }
  }

  private static void verification(Comparison comparison, StringBuilder out) {
    TextTable table = new TextTable("llrrrl", "workload", "store", "queries", "identical", "differing", "status");
    for (VerificationCheck v : comparison.verification()) {
      Verification r = v.result();
      table.row(v.workload(), v.store(), r == null ? "-" : Long.toString(r.queries()),
          r == null ? "-" : Long.toString(r.identical()), r == null ? "-" : Long.toString(r.differing()), v.status());
    }
    if (!table.isEmpty()) {
      out.append("== search verification (new run) ==\n").append(table.render()).append('\n');
    }
  }

  private static void list(String title, List<String> items, StringBuilder out) {
    if (items.isEmpty()) {
      return;
    }
    out.append(title).append(":\n");
    items.forEach(item -> out.append("  - ").append(item).append('\n'));
    out.append('\n');
  }
}
