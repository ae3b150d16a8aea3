package io.github.ycsbdocsearch.report.html;

import io.github.ycsbdocsearch.report.charts.ReportChart;
import io.github.ycsbdocsearch.report.charts.StorePalette;

import io.github.ycsbdocsearch.resultsformat.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Assembles {@code report.html}: one self-contained page (CSS and SVG inline, no script, no remote resource) that
 * opens offline. Order: headline, warnings, caveat, verification, conditions, environment, charts, summary table.
 * Stateless, thread-safe.
 */
public final class HtmlReport {

  public static final String FILE_NAME = "report.html";

  private HtmlReport() {
  }

  public static String render(RunFolder run, List<SummaryRow> rows, List<ReportChart> charts, StorePalette palette)
      throws IOException {
    StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        .append(Html.esc(title(run))).append("</title>\n<style>\n").append(css()).append("</style></head>\n<body>\n");
    html.append(header(run));
    html.append("<main>\n");
    if (run.synthetic()) {
      html.append("<div class=\"synthetic\">SYNTHETIC DATA: this folder was generated to test the report. "
          + "No store was measured; the numbers mean nothing.</div>\n");
    }
    html.append(StoreSections.alarmBanner(run));
    html.append(caveat());
    html.append(StoreSections.verification(run, palette).replace("</section>\n",
        StoreSections.questions(run, palette) + "</section>\n"));
    html.append(ConditionsSection.render(run, palette));
    html.append(EnvironmentSection.render(run.manifest()));
    for (ReportChart.Section section : ReportChart.Section.values()) {
      html.append(chartSection(run, section, charts, palette));
    }
    html.append(SummaryTable.render(rows, palette));
    html.append("<footer>Derived files; rebuild with <code>scripts/report.sh ").append(Html.esc(
        run.dir().getFileName() == null ? "" : run.dir().getFileName().toString())).append("</code>. Raw data: "
        + "<code>&lt;store&gt;/steps/*/hdr/*.hdr</code> (HdrHistogram interval logs) and <code>step.json</code>."
        + "</footer>\n</main>\n</body></html>\n");
    return html.toString();
  }

  private static String title(RunFolder run) {
    String workload = run.manifest().path("workload").isTextual() ? run.manifest().get("workload").asText()
        : run.manifest().path("workload").path("name").asText("");
    return "YCSB docsearch report" + (workload.isEmpty() ? "" : " — " + workload);
  }

  private static String header(RunFolder run) {
    StringBuilder h = new StringBuilder("<header class=\"top\"><div class=\"inner\"><h1>")
        .append(Html.esc(title(run))).append("</h1><div class=\"facts\">");
    fact(h, "run", run.manifest().path("run_id").asText(run.dir().getFileName() == null ? ""
        : run.dir().getFileName().toString()));
    fact(h, "started (UTC)", run.manifest().path("started_utc").asText(""));
    fact(h, "git", run.manifest().path("git_commit").asText(""));
    fact(h, "stores", String.join(", ", run.storeNames()));
    fact(h, "status", run.manifest().path("status").asText(""));
    h.append("</div><nav><a href=\"#verification\">Verification</a><a href=\"#" + ConditionsSection.ID
        + "\">Conditions</a><a href=\"#environment\">Environment</a>");
    for (ReportChart.Section s : ReportChart.Section.values()) {
      h.append("<a href=\"#").append(s.name().toLowerCase(java.util.Locale.ROOT)).append("\">")
          .append(Html.esc(s.heading())).append("</a>");
    }
    return h.append("<a href=\"#summary\">Summary table</a></nav></div></header>\n").toString();
  }

  private static void fact(StringBuilder h, String name, String value) {
    if (!value.isEmpty()) {
      h.append("<span>").append(Html.esc(name)).append(": <b>").append(Html.esc(value)).append("</b></span>");
    }
  }

  private static String caveat() {
    return "<div class=\"caveat\"><b>What these numbers mean.</b>"
        + "<p>They come from one run on one machine (see Environment). Unless the environment shows separate "
        + "hosts, the YCSB client ran on the same machine as the stores and competed with them for CPU and "
        + "memory. Each point is one step of a few tens of seconds after warm-up, measured once: differences of "
        + "a few percent are within run-to-run noise.</p>"
        + "<p>Latencies are HdrHistogram values (3 significant digits). <i>Service time</i> runs from the call to "
        + "its return; <i>intended</i> latency runs from when a fixed-rate schedule said the call should start, "
        + "so it includes queueing behind slow calls. Percentiles are shown only where the sample count supports "
        + "them. The <i>capacity</i> comes from a search over offered rates (one shared Poisson schedule per "
        + "step): the highest rate whose requests were all sent on time and whose intended latency met the "
        + "objective by a statistical test, given with its bracket and the decision's confidence; the closed-loop "
        + "<i>peak</i> beside it only brackets the search. Grey lines show the harness floor: YCSB's own BasicDB "
        + "(no store) at the same threads and rate. It leaves out each store's driver (serialising, the network "
        + "stack, the connection pool), which is most of the client's work per operation: the floor is a lower "
        + "bound on the client's part of a latency, not the whole of it. Steps whose client ran out of time "
        + "(sends late while threads were free, or every thread busy with its CPU above 75 %) are marked "
        + "client-limited and never stand for a store. Results depend on the data set, the store settings and versions listed below; they are not a "
        + "general ranking of the products.</p></div>\n";
  }

  private static String chartSection(RunFolder run, ReportChart.Section section, List<ReportChart> charts,
      StorePalette palette) {
    StringBuilder html = new StringBuilder("<section id=\"")
        .append(section.name().toLowerCase(java.util.Locale.ROOT)).append("\"><h2>")
        .append(Html.esc(section.heading())).append("</h2>\n");
    if (section == ReportChart.Section.LOAD) {
      html.append(StoreSections.capacity(run, palette));
    }
    List<ReportChart> inSection = charts.stream().filter(c -> c.section() == section).toList();
    if (inSection.isEmpty()) {
      html.append("<p class=\"muted\">")
          .append(emptySectionNote(section))
          .append("</p>\n");
    }
    for (ReportChart c : inSection) {
      html.append("<figure>").append(stripXmlns(c.svg())).append("<figcaption>").append(Html.esc(c.caption()))
          .append(" <a href=\"charts/").append(Html.esc(c.fileName())).append("\">SVG file</a></figcaption>")
          .append("</figure>\n");
    }
    return html.append("</section>\n").toString();
  }

  private static String emptySectionNote(ReportChart.Section section) {
    return switch (section) {
      case THROUGHPUT -> "No complete unthrottled step in this run: nothing to plot against threads.";
      case LOAD -> "No fixed-rate step in this run (--phases capacity, or the capacity search found no peak).";
      case INTENDED -> "No complete fixed-rate step in this run.";
      default -> "No complete step with latency data in this run.";
    };
  }

  /** Inline SVG in HTML needs no namespace declaration; keeping it is harmless but noisy. */
  private static String stripXmlns(String svg) {
    return svg.replaceFirst(" xmlns=\"http://www.w3.org/2000/svg\"", "");
  }

  private static String css() throws IOException {
    try (InputStream in = HtmlReport.class.getResourceAsStream("report.css")) {
      if (in == null) {
        throw new IOException("report.css missing from the report jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
