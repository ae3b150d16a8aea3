package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.compare.Comparison.ErrorChange;
import io.github.ycsbdocsearch.compare.Comparison.HeadlineChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.compare.Comparison.UnusableStep;
import io.github.ycsbdocsearch.compare.Comparison.VerificationCheck;
import io.github.ycsbdocsearch.resultsformat.Verification;
import java.util.List;

/**
 * The comparison as Markdown for a CI job summary: the verdict first, then each store's headline,
 * only the latency and error changes beyond noise (with a count of the rest), steps not compared,
 * verification, failures and warnings.
 *
 * <p>Stateless; safe to use from several threads.
 */
public final class MarkdownReport {

  private MarkdownReport() {}

  /**
   * @param comparison what to render
   * @return Markdown text
   */
  public static String render(Comparison comparison) {
    StringBuilder out = new StringBuilder();
    int code = comparison.exitCode();
    out.append("## Performance compared with the baseline: ")
        .append(
            code == Comparison.EXIT_OK
                ? "no regression"
                : code == Comparison.EXIT_FAILED_RUN
                    ? "FAILED RUN (a store has no result)"
                    : "REGRESSION")
        .append("\n\n");
    out.append('`').append(comparison.verdictLine()).append("`\n\n");
    out.append("- baseline: `")
        .append(comparison.baseline().dir())
        .append('`')
        .append(commit(comparison.baseline()))
        .append('\n');
    out.append("- new: `")
        .append(comparison.current().dir())
        .append('`')
        .append(commit(comparison.current()))
        .append('\n');
    out.append("- thresholds: ").append(TextReport.noiseLine(comparison)).append('\n');
    out.append("- rule: ").append(TextReport.ruleLine(comparison)).append("\n\n");
    headline(comparison, out);
    latency(comparison, out);
    errors(comparison, out);
    unusable(comparison, out);
    verification(comparison, out);
    bullets("Failures", comparison.failures(), out);
    bullets("Warnings", comparison.warnings(), out);
    return out.toString();
  }

  private static String commit(ResultsSet set) {
    return set.commit() == null ? "" : " at commit `" + set.commit() + "`";
  }

  private static void headline(Comparison comparison, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable(
            "lllrrrrlrrl",
            "workload",
            "store",
            "metric",
            "baseline ops/s",
            "new ops/s",
            "change",
            "threshold",
            "verdict",
            "baseline peak",
            "new peak",
            "note");
    for (HeadlineChange c : comparison.headline()) {
      table.row(
          c.workload(),
          c.store(),
          c.metric(),
          Fmt.ops(c.base()),
          Fmt.ops(c.current()),
          Fmt.change(c.change()),
          Fmt.threshold(c.threshold()),
          c.verdict() == Verdict.REGRESSION ? verdict(c.verdict()) : c.verdictLabel(),
          Fmt.ops(c.basePeak()),
          Fmt.ops(c.newPeak()),
          c.notes());
    }
    out.append(
            "### Headline: capacity (SLO-bound) when both runs have one, else closed-loop peak\n\n")
        .append(table.render());
  }

  private static void unusable(Comparison comparison, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable("lllll", "workload", "store", "step", "side", "why not compared");
    for (UnusableStep u : comparison.unusable()) {
      table.row(u.workload(), u.store(), u.step().label(), u.side(), u.reason());
    }
    if (!table.isEmpty()) {
      out.append("### Steps not usable, not compared\n\n").append(table.render());
    }
  }

  private static void latency(Comparison comparison, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable(
            "llllllrrrrl",
            "workload",
            "store",
            "step",
            "op",
            "kind",
            "pct",
            "baseline us",
            "new us",
            "change",
            "threshold",
            "verdict");
    long quiet = 0;
    for (LatencyChange c : comparison.latency()) {
      if (c.verdict() == Verdict.WITHIN_NOISE) {
        quiet++;
        continue;
      }
      table.row(
          c.workload(),
          c.store(),
          c.step().label(),
          c.op(),
          c.kind().label(),
          c.percentile().label(),
          Fmt.us(c.base()),
          Fmt.us(c.current()),
          Fmt.change(c.change()),
          Fmt.threshold(c.threshold()),
          verdict(c.verdict()));
    }
    out.append("### Latency changes beyond noise\n\n");
    if (!table.isEmpty()) {
      out.append(table.render());
    }
    out.append(quiet).append(" other latency percentile(s) within noise.\n\n");
  }

  private static void errors(Comparison comparison, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable(
            "llllrrl", "workload", "store", "step", "op", "baseline rate", "new rate", "verdict");
    for (ErrorChange c : comparison.errors()) {
      table.row(
          c.workload(),
          c.store(),
          c.step().label(),
          c.op(),
          Fmt.rate(c.baseRate()),
          Fmt.rate(c.newRate()),
          verdict(c.verdict()));
    }
    if (!table.isEmpty()) {
      out.append("### Failed operations\n\n").append(table.render());
    }
  }

  private static void verification(Comparison comparison, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable(
            "llrrrl", "workload", "store", "queries", "identical", "differing", "status");
    for (VerificationCheck v : comparison.verification()) {
      Verification r = v.result();
      table.row(
          v.workload(),
          v.store(),
          r == null ? "-" : Integer.toString(r.queries()),
          r == null ? "-" : Integer.toString(r.identical()),
          r == null ? "-" : Integer.toString(r.differing()),
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
