package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.util.Arrays;
import java.util.List;

/**
 * Formats {@code summary.csv}: one column per {@link SummaryRow} field, in its declared order (the
 * leading columns fixed by docs/results-format.md come first). Numbers use '.' whatever the default
 * locale; null values (unsupported percentiles, latencies of operations without successes,
 * closed-loop rate_sustained) are empty cells. Stateless, thread-safe.
 */
public final class SummaryCsv {

  /** Every column, in order: the row's fields as JSON names them. */
  public static final List<String> COLUMNS =
      Arrays.stream(SummaryRow.class.getRecordComponents())
          .map(c -> new PropertyNamingStrategies.SnakeCaseStrategy().translate(c.getName()))
          .toList();

  private SummaryCsv() {}

  /** The CSV text of {@code rows}, header first. */
  public static String format(List<SummaryRow> rows) {
    return table(COLUMNS, rows.stream().map(SummaryCsv::cells).toList());
  }

  /** A row's cells in {@link #COLUMNS} order, as JSON writes them; a null is an empty cell. */
  private static List<String> cells(SummaryRow row) {
    JsonNode n = Json.MAPPER.valueToTree(row);
    return COLUMNS.stream().map(c -> n.hasNonNull(c) ? n.get(c).asText() : "").toList();
  }

  /**
   * The CSV text of rows of cells under {@code columns}, header first, one line each ('\n'), cells
   * quoted as {@code summary.csv}'s: the one CSV writer of the results format's tables ({@code
   * bin/docsearch history-rows}, {@code step-rows}, {@code fault-rows}).
   */
  public static String table(List<String> columns, List<List<String>> rows) {
    StringBuilder out = new StringBuilder(String.join(",", columns)).append('\n');
    for (List<String> row : rows) {
      out.append(String.join(",", row.stream().map(SummaryCsv::quote).toList())).append('\n');
    }
    return out.toString();
  }

  /** A cell as CSV: quoted when it holds a comma, a quote or a line break. */
  static String quote(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }
}
