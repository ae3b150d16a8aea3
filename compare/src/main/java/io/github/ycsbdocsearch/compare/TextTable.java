package io.github.ycsbdocsearch.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with aligned columns, for terminal output. Columns whose alignment letter is
 * {@code r} are right-aligned (numbers), {@code l} left-aligned.
 *
 * <p>Not thread-safe: build and render it on one thread.
 */
public final class TextTable {

  private final String alignment;
  private final List<String[]> rows = new ArrayList<>();

  /**
   * @param alignment one letter per column, {@code l} or {@code r}
   * @param headers column headers
   */
  public TextTable(String alignment, String... headers) {
    if (alignment.length() != headers.length) {
      throw new IllegalArgumentException(
          "alignment '" + alignment + "' does not match " + headers.length + " headers");
    }
    this.alignment = alignment;
    rows.add(headers.clone());
  }

  /**
   * @param cells one cell per column
   * @return this table
   */
  public TextTable row(String... cells) {
    if (cells.length != alignment.length()) {
      throw new IllegalArgumentException(
          "row has " + cells.length + " cells, table has " + alignment.length());
    }
    rows.add(cells.clone());
    return this;
  }

  /**
   * @return true when only the header is there
   */
  public boolean isEmpty() {
    return rows.size() == 1;
  }

  /**
   * @return the table, two spaces between columns, one line per row, each ending in a newline
   */
  public String render() {
    int[] widths = new int[alignment.length()];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].codePointCount(0, row[i].length()));
      }
    }
    StringBuilder out = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        String pad = " ".repeat(widths[i] - row[i].codePointCount(0, row[i].length()));
        line.append(i == 0 ? "" : "  ")
            .append(alignment.charAt(i) == 'r' ? pad + row[i] : row[i] + pad);
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
