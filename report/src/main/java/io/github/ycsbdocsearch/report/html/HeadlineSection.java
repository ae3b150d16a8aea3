package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.CapacityText;
import io.github.ycsbdocsearch.report.charts.PeakWords;
import io.github.ycsbdocsearch.report.charts.ReportChart;
import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The answer the report leads with: per store the capacity under the latency objective with its 95
 * % interval, whether that reached the target width, the background work the deciding windows held
 * (capacity.json format 4; format 3 shows its bracket and confidence), the closed-loop peak, each
 * with why it is missing or only a bound ({@link HeadlineGaps}), and the machine's speed (client
 * CPU per operation at one thread); then each capacity chart. Stateless, thread-safe.
 */
final class HeadlineSection {

  static final String ID = "headline";

  private HeadlineSection() {}

  static String render(RunFolder run, StorePalette palette, List<ReportChart> charts) {
    boolean older =
        run.stores().stream()
            .map(StoreRun::capacity)
            .anyMatch(
                s ->
                    s != null
                        && s.capacitySearch() != null
                        && !CapacityText.estimated(s.capacitySearch()));
    StringBuilder html =
        new StringBuilder(
            Html.section(
                    ID,
                    "Headline: capacity under the latency objective",
                    "Capacity: the offered rate at which the share of requests over the"
                        + " objective's latency bound, in the long run, equals what the objective"
                        + " allows (1 % for p99): one estimate from every fixed-rate window the"
                        + " store decided, with its 95 % interval and the store's background work"
                        + " (rewrites, checkpoints, merges) that the deciding windows held. Peak:"
                        + " the closed-loop maximum, an upper bound that only brackets the search."
                        + " A missing number, or one that is only a bound, says why"
                        + " (<code>capacity.json</code>)."
                        + (older
                            ? " Runs written before this estimate (capacity.json format 3 and"
                                + " older) show the bisection's bracket and its confidence."
                            : ""))
                + "<table class=\"grid headline\"><thead><tr><th>Store</th><th>Capacity"
                + " (ops/s)</th><th>95 % interval (ops/s)</th><th>Background work inside the"
                + " deciding windows</th><th>Objective</th><th>Peak, closed loop"
                + " (ops/s)</th><th>Client CPU per op, 1 thread</th><th>How it was"
                + " found</th></tr></thead><tbody>\n");
    for (StoreRun s : run.stores()) {
      StoreCapacity sat = s.capacity();
      html.append("<tr>")
          .append(Html.cell(Html.store(s.name(), palette)))
          .append(capacityCell(s))
          .append(Html.cell(intervalCell(sat)))
          .append(Html.cell(cyclesCell(sat)))
          .append(Html.cell(Html.esc(sat == null || sat.slo() == null ? "–" : sat.slo().text())))
          .append(peakCell(s))
          .append(speedCell(s))
          .append(Html.cell(Html.esc(sat == null ? "no capacity.json" : how(sat))))
          .append("</tr>\n");
    }
    html.append("</tbody></table>\n")
        .append(
            "<p class=\"muted small\">Client CPU per op: the client's CPU per operation in the"
                + " capacity ramp's step at one closed-loop thread (its CPU over the window, JIT"
                + " compiler left out, divided by the throughput), a measure of this machine's"
                + " speed. Machines here differ 2–2.5x in it: compare runs only with this"
                + " beside them.</p>\n");
    charts.stream()
        .filter(c -> c.section() == ReportChart.Section.CAPACITY)
        .forEach(c -> html.append(HtmlReport.figure(c)));
    return html.append("</section>\n").toString();
  }

  private static String capacityCell(StoreRun s) {
    String missing = HeadlineGaps.missingCapacity(s);
    if (missing != null) {
      return "<td class=\"n err\">" + Html.esc(missing) + "</td>";
    }
    StoreCapacity sat = s.capacity();
    String client = HeadlineGaps.clientReason(s);
    // "≥": a lower bound reads as one before its words are read.
    return value(
        (Boolean.TRUE.equals(sat.capacityLowerBound()) ? "≥ " : "")
            + Numbers.rate(sat.capacityOps()),
        HeadlineGaps.capacityBound(s),
        client == null ? CapacityText.setBy(sat) : "the client: " + client,
        sat.capacityStep());
  }

  private static String peakCell(StoreRun s) {
    String missing = HeadlineGaps.missingPeak(s);
    if (missing != null) {
      return "<td class=\"n err\">" + Html.esc(missing) + "</td>";
    }
    StoreCapacity sat = s.capacity();
    String ci =
        sat.peakCi95() == null
            ? ""
            : " ± " + Numbers.rate((sat.peakCi95().get(1) - sat.peakCi95().get(0)) / 2);
    String bound = PeakWords.bound(s);
    return value(
        Numbers.rate(sat.peakOps()) + ci,
        bound != null ? bound : HeadlineGaps.peakInterrupted(s),
        null,
        sat.peakStep());
  }

  /**
   * A headline number in bold, the bound it is (words) beneath, why (a longer note), and its step.
   */
  private static String value(String number, String bound, String why, String step) {
    return Html.num(
        "<b>"
            + Html.esc(number)
            + "</b>"
            + (bound == null ? "" : "<br><span class=\"bound\">" + Html.esc(bound) + "</span>")
            + (why == null ? "" : "<br><span class=\"note\">" + Html.esc(why) + "</span>")
            + (step == null
                ? ""
                : "<br><span class=\"muted small\">" + Html.esc(step) + "</span>"));
  }

  /**
   * The 95 % interval and whether it came within the target width (format 4), or the bracket and
   * its confidence (format 3); – without a search.
   */
  private static String intervalCell(StoreCapacity sat) {
    CapacitySearchRecord c = sat == null ? null : sat.capacitySearch();
    if (c == null) {
      return "–";
    }
    if (!CapacityText.estimated(c)) {
      return sat.capacityBracket() == null
          ? "–"
          : "bracket "
              + Html.esc(sat.capacityBracket())
              + "<br><span class=\"muted small\">"
              + (c.confidence() == null ? "" : Math.round(c.confidence() * 100) + " %, ")
              + (c.converged() ? "converged" : "not converged")
              + "</span>";
    }
    String interval = CapacityText.interval(c);
    if (interval == null) {
      return "<span class=\"muted\">none"
          + (c.lowerBound() ? ": a lower bound has no upper end" : "")
          + "</span>";
    }
    String target =
        "±" + Numbers.rounded(c.resolution() * 100, 1).stripTrailingZeros().toPlainString() + " %";
    String width =
        c.halfWidth() == null ? "open" : "±" + CapacityText.percent(c.halfWidth()).trim();
    return "<b class=\"nowrap\">"
        + Html.esc(interval)
        + "</b><br>"
        + (c.converged()
            ? "<span class=\"ok\">" + Html.esc(width + ": within the " + target + " target")
            : "<span class=\"bound\">" + Html.esc(width + ": wider than the " + target + " target"))
        + "</span>";
  }

  /**
   * Each kind of background work the store showed and how much of it the deciding windows held
   * (format 4); uncovered kinds flagged.
   */
  private static String cyclesCell(StoreCapacity sat) {
    CapacitySearchRecord c = CapacityText.estimate(sat);
    if (c == null) {
      return "<span class=\"muted\">–</span>";
    }
    if (c.cycles().isEmpty()) {
      return "<span class=\"muted\">none recorded</span>";
    }
    return c.cycles().stream()
        .map(
            k ->
                "<span class=\""
                    + (k.covered() ? "" : "bound ")
                    + "note\">"
                    + Html.esc(CapacityText.cycle(k))
                    + "</span>")
        .collect(Collectors.joining("<br>"));
  }

  /**
   * The machine's speed: the client's CPU µs per operation at one closed-loop thread, from the
   * store's capacity-ramp step with 1 thread.
   */
  private static String speedCell(StoreRun s) {
    Optional<StepSummary> one =
        s.completeSteps(Phase.RAMP).stream()
            .filter(
                st -> st.threads() == 1 && st.clientCpuCores() != null && st.throughputOps() > 0)
            .findFirst();
    if (one.isEmpty()) {
      return Html.num("<span class=\"muted\">– (no 1-thread step with its CPU)</span>");
    }
    StepSummary step = one.get();
    double us = step.clientCpuCores() / step.throughputOps() * 1e6;
    return value(fmt(us >= 10 ? "%.0f µs" : "%.1f µs", us), null, null, step.step());
  }

  /**
   * The precision reached against the one asked, in how long, and what the search expected when its
   * interval first closed: "Reached +-4.1 % (target +-3 %) in 6.2 min; when its interval first
   * closed (+-9.0 %, after the curve) it expected to need 12 more measured minutes."
   */
  static String reached(CapacitySearchRecord c) {
    if (c.minutes() == null) {
      return "";
    }
    String got =
        c.halfWidth() == null
            ? "An open interval"
            : (c.converged() ? "Reached ±" : "±") + CapacityText.percent(c.halfWidth()).trim();
    String text =
        fmt(
            "%s (target ±%s) %s %.1f min of curve and search",
            got,
            CapacityText.percent(c.resolution()).trim(),
            c.converged() ? "in" : "after",
            c.minutes());
    CapacitySearchRecord.Forecast f = c.forecast();
    if (f != null) {
      text +=
          fmt(
              "; when its interval first closed (±%s, %s) it expected to need %.1f more measured"
                  + " min",
              CapacityText.percent(f.halfWidth()).trim(),
              f.afterS() > 0 ? fmt("after %.0f s of probes", f.afterS()) : "after the curve",
              f.moreS() / 60);
    }
    return text + ". ";
  }

  private static String how(StoreCapacity sat) {
    CapacitySearchRecord c = CapacityText.estimate(sat);
    String capacity;
    if (c != null) {
      long clientLimited =
          c.probes().stream().filter(p -> CapacityText.CLIENT_LIMITED.equals(p.outcome())).count();
      long informed = c.probes().stream().filter(p -> p.weight() != null && p.weight() > 0).count();
      capacity =
          fmt(
                  "%d fixed-rate windows: %d informed the model at the estimate, %d client-limited"
                      + " (left out)%s. ",
                  c.probes().size(),
                  informed,
                  clientLimited,
                  c.budgetS() == null || c.budgetUsedS() == null
                      ? ""
                      : fmt(
                          "; the search's probes took %.0f of %.0f s",
                          c.budgetUsedS(), c.budgetS()))
              + reached(c);
    } else {
      capacity = sat.capacityReason() == null ? "" : sat.capacityReason() + ". ";
    }
    return capacity + (sat.reason() == null ? "" : "Peak: " + sat.reason() + ".");
  }
}
