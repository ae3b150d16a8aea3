package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.CapacityText;
import io.github.ycsbdocsearch.report.charts.ReportChart;
import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Assembles {@code report.html}: one self-contained page (CSS and SVG inline, no script, no remote
 * resource) that opens offline. It leads with its answer: warnings, the headline (capacity, peak,
 * objective, or why each is missing) and the latency curves; then what the answer rests on: the
 * caveat, conditions, verification, the capacity search, a soak and a node lost under load (when
 * they ran), the spectra, every fixed-rate step over time, the summary table, and last the
 * environment, folded. Stateless, thread-safe.
 */
public final class HtmlReport {

  public static final String FILE_NAME = RunLayout.REPORT_HTML;

  private HtmlReport() {}

  public static String render(
      RunFolder run, List<SummaryRow> rows, List<ReportChart> charts, StorePalette palette)
      throws IOException {
    StringBuilder html =
        new StringBuilder(
                "<!DOCTYPE html>\n"
                    + "<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                    + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                    + "<title>")
            .append(Html.esc(title(run)))
            .append("</title>\n<style>\n")
            .append(Html.resource("report.css"))
            .append("</style></head>\n<body>\n");
    html.append(header(run));
    html.append("<main>\n");
    if (run.synthetic()) {
      html.append(
          "<div class=\"synthetic\">SYNTHETIC DATA: this folder was generated to test the report. "
              + "No store was measured; the numbers mean nothing.</div>\n");
    }
    html.append(StoreSections.alarmBanner(run));
    html.append(FaultSection.alarmBanner(run));
    html.append(HeadlineSection.render(run, palette, charts));
    html.append(chartSection(ReportChart.Section.LOAD, charts));
    html.append(caveat());
    html.append(ClientNeedSection.render(run, palette));
    html.append(ConditionsSection.render(run, palette));
    html.append(StoreSections.verification(run, palette));
    html.append(capacitySearch(run, palette));
    html.append(SoakSection.render(run, palette));
    html.append(FaultSection.render(run, palette, charts));
    for (ReportChart.Section section :
        List.of(
            ReportChart.Section.THROUGHPUT,
            ReportChart.Section.LATENCY,
            ReportChart.Section.SPECTRUM,
            ReportChart.Section.INTENDED,
            ReportChart.Section.TIME_SERIES)) {
      html.append(chartSection(section, charts));
    }
    html.append(SummaryTable.render(rows, palette));
    html.append(EnvironmentSection.render(run.manifest()));
    html.append("<footer>Derived files; rebuild with <code>scripts/report.sh ")
        .append(Html.esc(Objects.toString(run.dir().getFileName(), "")))
        .append(
            "</code>. Raw data: <code>&lt;store&gt;/steps/*/hdr/*.hdr</code> (HdrHistogram interval"
                + " logs) and <code>step.json</code>.</footer>\n"
                + "</main>\n"
                + "</body></html>\n");
    return html.toString();
  }

  private static String title(RunFolder run) {
    String workload = Objects.requireNonNullElse(run.manifestRecord().workloadName(), "");
    return "YCSB docsearch report" + (workload.isEmpty() ? "" : " — " + workload);
  }

  private static String header(RunFolder run) {
    StringBuilder h =
        new StringBuilder("<header class=\"top\"><div class=\"inner\"><h1>")
            .append(Html.esc(title(run)))
            .append("</h1><div class=\"facts\">");
    Manifest m = run.manifestRecord();
    fact(
        h,
        "run",
        Objects.requireNonNullElse(m.runId(), Objects.toString(run.dir().getFileName(), "")));
    fact(h, "started (UTC)", Objects.requireNonNullElse(m.startedUtc(), ""));
    fact(h, "git", Objects.requireNonNullElse(m.gitCommit(), ""));
    fact(h, "stores", String.join(", ", run.storeNames()));
    fact(h, "status", Objects.requireNonNullElse(m.status(), ""));
    fact(h, "tags", String.join(", ", m.tags().entrySet().stream().map(Object::toString).toList()));
    h.append("</div><nav>");
    navigation().forEach((id, text) -> h.append(fmt("<a href=\"#%s\">%s</a>", id, Html.esc(text))));
    return h.append("</nav></div></header>\n").toString();
  }

  /** Section ids and link texts, in page order. */
  private static Map<String, String> navigation() {
    Map<String, String> links = new LinkedHashMap<>();
    links.put(HeadlineSection.ID, "Headline");
    links.put(sectionId(ReportChart.Section.LOAD), "Latency vs offered load");
    links.put(ConditionsSection.ID, "Conditions");
    links.put("verification", "Verification");
    links.put(CAPACITY_SEARCH_ID, "Capacity search");
    links.put(sectionId(ReportChart.Section.SPECTRUM), "Spectrum");
    links.put(sectionId(ReportChart.Section.INTENDED), "Service vs intended");
    links.put(sectionId(ReportChart.Section.TIME_SERIES), "Over time");
    links.put("summary", "Summary table");
    links.put("environment", "Environment");
    return links;
  }

  private static String sectionId(ReportChart.Section section) {
    return section.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private static void fact(StringBuilder h, String name, String value) {
    if (!value.isEmpty()) {
      h.append(fmt("<span>%s: <b>%s</b></span>", Html.esc(name), Html.esc(value)));
    }
  }

  private static String caveat() {
    return "<div class=\"caveat\"><b>What these numbers mean.</b><p>They come from one run on one"
        + " machine (see Environment). Unless the environment shows separate hosts, the YCSB"
        + " client ran on the same machine as the stores and competed with them for CPU and"
        + " memory. Each point is one step of a few tens of seconds after warm-up, measured"
        + " once: differences of a few percent are within run-to-run noise.</p><p>Latencies"
        + " are HdrHistogram values (3 significant digits). <i>Service time</i> runs from"
        + " the call to its return; <i>intended</i> latency runs from when a fixed-rate"
        + " schedule said the call should start, so it includes queueing behind slow calls."
        + " Percentiles are shown only where the sample count supports them. The"
        + " <i>capacity</i> comes from fixed-rate windows over offered rates (one shared"
        + " Poisson schedule per window): the rate at which the share of requests over the"
        + " objective's bound reaches what the objective allows (1 % for p99), estimated from"
        + " every window the store decided, with a 95 % interval (runs before capacity.json"
        + " format 4: a bisection's bracket and the decision's confidence); the closed-loop"
        + " <i>peak</i> beside it"
        + " only brackets the search. Grey lines show the harness floor: YCSB's own BasicDB"
        + " (no store) at the same threads and rate. It leaves out each store's driver"
        + " (serialising, the network stack, the connection pool), which is most of the"
        + " client's work per operation: the floor is a lower bound on the client's part of"
        + " a latency, not the whole of it. Windows the client decided (its CPU saturated, or"
        + " its late sends changed the verdict while threads were free) are marked"
        + " client-limited and never stand for a store; a store stall that holds every thread"
        + " is the store's. Results depend on the data"
        + " set, the store settings and versions listed below; they are not a general"
        + " ranking of the products.</p></div>\n";
  }

  private static final String CAPACITY_SEARCH_ID = "capacity-search";

  /**
   * The windows of the offered rate behind each capacity, with the estimator in words; the
   * closed-loop ramp's charts follow.
   */
  private static String capacitySearch(RunFolder run, StorePalette palette) {
    String probes = CapacityWindowsTable.render(run, palette);
    String method =
        run.stores().stream()
            .map(StoreRun::capacity)
            .map(CapacityText::estimate)
            .filter(Objects::nonNull)
            .map(CapacitySearchRecord::method)
            .filter(Objects::nonNull)
            .findFirst()
            .map(m -> " The estimator, as the run recorded it: " + Html.esc(m) + ".")
            .orElse("");
    return Html.section(
            CAPACITY_SEARCH_ID,
            "Capacity search",
            "The closed-loop ramp (threads, no rate limit) finds the peak; fixed-rate windows"
                + " (the latency curve's points, then probes the search places where they narrow"
                + " the interval most, long enough to hold the store's background cycles) then"
                + " give one estimate of the capacity from all of them."
                + method)
        + (probes.isEmpty()
            ? "<p class=\"muted\">No capacity search record in this run.</p>\n"
            : probes)
        + "</section>\n";
  }

  private static String chartSection(ReportChart.Section section, List<ReportChart> charts) {
    StringBuilder html =
        new StringBuilder(
            fmt(
                "<section id=\"%s\"><h2>%s</h2>\n",
                sectionId(section), Html.esc(section.heading())));
    List<ReportChart> inSection = charts.stream().filter(c -> c.section() == section).toList();
    if (inSection.isEmpty()) {
      html.append("<p class=\"muted\">").append(emptySectionNote(section)).append("</p>\n");
    }
    if (section == ReportChart.Section.TIME_SERIES && !inSection.isEmpty()) {
      html.append(TIME_SERIES_NOTE);
    }
    // Charts of one group (one store's probes) fold under its heading; ungrouped ones stay open.
    String open = null;
    for (ReportChart c : inSection) {
      if (!Objects.equals(open, c.group())) {
        html.append(open == null ? "" : "</details>\n");
        open = c.group();
        html.append(
            open == null
                ? ""
                : "<details class=\"charts\"><summary>" + Html.esc(open) + "</summary>\n");
      }
      html.append(figure(c));
    }
    html.append(open == null ? "" : "</details>\n");
    return html.append("</section>\n").toString();
  }

  private static final String TIME_SERIES_NOTE =
      "<p class=\"muted\">Each fixed-rate step second by second, from its HDR interval logs: the"
          + " stores' steps at one offered load share a time axis; each capacity probe (a rate its"
          + " own store's search chose) is folded under its store. Time 0 is the end of the"
          + " warm-up; the warm-up is excluded (shaded, no data). Dashed vertical marks are"
          + " background work a store reported in the step's <code>events.json</code>.</p>\n";

  static String figure(ReportChart c) {
    return "<figure>"
        + stripXmlns(c.drawing().svg())
        + "<figcaption>"
        + Html.esc(c.caption())
        + " "
        + chartLink(c.fileName(), "SVG file")
        + " · "
        + chartLink(c.csvFileName(), "data (CSV)")
        + " · "
        + chartLink(c.specFileName(), "Vega-Lite spec")
        + "</figcaption></figure>\n";
  }

  private static String chartLink(String fileName, String text) {
    return "<a href=\"" + RunLayout.CHARTS_DIR + "/" + Html.esc(fileName) + "\">" + text + "</a>";
  }

  private static String emptySectionNote(ReportChart.Section section) {
    return switch (section) {
      case THROUGHPUT ->
          "No complete unthrottled step in this run: nothing to plot against threads.";
      case LOAD ->
          "No fixed-rate step in this run (the ramp found no peak, or the run asked for none).";
      case INTENDED -> "No complete fixed-rate step in this run.";
      case TIME_SERIES -> "No fixed-rate step with interval logs in this run.";
      default -> "No complete step with latency data in this run.";
    };
  }

  /** Inline SVG in HTML needs no namespace declaration; keeping it is harmless but noisy. */
  private static String stripXmlns(String svg) {
    return svg.replaceFirst(" xmlns=\"http://www.w3.org/2000/svg\"", "");
  }
}
