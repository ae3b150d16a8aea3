package io.github.ycsbdocsearch.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The per-store tables of the report: search verification (alarming states in red) and the saturation choice.
 * Stateless, thread-safe.
 */
final class StoreSections {

  private StoreSections() {
  }

  /** A red banner naming every store whose search answers are not proven identical; "" when there is none. */
  static String alarmBanner(RunFolder run) {
    StringBuilder items = new StringBuilder();
    for (StoreRun s : run.stores()) {
      VerificationStatus v = VerificationStatus.of(s);
      if (v.alarming()) {
        items.append("<li><b>").append(Html.esc(s.name())).append("</b>: ").append(Html.esc(v.summary()))
            .append("</li>");
      }
    }
    return items.length() == 0 ? "" : "<div class=\"alarm\"><b>Search answers not verified for every store."
        + "</b> Do not compare these stores' SEARCH numbers without reading this:<ul>" + items + "</ul></div>\n";
  }

  static String verification(RunFolder run, StorePalette palette) {
    StringBuilder html = new StringBuilder("<section id=\"verification\"><h2>Search answer verification</h2>\n"
        + "<p class=\"muted\">Each store's ordered result keys compared with an oracle computed from the data "
        + "generator (<code>verification.json</code>).</p>\n<table class=\"grid\"><thead><tr><th>Store</th>"
        + "<th>Status</th><th>Queries</th><th>Identical</th><th>Differing</th><th>Deep pages</th>"
        + "<th>Hits per query (min / p50 / p90 / max)</th></tr></thead><tbody>\n");
    for (StoreRun s : run.stores()) {
      VerificationStatus status = VerificationStatus.of(s);
      JsonNode v = s.verification();
      html.append("<tr class=\"v-").append(status.state().name().toLowerCase(java.util.Locale.ROOT)).append("\">")
          .append(Html.cell(Html.store(s.name(), palette)))
          .append(Html.cell("<span class=\"badge\">" + Html.esc(status.summary()) + "</span>"));
      if (v == null) {
        html.append("<td colspan=\"5\" class=\"muted\">no verification.json</td>");
      } else {
        JsonNode h = v.path("hit_counts");
        html.append(Html.num(count(v, "queries"))).append(Html.num(count(v, "identical")))
            .append(Html.num(count(v, "differing"))).append(Html.num(count(v, "deep_pages")))
            .append(Html.num(count(h, "min") + " / " + count(h, "p50") + " / " + count(h, "p90") + " / "
                + count(h, "max")));
      }
      html.append("</tr>\n");
    }
    return html.append("</tbody></table></section>\n").toString();
  }

  static String saturation(RunFolder run, StorePalette palette) {
    StringBuilder html = new StringBuilder("<table class=\"grid\"><thead><tr><th>Store</th><th>Max sustainable "
        + "step</th><th>Threads</th><th>Throughput (ops/s)</th><th>Why (saturation.json)</th></tr></thead>"
        + "<tbody>\n");
    for (StoreRun s : run.stores()) {
      JsonNode sat = s.saturation();
      html.append("<tr>").append(Html.cell(Html.store(s.name(), palette)));
      if (sat == null) {
        html.append("<td colspan=\"4\" class=\"muted\">no saturation.json (sweep unfinished?)</td>");
      } else {
        Optional<StepSummary> step = ThroughputChart.saturationStep(s);
        html.append(Html.cell(Html.esc(step.map(StepSummary::stepName)
                .orElse(sat.path("max_sustainable_index").asText("?")))))
            .append(Html.num(Html.esc(sat.path("threads").asText(""))))
            .append(Html.num(sat.hasNonNull("throughput_ops") ? Numbers.rate(sat.get("throughput_ops").asDouble())
                : ""))
            .append(Html.cell(Html.esc(sat.path("reason").asText(""))));
      }
      html.append("</tr>\n");
    }
    return html.append("</tbody></table>\n").toString();
  }

  private static String count(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? "–" : v.isNumber() ? Numbers.grouped(v.asLong()) : Html.esc(v.asText());
  }
}
