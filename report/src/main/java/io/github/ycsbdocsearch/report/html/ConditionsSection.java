package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StoreConditions;
import io.github.ycsbdocsearch.resultsformat.StoreRun;

/**
 * The conditions every store ran under, side by side: server version, topology, durability profile
 * and what a crash may lose, memory budget, the data set beside it, which copies were read: were
 * the stores asked under the same conditions? Stateless, thread-safe.
 */
final class ConditionsSection {

  static final String ID = "conditions";

  private ConditionsSection() {}

  static String render(RunFolder run, StorePalette palette) {
    StringBuilder html =
        new StringBuilder(
            Html.section(
                    ID,
                    "Conditions",
                    "From <code>manifest.json</code>: the version each server reported to its"
                        + " binding, and how <code>scripts/stores.sh</code> launched it (a remote"
                        + " store: the profile and budget it was provisioned with, from the hosts"
                        + " file; the rest under Environment). The memory budget is per server; the"
                        + " data set is each store's own measure of its primaries after the load,"
                        + " times its copies when compared with the budget. A server version"
                        + " that differs from the one the published AWS setup installs"
                        + " (<code>store_versions</code> in <code>terraform/variables.tf</code>) is"
                        + " marked: numbers from the two are not like for like.")
                + "<table class=\"grid\"><thead><tr><th>Store</th><th>Server"
                + " version</th><th>Topology</th><th>Durability profile</th><th>A node crash may"
                + " lose</th><th>Memory budget per server (per process)</th><th>Data set"
                + " (copies)</th><th>Data fits the budget</th><th>Reads"
                + " from</th></tr></thead><tbody>\n");
    for (StoreRun s : run.stores()) {
      StoreConditions c = StoreConditions.of(run.manifest(), s.name());
      html.append("<tr>")
          .append(Html.cell(Html.store(s.name(), palette)))
          .append(version(c.version(), AwsStoreVersions.of(s.name())))
          .append(Html.cell(text(c.topology())))
          .append(Html.cell(text(c.profile())))
          .append(Html.cell(text(c.mayLose())))
          .append(
              Html.num(
                  c.budgetMbPerServer() == null
                      ? "–"
                      : c.budgetMbPerServer()
                          + " MB"
                          + (c.perProcessMb() == null ? "" : " (" + c.perProcessMb() + " MB)")))
          .append(
              Html.num(
                  c.dataBytes() == null
                      ? "–"
                      : fmt("%.1f MB", c.dataBytes() / 1048576.0)
                          + (c.copies() == null ? "" : " (" + c.copies() + ")")))
          .append(
              c.dataFitsBudget() == null
                  ? Html.cell(
                      Boolean.FALSE.equals(c.dataInMemory())
                          ? "not compared: files on disk against a heap"
                          : "–")
                  : c.dataFitsBudget()
                      ? Html.cell("yes")
                      : "<td class=\"err\">no: reads may go to disk</td>")
          .append(Html.cell(text(c.readsFrom())))
          .append("</tr>\n");
    }
    return html.append("</tbody></table></section>\n").toString();
  }

  /** The server version, marked where the AWS setup installs another. */
  private static String version(String reported, String aws) {
    if (reported == null || aws == null || aws.equals(reported)) {
      return Html.cell(text(reported));
    }
    return "<td class=\"warn\">" + Html.esc(reported) + " (AWS setup: " + Html.esc(aws) + ")</td>";
  }

  private static String text(String s) {
    return s == null ? "–" : Html.esc(s);
  }
}
