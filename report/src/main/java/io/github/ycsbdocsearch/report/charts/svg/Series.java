package io.github.ycsbdocsearch.report.charts.svg;

import java.util.List;

/**
 * One line of a chart. Immutable, thread-safe.
 *
 * @param label legend text (null: not in the legend)
 * @param colour CSS colour
 * @param line line style
 * @param marker shape at each point
 * @param points the points, drawn in this order
 */
public record Series(
    String label, String colour, LineStyle line, Marker marker, List<Point> points) {

  /** A data point. */
  public record Point(double x, double y) {}

  public Series {
    points = List.copyOf(points);
  }
}
