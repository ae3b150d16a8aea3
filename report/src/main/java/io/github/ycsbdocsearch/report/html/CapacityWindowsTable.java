package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.CapacityText;
import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.util.List;
import java.util.Locale;

/**
 * Every fixed-rate window of every store's capacity search (capacity.json {@code
 * capacity_search.probes}), folded, in the order they ran: its rate, why it ran, its length, its
 * worst operation's requests over the bound and their share, how much it weighed in the model at
 * the estimate, and its outcome (pass, fail, or client-limited with the client's reason). Format-3
 * windows have no counts: their outcome carries the decision's confidence. Stateless, thread-safe.
 */
final class CapacityWindowsTable {

  private CapacityWindowsTable() {}

  /** The folded table, or "" when no store recorded a window. */
  static String render(RunFolder run, StorePalette palette) {
    StringBuilder rows = new StringBuilder();
    int count = 0;
    for (StoreRun s : run.stores()) {
      StoreCapacity sat = s.capacity();
      List<CapacitySearchRecord.Probe> probes =
          sat == null || sat.capacitySearch() == null ? List.of() : sat.capacitySearch().probes();
      for (CapacitySearchRecord.Probe p : probes) {
        rows.append(row(s, p, palette));
        count++;
      }
    }
    if (count == 0) {
      return "";
    }
    return "<details class=\"probes\"><summary>Every fixed-rate window of the capacity search ("
        + count
        + ", <code>capacity.json</code>): the latency curve's points, then the rates the search"
        + " chose</summary>\n"
        + "<p class=\"muted small\">Over the bound: the requests of the window's worst operation"
        + " whose intended latency exceeded the objective's bound (failed and unsent requests"
        + " count as over). Weight: how much the window counted in the model fitted at the"
        + " estimate (0 to 1; 0 outside its range). Outcome: the window's own share against the"
        + " allowance, for reading only (the estimate pools every window), or client-limited:"
        + " left out of the estimate.</p>\n"
        + "<table class=\"grid\"><thead><tr><th>Store</th><th>Step</th><th>Offered"
        + " (ops/s)</th><th>Why</th><th>Window (s)</th><th>Worst op</th><th>Over the"
        + " bound</th><th>Share over</th><th>Weight</th><th>Outcome</th><th>The client's"
        + " reason</th></tr></thead><tbody>\n"
        + rows
        + "</tbody></table></details>\n";
  }

  private static String row(StoreRun s, CapacitySearchRecord.Probe p, StorePalette palette) {
    String outcome = CapacityText.outcome(p);
    Double share = p.share();
    return "<tr class=\"probe-"
        + Html.esc(outcome.toLowerCase(Locale.ROOT))
        + "\">"
        + Html.cell(Html.store(s.name(), palette))
        + Html.cell(Html.esc(p.step()))
        + Html.num(Numbers.grouped(p.rateOps()))
        + Html.cell(Html.esc(CapacityText.reason(p)))
        + Html.num(p.seconds() == null ? "–" : Numbers.rounded(p.seconds(), 1).toPlainString())
        + Html.cell(Html.esc(p.op() == null ? "–" : p.op()))
        + Html.num(
            p.over() == null || p.requests() == null
                ? "–"
                : Numbers.grouped(p.over()) + " of " + Numbers.grouped(p.requests()))
        + Html.num(share == null ? "–" : CapacityText.percent(share))
        + Html.num(
            p.weight() == null || CapacityText.CLIENT_LIMITED.equals(p.outcome())
                ? "–"
                : fmt("%.2f", p.weight()))
        + Html.cell(
            Html.esc(
                outcome
                    + (p.confidence() == null
                        ? ""
                        : " (confidence " + Math.round(p.confidence() * 100) + " %)")))
        + Html.cell(Html.esc(p.clientLimit() == null ? "" : p.clientLimit()))
        + "</tr>\n";
  }
}
