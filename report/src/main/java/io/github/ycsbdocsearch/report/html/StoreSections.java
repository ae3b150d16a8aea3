package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.QueryStatsFile;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.Verification;
import java.io.IOException;
import java.util.Locale;

/**
 * The per-store tables of the report: search verification (alarming states in red) and the
 * questions asked. Stateless, thread-safe.
 */
final class StoreSections {

  private StoreSections() {}

  /** A red banner naming each store whose search answers are not proven identical, or "". */
  static String alarmBanner(RunFolder run) {
    StringBuilder items = new StringBuilder();
    for (StoreRun s : run.stores()) {
      VerificationStatus v = VerificationStatus.of(s);
      if (v.alarming()) {
        items.append(fmt("<li><b>%s</b>: %s</li>", Html.esc(s.name()), Html.esc(v.summary())));
      }
    }
    return items.length() == 0
        ? ""
        : "<div class=\"alarm\"><b>Search answers not verified for every store."
            + "</b> Do not compare these stores' SEARCH numbers without reading this:<ul>"
            + items
            + "</ul></div>\n";
  }

  /** Each store's verification, then the questions the stores asked ({@link #questions}). */
  static String verification(RunFolder run, StorePalette palette) throws IOException {
    StringBuilder html =
        new StringBuilder(
            "<section id=\"verification\"><h2>Search answer verification</h2>\n"
                + "<p class=\"muted\">Each store's ordered result keys compared with an oracle"
                + " computed from the data generator (<code>verification.json</code>).</p>\n"
                + "<table"
                + " class=\"grid\"><thead><tr><th>Store</th><th>Status</th><th>Queries</th>"
                + "<th>Identical</th><th>Differing</th><th>Deep"
                + " pages</th><th>Hits per query (min / p50 / p90 /"
                + " max)</th></tr></thead><tbody>\n");
    for (StoreRun s : run.stores()) {
      VerificationStatus status = VerificationStatus.of(s);
      Verification v = s.verification();
      html.append("<tr class=\"v-")
          .append(status.state().name().toLowerCase(Locale.ROOT))
          .append("\">")
          .append(Html.cell(Html.store(s.name(), palette)))
          .append(Html.cell("<span class=\"badge\">" + Html.esc(status.summary()) + "</span>"));
      if (v == null) {
        html.append("<td colspan=\"5\" class=\"muted\">no verification.json</td>");
      } else {
        Verification.HitCounts h = v.hitCounts();
        html.append(Html.num(count(v.queries())))
            .append(Html.num(count(v.identical())))
            .append(Html.num(count(v.differing())))
            .append(Html.num(count(v.deepPages())))
            .append(
                Html.num(
                    h == null
                        ? count(null)
                        : count(h.min())
                            + " / "
                            + count(h.p50())
                            + " / "
                            + count(h.p90())
                            + " / "
                            + count(h.max())));
      }
      html.append("</tr>\n");
    }
    return html + "</tbody></table>" + questions(run, palette) + "</section>\n";
  }

  /**
   * The questions each store's search steps asked (each step's querystats.json, written by the
   * workload): how many first, deeper and past-the-end pages, empty answers, and the hit counts of
   * the questions; "" without search.
   */
  private static String questions(RunFolder run, StorePalette palette) throws IOException {
    StringBuilder rows = new StringBuilder();
    for (StoreRun s : run.stores()) {
      long[] sum = new long[5];
      QueryStatsFile.HitCounts hits = null;
      for (StoreRun.Step step : s.steps()) {
        if (!step.summary().complete() || step.summary().phase() == Phase.FLOOR) {
          continue;
        }
        // A step of several clients has one file per client: their questions add up.
        for (QueryStatsFile q : QueryStatsFile.readStep(step.dir())) {
          long[] counts = {
            q.searches(), q.firstPages(), q.deeperPages(), q.pastEndPages(), q.emptyAnswers()
          };
          for (int i = 0; i < counts.length; i++) {
            sum[i] += counts[i];
          }
          if (q.hitCounts() != null && q.hitCounts().known()) {
            hits = q.hitCounts();
          }
        }
      }
      if (sum[0] == 0) {
        continue;
      }
      rows.append("<tr>")
          .append(Html.cell(Html.store(s.name(), palette)))
          .append(Html.num(Numbers.grouped(sum[0])));
      for (int i = 1; i < 5; i++) {
        rows.append(
            Html.num(Numbers.grouped(sum[i]) + " (" + Math.round(100.0 * sum[i] / sum[0]) + " %)"));
      }
      rows.append(
              Html.num(hits == null ? "–" : hits.p50() + " / " + hits.p90() + " / " + hits.max()))
          .append("</tr>\n");
    }
    if (rows.length() == 0) {
      return "";
    }
    return "<h3>Search questions asked</h3><p class=\"muted\">Every complete step's"
        + " <code>querystats.json</code>: the page number is drawn among the pages that"
        + " exist for each question (first pages most often); past-the-end pages only when"
        + " asked for. Hits per question of the last search step.</p>\n"
        + "<table class=\"grid\"><thead><tr><th>Store</th><th>Searches</th><th>First"
        + " pages</th><th>Deeper pages</th><th>Past the end</th><th>Empty"
        + " answers</th><th>Hits per question (p50 / p90 / max)</th></tr></thead><tbody>\n"
        + rows
        + "</tbody></table>\n";
  }

  private static String count(Number v) {
    return v == null ? "–" : Numbers.grouped(v.longValue());
  }
}
