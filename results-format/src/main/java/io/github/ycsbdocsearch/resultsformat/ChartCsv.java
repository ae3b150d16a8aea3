package io.github.ycsbdocsearch.resultsformat;

import java.util.List;

/**
 * Formats a chart's data file ({@code charts/<chart>.csv}, docs/results-format.md): one row per
 * plotted point, in the order the series and their points are drawn, with how each series is drawn,
 * so that its Vega-Lite specification ({@code <chart>.vl.json}) or any plotting tool can draw the
 * same chart. Stateless, thread-safe.
 */
public final class ChartCsv {

  /**
   * Every column, in order: the series' index in drawing order, its legend text (empty: not in the
   * legend), CSS colour, line (solid, dashed, dotted, none), marker (none, circle, square,
   * triangle, diamond, ring, open_circle), the point's index in its series, its x and y in the
   * axes' units, and its marker size as a multiple of the default.
   */
  public static final List<String> COLUMNS =
      List.of("series", "label", "colour", "line", "marker", "point", "x", "y", "size");

  private ChartCsv() {}

  /** The CSV text of rows of cells under {@link #COLUMNS}, header first. */
  public static String format(List<List<String>> rows) {
    return SummaryCsv.table(COLUMNS, rows);
  }
}
