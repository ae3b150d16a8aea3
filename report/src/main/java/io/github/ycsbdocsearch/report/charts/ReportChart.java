package io.github.ycsbdocsearch.report.charts;

import io.github.ycsbdocsearch.resultsformat.*;

/**
 * A rendered chart of the report. Immutable, thread-safe.
 *
 * @param fileName file name under {@code charts/}, e.g. {@code spectrum-READ.svg}
 * @param section  the report section it belongs to
 * @param caption  one or two sentences saying what to read from it
 * @param svg      the SVG document
 * @param hasData  whether any series has a point (charts without data are left out of the report)
 */
public record ReportChart(String fileName, Section section, String caption, String svg, boolean hasData) {

  /** The report sections that hold charts, in page order. */
  public enum Section {
    LOAD("Latency vs offered load (open loop)"),
    THROUGHPUT("Capacity search: throughput vs client threads (closed loop)"),
    LATENCY("Capacity search: service time vs throughput"),
    SPECTRUM("Latency percentile spectrum"),
    INTENDED("Service time vs intended latency (fixed-rate steps)");

    private final String heading;

    Section(String heading) {
      this.heading = heading;
    }

    public String heading() {
      return heading;
    }
  }
}
