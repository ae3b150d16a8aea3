package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.compare.Comparison.ErrorChange;
import io.github.ycsbdocsearch.compare.Comparison.HeadlineChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.compare.Comparison.UnusableStep;
import io.github.ycsbdocsearch.compare.Comparison.VerificationCheck;
import io.github.ycsbdocsearch.resultsformat.Verification;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The comparison for people, in a terminal, a CI log or a job summary (Markdown reads as text too):
 * the verdict as a title, where the thresholds came from and the multiple-comparison rule, each
 * store's headline with what set its capacity, only the latency changes beyond noise (with a count
 * of the rest, which {@code --csv} and {@code --json} list), error rates, steps not compared,
 * verification, stores without a result, failures, warnings, the verdict line last. Stateless.
 */
public final class MarkdownReport {

  private MarkdownReport() {}

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
    set("baseline", comparison.baseline(), out);
    set("new", comparison.current(), out);
    out.append("- thresholds: ").append(noiseLine()).append('\n');
    out.append("- rule: ").append(ruleLine(comparison)).append("\n\n");
    headline(comparison, out);
    latency(comparison, out);
    errors(comparison, out);
    unusable(comparison, out);
    verification(comparison, out);
    bullets(
        "No result (a failed run, not a regression)",
        comparison.failedRunStores().stream()
            .map(
                c ->
                    "%s/%s: no result in %s%s"
                        .formatted(
                            c.workload(),
                            c.store(),
                            // the baseline alone is a warning, not a failed run
                            Comparison.NEW.equals(c.noResult())
                                ? "the new run"
                                : "the baseline and the new run",
                            c.note() == null ? "" : " (" + c.note() + ")"))
            .toList(),
        out);
    bullets("Failures", comparison.failures(), out);
    bullets("Warnings", comparison.warnings(), out);
    out.append(comparison.verdictLine()).append('\n');
    return out.toString();
  }

  /** One line saying where the thresholds came from. */
  private static String noiseLine() {
    return Fmt.format(
        "capacity and peak from the two runs' own 95 %% intervals; DEFAULT thresholds where a run"
            + " recorded none (throughput %s, p50 %s, p99 %s, p99.9 %s: every latency percentile),"
            + " marked *",
        Fmt.percent(NoisePolicy.THROUGHPUT_DEFAULT),
        Fmt.percent(NoisePolicy.P50_DEFAULT),
        Fmt.percent(NoisePolicy.P99_DEFAULT),
        Fmt.percent(NoisePolicy.P999_DEFAULT));
  }

  /** One line stating the multiple-comparison rule with its numbers. */
  private static String ruleLine(Comparison comparison) {
    Comparison.Rule r = comparison.rule();
    return Fmt.format(
        "Bonferroni over %d figure(s) with intervals at alpha %s: threshold = max(%s, z x"
            + " sqrt(h_base^2 + h_new^2)), h = a run's relative 95 %% half-width, z = %.2f",
        r.metrics(),
        Fmt.number(r.alpha()),
        Fmt.percent(NoisePolicy.THROUGHPUT_FLOOR),
        r.multiplier());
  }

  /** A set's line: its folder, commit and each run's --tag labels, by workload. */
  private static void set(String name, ResultsSet set, StringBuilder out) {
    out.append("- ").append(name).append(": `").append(set.dir()).append('`');
    if (set.commit() != null) {
      out.append(" at commit `").append(set.commit()).append('`');
    }
    out.append(tags(set)).append('\n');
  }

  /** {@code , tags workloada: `host=m5d` `try=2`}; empty without tags. */
  private static String tags(ResultsSet set) {
    List<String> runs = new ArrayList<>();
    set.byWorkload()
        .forEach(
            (workload, run) -> {
              if (!run.tags().isEmpty()) {
                List<String> tags = new ArrayList<>();
                run.tags().forEach((k, v) -> tags.add("`" + k + "=" + v + "`"));
                runs.add(workload + ": " + String.join(" ", tags));
              }
            });
    return runs.isEmpty() ? "" : ", tags " + String.join("; ", runs);
  }

  private static void headline(Comparison comparison, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable(
            "lllrrrrlrrl",
            "workload | store | metric | baseline ops/s | new ops/s | change | threshold | verdict"
                + " | baseline peak | new peak | note");
    SortedSet<String> slos = new TreeSet<>();
    for (HeadlineChange c : comparison.headline()) {
      if (c.slo() != null && c.metric().equals(NoisePolicy.CAPACITY_METRIC)) {
        slos.add(c.slo().text());
      }
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
    if (!slos.isEmpty()) {
      out.append("capacity_ops = the highest sustained offered rate meeting ")
          .append(String.join(" / ", slos))
          .append("; peak = the closed-loop peak\n\n");
    }
  }

  private static void unusable(Comparison comparison, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable("lllll", "workload | store | step | side | why not compared");
    for (UnusableStep u : comparison.unusable()) {
      table.row(u.workload(), u.store(), u.step().label(), u.side(), u.reason());
    }
    out.append(table.render("### Steps not usable, not compared\n\n"));
  }

  private static void latency(Comparison comparison, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable(
            "llllllrrrrl",
            "workload | store | step | op | kind | pct | baseline us | new us | change | threshold"
                + " | verdict");
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
    out.append(quiet)
        .append(" other latency percentile(s) within noise (all of them: --csv, --json).\n\n");
  }

  private static void errors(Comparison comparison, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable(
            "llllrrrl",
            "workload | store | step | op | baseline rate | new rate | new errors | verdict");
    for (ErrorChange c : comparison.errors()) {
      table.row(
          c.workload(),
          c.store(),
          c.step().label(),
          c.op(),
          Fmt.rate(c.baseRate()),
          Fmt.rate(c.newRate()),
          Long.toString(c.newErrors()),
          verdict(c.verdict()));
    }
    out.append(table.render("### Failed operations\n\n"));
  }

  private static void verification(Comparison comparison, StringBuilder out) {
    MarkdownTable table =
        new MarkdownTable("llrrrl", "workload | store | queries | identical | differing | status");
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
    out.append(table.render("### Search verification\n\n"));
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
