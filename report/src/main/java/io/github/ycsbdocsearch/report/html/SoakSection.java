package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.SoakSummary;
import io.github.ycsbdocsearch.resultsformat.StoreRun;

/**
 * The soak of each store that ran one ({@code soak.json}): its drift from the first tenth of the
 * window to the last, the background events, the data set's growth, and a row per minute. Its
 * per-second chart is with the other fixed-rate steps'. Stateless, thread-safe.
 */
final class SoakSection {

  static final String ID = "soak";

  private SoakSection() {}

  /** The section, or "" when no store soaked. */
  static String render(RunFolder run, StorePalette palette) throws ResultsFormatException {
    StringBuilder body = new StringBuilder();
    for (StoreRun s : run.stores()) {
      SoakSummary soak = SoakSummary.readOptional(RunLayout.storeDir(run.dir(), s.name()));
      if (soak == null) {
        continue;
      }
      SoakSummary.Drift d = soak.drift();
      body.append("<h3>" + Html.store(s.name(), palette) + "</h3><p>")
          .append(
              Html.esc(
                  fmt(
                      "%s ops/s for %.0f s (%s). From the first %.0f s to the last: throughput %s"
                          + " -> %s ops/s (%s), intended p99 %s -> %s (x%s). Background events:"
                          + " %s.",
                      Numbers.rate(soak.targetOps()),
                      soak.windowS(),
                      soak.offeredFraction() == null
                          ? "a --rates value"
                          : fmt("%.0f %% of the capacity", 100 * soak.offeredFraction()),
                      d.tenthS(),
                      Numbers.rate(d.firstThroughputOps()),
                      Numbers.rate(d.lastThroughputOps()),
                      Html.orDash(d.throughputChangePct(), pct -> fmt("%+.1f %%", pct)),
                      micros(d.firstP99Us()),
                      micros(d.lastP99Us()),
                      d.p99Ratio() == null ? "–" : d.p99Ratio(),
                      soak.events().isEmpty() ? "none" : soak.events())))
          .append(dataSet(soak.dataSet()))
          .append("</p>\n<p><b>Trend</b> (Theil–Sen over the per-minute means, 95 % interval): ")
          .append(Html.esc(soak.trendsInWords()))
          .append(".</p>\n")
          .append(
              "<table class=\"grid\"><thead><tr><th>Minute</th><th>Seconds</th><th>Throughput"
                  + " (ops/s)</th><th>Requests</th><th>p50</th><th>p99</th><th>Max</th></tr></thead><tbody>\n");
      for (SoakSummary.Minute m : soak.minutes()) {
        body.append("<tr>")
            .append(Html.num(String.valueOf(m.minute())))
            .append(Html.num(fmt("%.1f", m.seconds())))
            .append(Html.num(Numbers.rate(m.throughputOps())))
            .append(Html.num(Numbers.grouped(m.requests())))
            .append(Html.num(micros(m.p50Us())))
            .append(Html.num(micros(m.p99Us())))
            .append(Html.num(micros(m.maxUs())))
            .append("</tr>\n");
      }
      body.append("</tbody></table>\n");
    }
    return Html.section(
        ID,
        "Soak: over time",
        "One long fixed-rate step after the other phases (<code>--soak</code>), minute by"
            + " minute from the intended-latency logs merged exactly; a percentile only where"
            + " the minute's samples support it (<code>soak.json</code>).",
        body);
  }

  private static String dataSet(SoakSummary.DataSet d) {
    if (d == null) {
      return "";
    }
    return Html.esc(
        fmt(
            " Data set: %s -> %s documents, %s -> %s bytes (%s); %s",
            Numbers.grouped(d.documentsBefore()),
            Numbers.grouped(d.documentsAfter()),
            Numbers.grouped(d.primaryBytesBefore()),
            Numbers.grouped(d.primaryBytesAfter()),
            d.measure(),
            Boolean.FALSE.equals(d.inMemory())
                ? "not compared with the "
                    + d.budgetMbPerServer()
                    + " MB memory budget: these bytes are files on disk, read through the page"
                    + " cache, while the budget is the heap"
                : d.withinBudget() == null
                    ? "whether each server fits its "
                        + d.budgetMbPerServer()
                        + " MB budget depends on how the data is spread (not measured per server)"
                    : d.withinBudget()
                        ? "within the " + d.budgetMbPerServer() + " MB budget (per server)"
                        : "OVER the " + d.budgetMbPerServer() + " MB budget"));
  }

  private static String micros(Long us) {
    return us == null ? "–" : us >= 10_000 ? fmt("%.1f ms", us / 1000.0) : us + " µs";
  }
}
