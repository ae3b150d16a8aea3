package io.github.ycsbdocsearch.report.charts.svg;

/**
 * A shaded stretch of the x axis over the whole plot height, its label inside at the top, e.g. a
 * step's warm-up on a time axis. Immutable, thread-safe.
 */
public record Band(double fromX, double toX, String label) {

  /** The shading's colour (a legend entry can show it). */
  public static final String FILL = "#d5d9de";
}
