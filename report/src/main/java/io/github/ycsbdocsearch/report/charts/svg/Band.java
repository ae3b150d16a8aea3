package io.github.ycsbdocsearch.report.charts.svg;

/**
 * A shaded stretch of the x axis over the whole plot height, e.g. a step's warm-up on a time axis.
 * Immutable, thread-safe.
 *
 * @param fromX data x where it starts
 * @param toX data x where it ends
 * @param label short text drawn inside it, at the top
 */
public record Band(double fromX, double toX, String label) {

  /** The shading's colour (a legend entry can show it). */
  public static final String FILL = "#d5d9de";
}
