package io.github.ycsbdocsearch.report.charts;

import io.github.ycsbdocsearch.report.charts.svg.SvgChart;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A rendered chart of the report. Immutable, thread-safe.
 *
 * @param fileName file name under {@code charts/}, e.g. {@code spectrum-READ.svg}
 * @param caption one or two sentences saying what to read from it
 * @param hasData whether any series has a point (charts without data are left out of the report)
 * @param group a heading the page folds this chart under with others of the same group (e.g. one
 *     store's capacity probes), or null: shown open
 */
public record ReportChart(
    String fileName,
    Section section,
    String caption,
    SvgChart.Drawing drawing,
    boolean hasData,
    String group) {

  /** A chart drawn now, shown open in its section. */
  public ReportChart(String fileName, Section section, String caption, SvgChart chart) {
    this(fileName, section, caption, chart, null);
  }

  /** A chart drawn now, folded under {@code group} (null: shown open). */
  public ReportChart(
      String fileName, Section section, String caption, SvgChart chart, String group) {
    this(fileName, section, caption, chart.draw(), chart.hasData(), group);
  }

  public ReportChart {
    if (!fileName.endsWith(RunLayout.CHART_SVG)) {
      throw new IllegalArgumentException("a chart's file name ends in .svg: " + fileName);
    }
  }

  /** Writes the chart's SVG, CSV and Vega-Lite files into {@code dir}, each atomically. */
  public void writeTo(Path dir) throws IOException {
    AtomicFiles.writeString(dir.resolve(fileName), drawing.svg());
    AtomicFiles.writeString(dir.resolve(csvFileName()), drawing.data().csv());
    AtomicFiles.writeString(dir.resolve(specFileName()), drawing.data().vegaLite(csvFileName()));
  }

  /** The data file's name, beside the SVG: the same stem. */
  public String csvFileName() {
    return stem() + RunLayout.CHART_CSV;
  }

  /** The Vega-Lite specification's name, beside the SVG. */
  public String specFileName() {
    return stem() + RunLayout.CHART_SPEC;
  }

  private String stem() {
    return fileName.substring(0, fileName.length() - RunLayout.CHART_SVG.length());
  }

  /** The report sections that hold charts, in page order. */
  public enum Section {
    /** Drawn in the headline, under the capacities it explains (capacity.json format 4). */
    CAPACITY("How each capacity was estimated"),
    LOAD("Latency vs offered load (open loop)"),
    THROUGHPUT("Ramp to the peak: throughput vs client threads (closed loop)"),
    LATENCY("Ramp to the peak: service time vs throughput"),
    SPECTRUM("Latency percentile spectrum"),
    INTENDED("Service time vs intended latency (fixed-rate steps)"),
    TIME_SERIES("Over time: every fixed-rate step second by second"),
    /** Drawn in the fault section ({@code fault-summary.json}), not a chart section of its own. */
    FAULT("A node lost under load");

    private final String heading;

    Section(String heading) {
      this.heading = heading;
    }

    public String heading() {
      return heading;
    }
  }
}
