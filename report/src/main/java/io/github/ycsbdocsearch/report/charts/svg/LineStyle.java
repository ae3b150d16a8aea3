package io.github.ycsbdocsearch.report.charts.svg;

/** How a series' line is drawn. Immutable, thread-safe. */
public enum LineStyle {
  SOLID("", 2.2),
  DASHED("7 4", 2.0),
  DOTTED("2 3", 2.0),
  /** Markers only. */
  NONE("", 0);

  final String dashArray;
  final double width;

  LineStyle(String dashArray, double width) {
    this.dashArray = dashArray;
    this.width = width;
  }
}
