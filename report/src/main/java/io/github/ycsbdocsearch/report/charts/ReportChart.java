package io.github.ycsbdocsearch.report.charts;

/**
 * A rendered chart of the report. Immutable, thread-safe.
 *
 * @param fileName file name under {@code charts/}, e.g. {@code spectrum-READ.svg}
 * @param section the report section it belongs to
 * @param caption one or two sentences saying what to read from it
 * @param svg the SVG document
 * @param hasData whether any series has a point (charts without data are left out of the report)
 * @param group a heading the page folds this chart under with others of the same group (e.g. one
 *     store's capacity probes), or null: shown open
 */
public record ReportChart(
    String fileName, Section section, String caption, String svg, boolean hasData, String group) {

  /** A chart shown open in its section. */
  public ReportChart(
      String fileName, Section section, String caption, String svg, boolean hasData) {
    this(fileName, section, caption, svg, hasData, null);
  }

  /** The report sections that hold charts, in page order. */
  public enum Section {
    /**
     * Drawn inside the headline, under the capacities it explains (capacity.json format 4), not a
     * chart section of its own.
     */
    CAPACITY("How each capacity was estimated"),
    LOAD("Latency vs offered load (open loop)"),
    THROUGHPUT("Ramp to the peak: throughput vs client threads (closed loop)"),
    LATENCY("Ramp to the peak: service time vs throughput"),
    SPECTRUM("Latency percentile spectrum"),
    INTENDED("Service time vs intended latency (fixed-rate steps)"),
    TIME_SERIES("Over time: every fixed-rate step second by second"),
    /**
     * Drawn inside the fault section ({@code fault-summary.json}), not a chart section of its own.
     */
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
