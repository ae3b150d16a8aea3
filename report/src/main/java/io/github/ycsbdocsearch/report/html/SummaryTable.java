package io.github.ycsbdocsearch.report.html;

import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import java.util.List;
import java.util.OptionalLong;

/**
 * The summary rows as an HTML table for people: latencies scaled (µs, ms, s), steps that did not
 * complete flagged, unsupported percentiles shown as a dash. Stateless, thread-safe.
 */
final class SummaryTable {

  private SummaryTable() {}

  static String render(List<SummaryRow> rows, StorePalette palette) {
    StringBuilder html =
        new StringBuilder(
            "<section id=\"summary\"><h2>Summary table</h2>\n"
                + "<p class=\"muted\">The rows of <code>summary.csv</code>, warm-up excluded:"
                + " successes only, and where an operation failed also all requests (failures"
                + " included). Intended latency only for fixed-rate steps. Target –: closed loop."
                + " Latency –: no successful operation, or too few samples for that percentile (the"
                + " samples must hold its 95 % upper bound: p99 needs 299, p99.9 2,995; Up to: the"
                + " highest they support). Throughput is the step's: workload operations that"
                + " succeeded, composed ones (read-modify-write, freshness) once. Parts: records of"
                + " this row that were parts of a composed operation.</p>\n"
                + "<div class=\"scroll\"><table class=\"grid"
                + " summary\"><thead><tr><th>Store</th><th>Phase</th><th>Step</th><th>Threads</th><th>Target"
                + " (ops/s)</th><th>Status</th><th>Throughput (ops/s)</th><th>Client CPU</th>"
                + "<th>Op</th><th>Latency</th><th>Requests</th><th>Count</th><th>Parts</th><th>Errors</th>");
    for (Percentile p : Percentile.values()) {
      html.append("<th>").append(p.label()).append("</th>");
    }
    html.append("<th>Up to</th><th>Max</th><th>Mean</th></tr></thead><tbody>\n");
    for (SummaryRow r : rows) {
      if (!r.successesOnly() && r.errors() == 0) {
        continue; // the all-requests row equals the successes-only one
      }
      html.append(r.usable() ? "<tr>" : "<tr class=\"incomplete\">")
          .append(Html.cell(Html.store(r.store(), palette)))
          .append(
              Html.cell(
                  Html.esc(
                      r.phase() == null
                          ? ""
                          : r.phase().jsonName()
                              + (r.offeredFraction() == null
                                  ? ""
                                  : " " + Math.round(r.offeredFraction() * 100) + " %"))))
          .append(Html.cell(Html.esc(r.stepDir())))
          .append(Html.num(Integer.toString(r.threads())))
          .append(Html.num(r.targetOps() == 0 ? "–" : Numbers.grouped(r.targetOps())))
          .append(Html.cell(Html.esc(status(r))))
          .append(Html.num(Numbers.rate(r.throughputOps())))
          .append(Html.num(r.clientCpuCores() == null ? "–" : Numbers.fixed(r.clientCpuCores(), 2)))
          .append(Html.cell(Html.esc(r.op())))
          .append(Html.cell(r.latencyKind()))
          .append(Html.cell(r.requests()))
          .append(Html.num(Numbers.grouped(r.count())))
          .append(Html.num(r.partCount() == 0 ? "–" : Numbers.grouped(r.partCount())))
          .append(
              r.errors() > 0
                  ? "<td class=\"n err\">" + Numbers.grouped(r.errors()) + "</td>"
                  : Html.num("0"));
      for (Percentile p : Percentile.values()) {
        html.append(Html.num(micros(r.percentile(p))));
      }
      html.append(Html.cell(r.supportedUpTo() == null ? "–" : Html.esc(r.supportedUpTo())))
          .append(Html.num(r.maxUs() == null ? "–" : Numbers.micros(r.maxUs())))
          .append(Html.num(r.meanUs() == null ? "–" : Numbers.micros(r.meanUs())))
          .append("</tr>\n");
    }
    return html.append("</tbody></table></div></section>\n").toString();
  }

  /** The step's recorded verdict for people: complete, or why its numbers do not count. */
  static String status(SummaryRow r) {
    return r.usable() ? "complete" : r.unusableReason();
  }

  private static String micros(OptionalLong v) {
    return v.isPresent() ? Numbers.micros(v.getAsLong()) : "–";
  }
}
