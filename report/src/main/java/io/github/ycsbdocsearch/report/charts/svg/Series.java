package io.github.ycsbdocsearch.report.charts.svg;

import java.util.List;

/**
 * One line of a chart in a CSS colour, its points drawn in their order, each with the marker; a
 * null label leaves it out of the legend. Immutable, thread-safe.
 */
public record Series(
    String label, String colour, LineStyle line, Marker marker, List<Point> points) {

  /**
   * A data point; {@code size}: how large its marker is drawn, as a multiple of the default (e.g.
   * grown with the time a point stands for).
   */
  public record Point(double x, double y, double size) {

    /** A point with the default marker size. */
    public Point(double x, double y) {
      this(x, y, 1);
    }
  }

  public Series {
    points = List.copyOf(points);
  }

  /** A series left out of the legend (the legend names its store or style elsewhere). */
  public Series(String colour, LineStyle line, Marker marker, List<Point> points) {
    this(null, colour, line, marker, points);
  }

  /** A level line from x 0 to {@code toX} (a target, a bound, a pool's size), out of the legend. */
  public static Series level(String colour, LineStyle line, double toX, double y) {
    return new Series(colour, line, Marker.NONE, List.of(new Point(0, y), new Point(toX, y)));
  }
}
