package io.github.ycsbdocsearch.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table (as rendered in a job summary, and read as it is in a
 * terminal). Not thread-safe: build and render it on one thread.
 */
public final class MarkdownTable {

  private final List<String[]> lines = new ArrayList<>();

  /**
   * @param alignment one letter per column, {@code l} (left) or {@code r} (right)
   * @param headers the column headers as the header row shows them: {@code "store | step"}
   */
  public MarkdownTable(String alignment, String headers) {
    String[] names = headers.split(" \\| ");
    if (alignment.length() != names.length) {
      throw new IllegalArgumentException(
          "alignment '" + alignment + "' does not match " + names.length + " headers");
    }
    lines.add(names);
    lines.add(alignment.chars().mapToObj(a -> a == 'r' ? "---:" : "---").toArray(String[]::new));
  }

  public MarkdownTable row(String... cells) {
    if (cells.length != lines.get(0).length) {
      throw new IllegalArgumentException(
          "row has " + cells.length + " cells, table has " + lines.get(0).length);
    }
    lines.add(cells.clone());
    return this;
  }

  public boolean isEmpty() {
    return lines.size() == 2;
  }

  /** The table with a blank line after it. */
  public String render() {
    StringBuilder out = new StringBuilder();
    for (String[] cells : lines) {
      out.append('|');
      for (String cell : cells) {
        out.append(' ').append(cell.replace("|", "\\|")).append(" |");
      }
      out.append('\n');
    }
    return out.append('\n').toString();
  }

  /** The table after a heading, or "" when no row was added. */
  public String render(String heading) {
    return isEmpty() ? "" : heading + render();
  }
}
