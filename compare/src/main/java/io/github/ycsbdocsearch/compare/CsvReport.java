package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.compare.Comparison.HeadlineChange;
import io.github.ycsbdocsearch.resultsformat.SummaryCsv;
import java.util.ArrayList;
import java.util.List;

/**
 * The comparison as CSV ({@code --csv FILE}), for a spreadsheet: a header row, then one row per
 * figure the JSON report lists (each store's headline, each latency percentile of each step, each
 * operation's failed-operation rate), read from that report's rows so the two say the same, all
 * under one set of columns; a column a figure does not have is empty. Numbers are plain ('.'
 * whatever the locale), changes and thresholds fractions as in the JSON. Stateless.
 */
public final class CsvReport {

  /** Every column, in order, as the header row names them. */
  public static final List<String> COLUMNS =
      List.of(
          ("figure,workload,store,step,phase,op,latency_kind,percentile,metric,unit,base,new,change,"
               + "threshold,threshold_source,verdict,note")
              .split(","));

  private CsvReport() {}

  /** The CSV text of a comparison, header first, one line per figure. */
  public static String render(Comparison comparison) {
    ObjectNode json = JsonReport.toJson(comparison); // a tree of its own: its rows are reused here
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < comparison.headline().size(); i++) {
      HeadlineChange c = comparison.headline().get(i);
      ObjectNode node = (ObjectNode) json.get("headline").get(i);
      node.put("figure", "headline").put("unit", "ops/s").put("verdict", c.verdictLabel());
      rows.add(row(node.put("note", c.notes()), "base_ops", "new_ops"));
    }
    for (JsonNode node : json.get("latency")) {
      rows.add(
          row(((ObjectNode) node).put("figure", "latency").put("unit", "us"), "base_us", "new_us"));
    }
    for (JsonNode n : json.get("errors")) {
      // Judged against a fixed slack, not the noise: the slack stands in the threshold's place.
      ObjectNode node = ((ObjectNode) n).put("figure", "error_rate").put("metric", "error_rate");
      node.put("unit", "fraction")
          .put("threshold_source", "slack")
          .set("threshold", n.get("slack"));
      rows.add(row(node, "base_rate", "new_rate"));
    }
    return SummaryCsv.table(COLUMNS, rows);
  }

  /** A JSON row's cells, its {@code base} and {@code current} fields as base and new. */
  private static List<String> row(ObjectNode node, String base, String current) {
    node.set("base", node.get(base));
    node.set("new", node.get(current));
    return COLUMNS.stream()
        .map(node::path)
        .map(v -> v.isNumber() ? Fmt.number(v.doubleValue()) : v.isTextual() ? v.asText() : "")
        .toList();
  }
}
