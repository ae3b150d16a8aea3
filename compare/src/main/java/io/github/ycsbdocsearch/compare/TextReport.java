package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.compare.Comparison.ErrorChange;
import io.github.ycsbdocsearch.compare.Comparison.HeadlineChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.compare.Comparison.UnusableStep;
import io.github.ycsbdocsearch.compare.Comparison.VerificationCheck;
import io.github.ycsbdocsearch.resultsformat.Verification;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The comparison as aligned text tables for a terminal or a CI log: where the thresholds came from
 * and the multiple-comparison rule, then per workload the headline, latency, error rates and the
 * steps not compared, then verification, failures, warnings and a last verdict line. Stateless.
 */
public final class TextReport {

  private TextReport() {}

  /** The report, ending with the verdict line. */
  public static String render(Comparison comparison) {
    StringBuilder out = new StringBuilder();
    out.append("Baseline: ").append(describe(comparison.baseline())).append('\n');
    out.append("New:      ").append(describe(comparison.current())).append('\n');
    out.append("Noise:    ").append(noiseLine(comparison)).append('\n');
    out.append("Rule:     ").append(ruleLine(comparison)).append("\n\n");
    for (String workload : comparison.baseline().byWorkload().keySet()) {
      headline(comparison, workload, out);
      latency(comparison, workload, out);
      errors(comparison, workload, out);
      unusable(comparison, workload, out);
    }
    verification(comparison, out);
    list(
        "No result (a failed run, not a regression)",
        comparison.failedRunStores().stream()
            .map(
                c ->
                    c.workload()
                        + "/"
                        + c.store()
                        + ": no result in "
                        + side(c.noResult())
                        + (c.note() == null ? "" : " (" + c.note() + ")"))
            .toList(),
        out);
    list("Failures", comparison.failures(), out);
    list("Warnings", comparison.warnings(), out);
    out.append(comparison.verdictLine()).append('\n');
    return out.toString();
  }

  /** "the new run", "the baseline", "the baseline and the new run". */
  static String side(String side) {
    return switch (side) {
      case Comparison.BASELINE -> "the baseline";
      case Comparison.NEW -> "the new run";
      default -> "the baseline and the new run";
    };
  }

  /** One line saying whether thresholds were measured or defaults. */
  static String noiseLine(Comparison comparison) {
    NoiseModel noise = comparison.noise();
    if (!noise.present()) {
      return String.format(
          Locale.ROOT,
          "DEFAULT thresholds, the baseline has no noise.json (throughput %s, p50 %s,"
              + " p99 %s, p99.9 %s); marked *",
          Fmt.percent(NoisePolicy.THROUGHPUT_DEFAULT),
          Fmt.percent(NoisePolicy.P50_DEFAULT),
          Fmt.percent(NoisePolicy.P99_DEFAULT),
          Fmt.percent(NoisePolicy.P999_DEFAULT));
    }
    String line =
        String.format(
            Locale.ROOT,
            "measured: %s (%d runs, %s)",
            noise.file(),
            noise.runs(),
            noise.format() == 1
                ? "format 1: one spread per metric for all steps"
                : "a spread per step and metric");
    return comparison.usedDefaultThresholds()
        ? line + "; metrics it lacks use defaults, marked *"
        : line;
  }

  /** One line stating the multiple-comparison rule with its numbers. */
  static String ruleLine(Comparison comparison) {
    Comparison.Rule r = comparison.rule();
    return String.format(
        Locale.ROOT,
        "Bonferroni over %d metrics at alpha %s: threshold = max(floor, t x sqrt(2) x CV'), t ="
            + " %.2f for %d runs, CV' = the step's CV moderated toward a pooled CV; floors %s"
            + " throughput, %s latency",
        r.metrics(),
        Fmt.number(r.alpha()),
        r.typicalT(),
        NoisePolicy.MIN_RUNS,
        Fmt.percent(NoisePolicy.THROUGHPUT_FLOOR),
        Fmt.percent(NoisePolicy.LATENCY_FLOOR));
  }

  private static String describe(ResultsSet set) {
    String commit = set.commit();
    return set.dir() + (commit == null ? "" : " (commit " + commit + ")");
  }

  private static void headline(Comparison comparison, String workload, StringBuilder out) {
    TextTable table =
        new TextTable(
            "llrrrrlrr",
            "store",
            "metric",
            "base ops/s",
            "new ops/s",
            "change",
            "threshold",
            "verdict",
            "base peak",
            "new peak");
    List<String> notes = new ArrayList<>();
    SortedSet<String> slos = new TreeSet<>();
    for (HeadlineChange c : comparison.headline()) {
      if (c.workload().equals(workload)) {
        table.row(
            c.store(),
            c.metric(),
            Fmt.ops(c.base()),
            Fmt.ops(c.current()),
            Fmt.change(c.change()),
            Fmt.threshold(c.threshold()),
            c.verdictLabel(),
            Fmt.ops(c.basePeak()),
            Fmt.ops(c.newPeak()));
        if (c.note() != null) {
          notes.add(c.store() + ": " + c.note());
        }
        if (c.setBy() != null) {
          notes.add(c.store() + ": " + c.setBy());
        }
        if (c.slo() != null && c.metric().equals(NoisePolicy.CAPACITY_METRIC)) {
          slos.add(c.slo());
        }
      }
    }
    if (!table.isEmpty()) {
      out.append("== ")
          .append(workload)
          .append(": headline (capacity when both runs have one, else peak) ==\n")
          .append(table.render());
      if (!slos.isEmpty()) {
        out.append("  capacity_ops = highest sustained offered rate meeting ")
            .append(String.join(" / ", slos))
            .append("; peak = closed-loop peak\n");
      }
      notes.forEach(n -> out.append("  ").append(n).append('\n'));
      out.append('\n');
    }
  }

  private static void latency(Comparison comparison, String workload, StringBuilder out) {
    TextTable table =
        new TextTable(
            "lllllrrrrl",
            "store",
            "step",
            "op",
            "kind",
            "pct",
            "base us",
            "new us",
            "change",
            "threshold",
            "verdict");
    for (LatencyChange c : comparison.latency()) {
      if (c.workload().equals(workload)) {
        table.row(
            c.store(),
            c.step().label(),
            c.op(),
            c.kind().label(),
            c.percentile().label(),
            Fmt.us(c.base()),
            Fmt.us(c.current()),
            Fmt.change(c.change()),
            Fmt.threshold(c.threshold()),
            c.verdict().label());
      }
    }
    if (!table.isEmpty()) {
      out.append("== ")
          .append(workload)
          .append(": latency percentiles by step ==\n")
          .append(table.render())
          .append('\n');
    }
  }

  private static void errors(Comparison comparison, String workload, StringBuilder out) {
    TextTable table =
        new TextTable(
            "lllrrrl", "store", "step", "op", "base rate", "new rate", "new errors", "verdict");
    for (ErrorChange c : comparison.errors()) {
      if (c.workload().equals(workload)) {
        table.row(
            c.store(),
            c.step().label(),
            c.op(),
            Fmt.rate(c.baseRate()),
            Fmt.rate(c.newRate()),
            Long.toString(c.newErrors()),
            c.verdict().label());
      }
    }
    if (!table.isEmpty()) {
      out.append("== ")
          .append(workload)
          .append(": failed operations ==\n")
          .append(table.render())
          .append('\n');
    }
  }

  private static void unusable(Comparison comparison, String workload, StringBuilder out) {
    TextTable table = new TextTable("llll", "store", "step", "side", "why not compared");
    for (UnusableStep u : comparison.unusable()) {
      if (u.workload().equals(workload)) {
        table.row(u.store(), u.step().label(), u.side(), u.reason());
      }
    }
    if (!table.isEmpty()) {
      out.append("== ")
          .append(workload)
          .append(": steps not usable, not compared ==\n")
          .append(table.render())
          .append('\n');
    }
  }

  private static void verification(Comparison comparison, StringBuilder out) {
    TextTable table =
        new TextTable("llrrrl", "workload", "store", "queries", "identical", "differing", "status");
    for (VerificationCheck v : comparison.verification()) {
      Verification r = v.result();
      table.row(
          v.workload(),
          v.store(),
          r == null ? "-" : Integer.toString(r.queries()),
          r == null ? "-" : Integer.toString(r.identical()),
          r == null ? "-" : Integer.toString(r.differing()),
          v.status());
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
