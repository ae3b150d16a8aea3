package io.github.ycsbdocsearch.report.charts.svg;

/**
 * One legend line: a sample of a line style and marker in a CSS colour, then a text; with a null
 * colour the text is a group heading. Immutable, thread-safe.
 */
public record LegendEntry(String label, String colour, LineStyle line, Marker marker) {

  /** A heading line in the legend, e.g. "Stores". */
  public static LegendEntry heading(String text) {
    return new LegendEntry(text, null, LineStyle.NONE, Marker.NONE);
  }

  /** A line style's sample without a marker. */
  public static LegendEntry line(String label, String colour, LineStyle line) {
    return new LegendEntry(label, colour, line, Marker.NONE);
  }

  public static LegendEntry of(Series s) {
    return new LegendEntry(s.label(), s.colour(), s.line(), s.marker());
  }
}
