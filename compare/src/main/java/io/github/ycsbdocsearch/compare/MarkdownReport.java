package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.compare.Comparison.ErrorChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.compare.Comparison.ThroughputChange;
import io.github.ycsbdocsearch.compare.Comparison.VerificationCheck;
import java.util.List;

/**
 * The comparison as Markdown for a CI job summary: the verdict first, then throughput per store, only the latency
 * and error changes beyond noise (with a count of the rest), verification, failures and warnings.
 *
 * <p>Stateless; safe to use from several threads.
 */
public final class MarkdownReport {

  private MarkdownReport() {
  }

  /**
   * @param comparison what to render
   * @return Markdown text
   */
  public static String render(Comparison comparison) {
    StringBuilder out = new StringBuilder();
    boolean ok = comparison.exitCode() == Comparison.EXIT_OK;
    out.append("## Performance compared with the baseline: ").append(ok ? "no regression" : "REGRESSION")
        .append("\n\n");
    out.append('`').append(comparison.verdictLine()).append("`\n\n");
    out.append("- baseline: `").append(comparison.baseline().dir()).append('`')
        .append(commit(comparison.baseline())).append('\n');
    out.append("- new: `").append(comparison.current().dir()).append('`').append(commit(comparison.current()))
        .append('\n');
    out.append("- thresholds: ").append(TextReport.noiseLine(comparison)).append("\n\n");
    throughput(comparison, out);
    latency(comparison, out);
    errors(comparison, out);
    verification(comparison, out);
    bullets("Failures", comparison.failures(), out);
    bullets("Warnings", comparison.warnings(), out);
    return out.toString();
  }

  private static String commit(ResultsSet set) {
    return set.commit() == null ? "" : " at commit `" + set.commit() + "`";
  }

  private static void throughput(Comparison comparison, StringBuilder out) {
    MarkdownTable table = new MarkdownTable("llrrrrl", "workload", "store", "baseline ops/s", "new ops/s", "change",
        "threshold", "verdict");
    for (ThroughputChange c : comparison.throughput()) {
      table.row(c.workload(), c.store(), Fmt.ops(c.base()), Fmt.ops(c.current()), Fmt.change(c.change()),
          Fmt.threshold(c.threshold()), verdict(c.verdict()));
    }
    out.append("### Maximum sustainable throughput\n\n").append(table.render());
  }

  private static void latency(Comparison comparison, StringBuilder out) {
    MarkdownTable table = new MarkdownTable("llllllrrrrl", "workload", "store", "op", "kind", "step", "pct",
        "baseline us", "new us", "change", "threshold", "verdict");
    long quiet = 0;
    for (LatencyChange c : comparison.latency()) {
      if (c.verdict() == Verdict.WITHIN_NOISE) {
        quiet++;
        continue;
      }
      table.row(c.workload(), c.store(), c.op(), c.latencyKind(), c.step().label(), c.percentile().label(),
          Fmt.us(c.base()), Fmt.us(c.current()), Fmt.change(c.change()), Fmt.threshold(c.threshold()),
          verdict(c.verdict()));
    }
    out.append("### Latency changes beyond noise\n\n");
    if (!table.isEmpty()) {
      out.append(table.render());
    }
    out.append(quiet).append(" other latency percentile(s) within noise.\n\n");
  }

  private static void errors(Comparison comparison, StringBuilder out) {
    MarkdownTable table = new MarkdownTable("lllrrrl", "workload", "store", "op", "step", "baseline rate",
        "new rate", "verdict");
    for (ErrorChange c : comparison.errors()) {
      table.row(c.workload(), c.store(), c.op(), c.step().label(), Fmt.rate(c.baseRate()), Fmt.rate(c.newRate()),
          verdict(c.verdict()));
    }
    if (!table.isEmpty()) {
      out.append("### Failed operations\n\n").append(table.render());
    }
  }

  private static void verification(Comparison comparison, StringBuilder out) {
    MarkdownTable table = new MarkdownTable("llrrrl", "workload", "store", "queries", "identical", "differing",
        "status");
    for (VerificationCheck v : comparison.verification()) {
      Verification r = v.result();
      table.row(v.workload(), v.store(), r == null ? "-" : Long.toString(r.queries()),
          r == null ? "-" : Long.toString(r.identical()), r == null ? "-" : Long.toString(r.differing()),
          v.passed() ? "ok" : "**" + v.status() + "**");
    }
    if (!table.isEmpty()) {
      out.append("### Search verification\n\n").append(table.render());
    }
  }

  private static String verdict(Verdict verdict) {
    return verdict == Verdict.REGRESSION ? "**REGRESSION**" : verdict.label();
  }

  private static void bullets(String title, List<String> items, StringBuilder out) {
    if (items.isEmpty()) {
      return;
    }
    out.append("### ").append(title).append("\n\n");
    items.forEach(item -> out.append("- ").append(item).append('\n'));
    out.append('\n');
  }
}
