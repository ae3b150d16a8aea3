package io.github.ycsbdocsearch.report;

import java.util.List;
import java.util.OptionalLong;

/**
 * The summary rows as an HTML table for people: latencies scaled (µs, ms, s), steps that did not complete
 * flagged, unsupported percentiles shown as a dash. Stateless, thread-safe.
 */
final class SummaryTable {

  private SummaryTable() {
  }

  static String render(List<SummaryRow> rows, StorePalette palette) {
    StringBuilder html = new StringBuilder("<section id=\"summary\"><h2>Summary table</h2>\n"
        + "<p class=\"muted\">The rows of <code>summary.csv</code>, warm-up excluded, except intended-latency rows "
        + "of unthrottled steps (without a schedule they repeat the service time). Target –: unthrottled. "
        + "Latency –: no successful operation, or too few samples for that percentile. Throughput is the step's, "
        + "all operations.</p>\n"
        + "<div class=\"scroll\"><table class=\"grid summary\"><thead><tr><th>Store</th><th>Step</th>"
        + "<th>Threads</th><th>Target (ops/s)</th><th>Status</th><th>Throughput (ops/s)</th><th>Op</th>"
        + "<th>Latency</th><th>Count</th><th>Errors</th>");
    for (Percentile p : Percentile.values()) {
      html.append("<th>").append(p.label()).append("</th>");
    }
    html.append("<th>Max</th><th>Mean</th></tr></thead><tbody>\n");
    for (SummaryRow r : rows) {
      StepInfo s = r.info();
      if (!s.fixedRate() && r.operation().kind() == LatencyKind.INTENDED) {
        continue;
      }
      OperationSummary o = r.operation();
      html.append(s.complete() ? "<tr>" : "<tr class=\"incomplete\">")
          .append(Html.cell(Html.store(s.store(), palette)))
          .append(Html.cell(Html.esc(r.step().stepName())))
          .append(Html.num(Integer.toString(s.threads())))
          .append(Html.num(s.targetOps() == 0 ? "–" : Numbers.grouped(s.targetOps())))
          .append(Html.cell(Html.esc(s.status())))
          .append(Html.num(Numbers.rate(r.step().throughputOps())))
          .append(Html.cell(Html.esc(o.op())))
          .append(Html.cell(o.kind().label()))
          .append(Html.num(Numbers.grouped(o.count())))
          .append(o.errors() > 0 ? "<td class=\"n err\">" + Numbers.grouped(o.errors()) + "</td>" : Html.num("0"));
      for (Percentile p : Percentile.values()) {
        html.append(Html.num(micros(r.percentile(p))));
      }
      html.append(Html.num(micros(r.maxUs())))
          .append(Html.num(o.latency().map(l -> Numbers.micros(l.meanUs())).orElse("–")))
          .append("</tr>\n");
    }
    return html.append("</tbody></table></div></section>\n").toString();
  }

  private static String micros(OptionalLong v) {
    return v.isPresent() ? Numbers.micros(v.getAsLong()) : "–";
  }
}
