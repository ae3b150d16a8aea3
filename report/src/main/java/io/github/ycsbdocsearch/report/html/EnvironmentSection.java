package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Renders manifest.json as the report's environment block, folded behind one summary line. The
 * manifest's own structure is kept: its plain values form a "Run" table, each object becomes a
 * titled table (nested objects nest), and a large object such as the effective properties is folded
 * away behind a summary line. Stateless, thread-safe.
 */
final class EnvironmentSection {

  /** A top-level object with more entries than this is folded (e.g. every effective property). */
  static final int FOLD_ABOVE = 14;

  /** A nested object with more entries than this is folded away (e.g. a jar list inside "jvm"). */
  static final int FOLD_NESTED_ABOVE = 8;

  /** Top-level keys shown first, when present, in this order; the rest in the manifest's. */
  private static final List<String> FIRST =
      List.of(
          "stores",
          "workload",
          "machine",
          "cpu_pinning",
          "jvm",
          "hosts",
          "plan",
          Manifest.PEAK_RULE,
          "parameters");

  private EnvironmentSection() {}

  static String render(JsonNode manifest) {
    // Last and folded: a page of machine facts must not stand between a reader and the answer.
    StringBuilder html = new StringBuilder("<section id=\"environment\"><h2>Environment</h2>\n");
    html.append(
        "<details class=\"environment\"><summary>From <code>manifest.json</code>, as recorded when"
            + " the run started: machine, CPU pinning, JVM, stores, plan and every effective"
            + " property</summary>\n");
    html.append("<div class=\"env\">\n");
    html.append("<div class=\"card\"><h3>Run</h3>")
        .append(table(manifest, true))
        .append("</div>\n");
    for (String key : orderedObjectKeys(manifest)) {
      JsonNode value = manifest.get(key);
      html.append(
          fmt(
              "<div class=\"card\"><h3>%s</h3>%s</div>\n",
              Html.esc(key), value(value, FOLD_ABOVE)));
    }
    return html.append("</div></details></section>\n").toString();
  }

  /** The keys of the manifest's objects and lists: {@link #FIRST} first, then in its order. */
  private static Set<String> orderedObjectKeys(JsonNode manifest) {
    Set<String> keys = new LinkedHashSet<>(FIRST);
    manifest.fieldNames().forEachRemaining(keys::add);
    keys.removeIf(k -> !manifest.has(k) || !manifest.get(k).isContainerNode());
    return keys;
  }

  private static String value(JsonNode v, int foldAbove) {
    if (v.isObject()) {
      String table = table(v, false);
      return v.size() > foldAbove ? folded(v.size() + " entries", table) : table;
    }
    if (v.isArray()) {
      return array(v);
    }
    return scalar(v);
  }

  private static String folded(String summary, String content) {
    return "<details><summary>" + Html.esc(summary) + "</summary>" + content + "</details>";
  }

  /** A key-value table of an object's entries: all of them, or only its plain values. */
  private static String table(JsonNode obj, boolean plainOnly) {
    StringBuilder t = new StringBuilder("<table class=\"kv\">");
    for (Iterator<Map.Entry<String, JsonNode>> it = obj.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!plainOnly || !e.getValue().isContainerNode()) {
        t.append("<tr><th>")
            .append(Html.esc(e.getKey()))
            .append("</th><td>")
            .append(value(e.getValue(), FOLD_NESTED_ABOVE))
            .append("</td></tr>");
      }
    }
    return t.append("</table>").toString();
  }

  /** Plain values inline, comma-separated; a list of objects folded, each object a table. */
  private static String array(JsonNode arr) {
    boolean allScalars = true;
    for (JsonNode item : arr) {
      allScalars &= !item.isContainerNode();
    }
    List<String> parts = new ArrayList<>();
    for (JsonNode item : arr) {
      parts.add(allScalars ? scalar(item) : value(item, FOLD_NESTED_ABOVE));
    }
    return allScalars
        ? String.join(", ", parts)
        : folded(
            arr.size() + " items", "<ol><li>" + String.join("</li><li>", parts) + "</li></ol>");
  }

  private static String scalar(JsonNode v) {
    if (v.isNull()) {
      return "<span class=\"muted\">none</span>";
    }
    if (v.isFloatingPointNumber()) {
      // Measured figures such as 1892.3950773114548 ops/s: three decimals are plenty for people.
      return Html.esc(Numbers.rounded(v.asDouble(), 3).stripTrailingZeros().toPlainString());
    }
    String s = v.asText();
    return s.length() > 40 && !s.contains(" ")
        ? "<code class=\"long\">" + Html.esc(s) + "</code>"
        : Html.esc(s);
  }
}
