package io.github.ycsbdocsearch.report.html;

import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.Saturation;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.util.List;
import java.util.Locale;

/**
 * The answer the report leads with: per store the capacity under the latency objective and the
 * closed-loop peak, each with why it is missing or only a bound ({@link HeadlineGaps}); and, for
 * the capacity search section, every probe the search ran. Stateless, thread-safe.
 */
final class HeadlineSection {

  static final String ID = "headline";

  private HeadlineSection() {}

  static String render(RunFolder run, StorePalette palette) {
    StringBuilder html =
        new StringBuilder(
            Html.section(
                    ID,
                    "Headline: capacity under the latency objective",
                    "Capacity: the highest offered rate whose requests were sent on time and whose"
                        + " intended latency met the objective (a statistical test over all"
                        + " requests), with the search's bracket and confidence. Peak: the"
                        + " closed-loop maximum, an upper bound that only brackets the search. A"
                        + " missing number, or one that is only a bound, says why"
                        + " (<code>saturation.json</code>).")
                + "<table class=\"grid headline\"><thead><tr><th>Store</th><th>Capacity"
                + " (ops/s)</th><th>Bracket, confidence</th><th>Objective</th><th>Peak, closed loop"
                + " (ops/s)</th><th>How it was found</th></tr></thead><tbody>\n");
    for (StoreRun s : run.stores()) {
      Saturation sat = s.saturation();
      html.append("<tr>")
          .append(Html.cell(Html.store(s.name(), palette)))
          .append(capacityCell(s))
          .append(Html.cell(Html.esc(sat == null ? "–" : bracket(sat))))
          .append(Html.cell(Html.esc(sat == null || sat.slo() == null ? "–" : sat.slo())))
          .append(peakCell(s))
          .append(Html.cell(Html.esc(sat == null ? "no saturation.json" : how(sat))))
          .append("</tr>\n");
    }
    return html.append("</tbody></table></section>\n").toString();
  }

  private static String capacityCell(StoreRun s) {
    String missing = HeadlineGaps.missingCapacity(s);
    if (missing != null) {
      return "<td class=\"n err\">" + Html.esc(missing) + "</td>";
    }
    Saturation sat = s.saturation();
    return value(
        Numbers.rate(sat.capacityOps()), HeadlineGaps.capacityBound(s), sat.capacityStep());
  }

  private static String peakCell(StoreRun s) {
    String missing = HeadlineGaps.missingPeak(s);
    if (missing != null) {
      return "<td class=\"n err\">" + Html.esc(missing) + "</td>";
    }
    Saturation sat = s.saturation();
    String ci =
        sat.peakCi95() == null
            ? ""
            : " ± " + Numbers.rate((sat.peakCi95().get(1) - sat.peakCi95().get(0)) / 2);
    String bound = HeadlineGaps.peakBound(s);
    return value(
        Numbers.rate(sat.peak()) + ci,
        bound != null ? bound : HeadlineGaps.peakInterrupted(s),
        sat.peakStep());
  }

  /** A headline number in bold, the bound it is (in words) beneath, and the step that set it. */
  private static String value(String number, String bound, String step) {
    return Html.num(
        "<b>"
            + Html.esc(number)
            + "</b>"
            + (bound == null ? "" : "<br><span class=\"bound\">" + Html.esc(bound) + "</span>")
            + (step == null
                ? ""
                : "<br><span class=\"muted small\">" + Html.esc(step) + "</span>"));
  }

  /**
   * The capacity search's bracket and confidence, e.g. {@code [4365, 4449], 97 %, converged}; –
   * without a search.
   */
  private static String bracket(Saturation sat) {
    if (sat.capacityBracket() == null) {
      return "–";
    }
    CapacitySearchRecord c = sat.capacitySearch();
    return sat.capacityBracket()
        + (c.confidence() == null ? "" : ", " + Math.round(c.confidence() * 100) + " %")
        + (c.converged() ? ", converged" : ", not converged");
  }

  private static String how(Saturation sat) {
    return (sat.capacityReason() == null ? "" : sat.capacityReason() + ". ")
        + (sat.reason() == null ? "" : "Peak: " + sat.reason() + ".");
  }

  /**
   * Every probe of every store's capacity search, folded: the curve's points first, then the
   * search's.
   */
  static String probes(RunFolder run, StorePalette palette) {
    StringBuilder rows = new StringBuilder();
    int count = 0;
    for (StoreRun s : run.stores()) {
      Saturation sat = s.saturation();
      List<CapacitySearchRecord.Probe> probes =
          sat == null || sat.capacitySearch() == null ? List.of() : sat.capacitySearch().probes();
      for (CapacitySearchRecord.Probe p : probes) {
        String outcome = p.outcome() == null ? "–" : p.outcome().replace('_', '-');
        rows.append("<tr class=\"probe-")
            .append(Html.esc(outcome.toLowerCase(Locale.ROOT)))
            .append("\">")
            .append(Html.cell(Html.store(s.name(), palette)))
            .append(Html.cell(Html.esc(p.step())))
            .append(Html.num(Numbers.grouped(p.rateOps())))
            .append(Html.cell(Html.esc(p.reason())))
            .append(Html.cell(Html.esc(outcome)))
            .append(
                Html.num(p.confidence() == null ? "–" : Math.round(p.confidence() * 100) + " %"))
            .append("</tr>\n");
        count++;
      }
    }
    if (count == 0) {
      return "";
    }
    return "<details class=\"probes\"><summary>Every probe of the capacity search ("
        + count
        + ", <code>saturation.json</code>): the latency curve's points, then the rates the search"
        + " chose</summary>\n"
        + "<table class=\"grid\"><thead><tr><th>Store</th><th>Step</th><th>Offered"
        + " (ops/s)</th><th>Why</th><th>Outcome</th><th>Confidence</th></tr></thead><tbody>\n"
        + rows
        + "</tbody></table></details>\n";
  }
}
