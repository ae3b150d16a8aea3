package io.github.ycsbdocsearch.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table (as rendered in a job summary, and read as it is in a
 * terminal). Alignment: one letter per column, {@code l} (left) or {@code r} (right).
 *
 * <p>Not thread-safe: build and render it on one thread.
 */
public final class MarkdownTable {

  private final String alignment;
  private final String[] headers;
  private final List<String[]> rows = new ArrayList<>();

  /**
   * @param alignment one letter per column, {@code l} or {@code r}
   * @param headers column headers
   */
  public MarkdownTable(String alignment, String... headers) {
    if (alignment.length() != headers.length) {
      throw new IllegalArgumentException(
          "alignment '" + alignment + "' does not match " + headers.length + " headers");
    }
    this.alignment = alignment;
    this.headers = headers.clone();
  }

  /**
   * @param cells one cell per column
   * @return this table
   */
  public MarkdownTable row(String... cells) {
    if (cells.length != headers.length) {
      throw new IllegalArgumentException(
          "row has " + cells.length + " cells, table has " + headers.length);
    }
    rows.add(cells.clone());
    return this;
  }

  /**
   * @return true when there are no rows
   */
  public boolean isEmpty() {
    return rows.isEmpty();
  }

  /**
   * @return the table with a blank line after it
   */
  public String render() {
    StringBuilder out = new StringBuilder();
    line(headers, out);
    String[] rule = new String[headers.length];
    for (int i = 0; i < rule.length; i++) {
      rule[i] = alignment.charAt(i) == 'r' ? "---:" : "---";
    }
    line(rule, out);
    rows.forEach(row -> line(row, out));
    return out.append('\n').toString();
  }

  private static void line(String[] cells, StringBuilder out) {
    out.append('|');
    for (String cell : cells) {
      out.append(' ').append(cell.replace("|", "\\|")).append(" |");
    }
    out.append('\n');
  }
}
