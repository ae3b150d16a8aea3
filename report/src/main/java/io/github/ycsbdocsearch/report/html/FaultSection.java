package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.FaultCharts;
import io.github.ycsbdocsearch.report.charts.ReportChart;
import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Each store that lost a node under load ({@code --fault}, {@code fault-summary.json}): what failed
 * and for how long, when the client had its latency back, the latency after the kill beside the
 * control step's same seconds, and the acknowledged writes the store kept beside what its
 * durability profile may lose; then the fault step second by second with the kill and the restart
 * marked. Stateless, thread-safe.
 */
final class FaultSection {

  static final String ID = "fault";
  static final String NOT_RECOVERED = "the client did not recover within the step";

  private FaultSection() {}

  /**
   * A red banner naming every store that, under the strict durability profile (which promises no
   * loss), lost acknowledged writes, returned older values, or could not read them all back; or "".
   */
  static String alarmBanner(RunFolder run) throws ResultsFormatException {
    StringBuilder items = new StringBuilder();
    for (StoreRun s : run.stores()) {
      Optional<FaultSummary> fault = FaultSummary.read(RunLayout.storeDir(run.dir(), s.name()));
      if (fault.isEmpty() || !strictBroken(fault.get())) {
        continue;
      }
      FaultSummary.AckedWrites a = fault.get().ackedWrites();
      items.append(
          fmt(
              "<li><b>%s</b>: acknowledged writes %s%s (%s)</li>",
              Html.esc(s.name()),
              Html.esc(a.lostInWords()),
              a.stale() > 0 && a.verdict() == null ? ", stale " + a.stale() : "",
              Html.esc(fault.get().step())));
    }
    return items.length() == 0
        ? ""
        : "<div class=\"alarm\"><b>Acknowledged writes lost under the strict durability profile."
            + "</b> The strict profile promises that a node crash loses none:<ul>"
            + items
            + "</ul></div>\n";
  }

  /**
   * Whether a strict fault lost, staled or left unread an acknowledged write (an unknown loss too).
   */
  static boolean strictBroken(FaultSummary f) {
    FaultSummary.AckedWrites a = f.ackedWrites();
    return a != null
        && f.durability() != null
        && "strict".equals(f.durability().profile())
        && (a.lost() > 0 || a.stale() > 0 || !a.lostKnown());
  }

  /** The section, or "" when no store ran a fault step. */
  static String render(RunFolder run, StorePalette palette, List<ReportChart> charts)
      throws ResultsFormatException {
    StringBuilder body = new StringBuilder();
    for (StoreRun s : run.stores()) {
      Optional<FaultSummary> fault = FaultSummary.read(RunLayout.storeDir(run.dir(), s.name()));
      if (fault.isEmpty()) {
        continue;
      }
      FaultSummary f = fault.get();
      body.append("<h3>").append(Html.store(s.name(), palette)).append("</h3>\n");
      if (f.notRecovered()) {
        body.append(
            fmt(
                "<p><b>%s: %s</b> (%s).</p>\n",
                Html.esc(s.name()), NOT_RECOVERED, Html.esc(f.step())));
      }
      FaultSummary.AckedWrites acked = f.ackedWrites();
      if (acked != null && (!acked.lostKnown() || strictBroken(f))) {
        body.append(
            fmt(
                "<p class=\"alarm\"><b>%s: acknowledged writes %s</b>%s.</p>\n",
                Html.esc(s.name()),
                Html.esc(acked.lostInWords()),
                acked.error() == null ? "" : " (" + Html.esc(acked.error()) + ")"));
      }
      body.append("<table class=\"grid\"><tbody>\n");
      rows(f)
          .forEach(
              (name, value) ->
                  body.append(
                      fmt("<tr><th>%s</th>%s</tr>\n", Html.esc(name), Html.cell(Html.esc(value)))));
      body.append("</tbody></table>\n");
      String slug = FaultCharts.slug(s.name());
      charts.stream()
          .filter(
              c -> c.section() == ReportChart.Section.FAULT && c.fileName().startsWith(slug + "-"))
          .forEach(c -> body.append(HtmlReport.figure(c)));
    }
    return Html.section(
        ID,
        ReportChart.Section.FAULT.heading(),
        "After the other phases, two fixed-rate steps at the same rate and length"
            + " (<code>--fault</code>): a control step, then a step during which one server"
            + " holding primary data was killed and later restarted. In both steps a side"
            + " stream wrote marker documents and the clients logged every insert and update"
            + " they sent; afterwards every key with an acknowledged write was read back and"
            + " each write classed ok, lost, stale or unread (errored ones are indeterminate);"
            + " any unread one makes the loss unknown, and so does a client whose log is not"
            + " whole or that did not exit 0: its writes are unknown, never lost or stale"
            + " (<code>fault.json</code>). Times are"
            + " seconds since the end of the warm-up; the interval logs resolve whole seconds,"
            + " so figures after the kill start at the second it fell in. Recovery: the start"
            + " of the run of good seconds that holds to the end of the window (at least"
            + " three), each request counted in the second it was due, so requests that waited"
            + " out the outage count there; a good second had requests, none failed, and an"
            + " intended p99 at most twice the pre-fault p99"
            + " (<code>fault-summary.json</code>).",
        body);
  }

  /**
   * How long after it was due the kill came, if a second or more: the store took that long to name
   * the server to kill (a loaded Elasticsearch); the outage starts there.
   */
  private static String lateness(FaultSummary f) {
    if (f.dueAtS() == null) {
      return "";
    }
    double late = f.killAtS() - f.dueAtS();
    return late < 1
        ? ""
        : fmt(" (%.1f s after it was due: naming the server to kill took that long)", late);
  }

  /** The table's rows: what it shows, and the value in words. */
  private static Map<String, String> rows(FaultSummary f) {
    Map<String, String> rows = new LinkedHashMap<>();
    rows.put(
        "Fault",
        f.spec()
            + " at "
            + Numbers.grouped(f.targetOps())
            + " ops/s, killed at "
            + seconds(f.killAtS())
            + lateness(f));
    rows.put(
        "Node",
        Html.orDash(
            f.node(),
            n -> fmt("%s (port %s, pid %s, signal %s)", n.role(), n.port(), n.pid(), n.signal())));
    rows.put("Restart", restart(f));
    rows.put("Failed operations", failed(f.fault()));
    rows.put(
        "Control step failures", f.control() == null ? "no control step" : failed(f.control()));
    rows.put(
        "Longest gap without a success",
        (f.longestGapS() == 0 ? "none" : f.longestGapS() + " s from " + seconds(f.longestGapAtS()))
            + " ("
            + f.resolutionS()
            + "-s resolution)");
    rows.put(
        "Longest gap between acked writes",
        f.longestAckGapMs() == null ? "–" : Numbers.micros(1000.0 * f.longestAckGapMs()));
    rows.put("Recovery", recovery(f));
    rows.put("Intended p99 before the kill", Html.micros(f.preFaultP99Us()));
    rows.put("Intended latency after the kill", spectrum(f.fault().afterKill()));
    rows.put(
        "Control step, same seconds",
        f.control() == null ? "no control step" : spectrum(f.control().afterKill()));
    rows.put("Acked writes", ackedWrites(f, f.ackedWrites()));
    if (f.controlAckedWrites() != null) {
      rows.put("Acked writes, control step", ackedWrites(null, f.controlAckedWrites()));
    }
    return rows;
  }

  private static String restart(FaultSummary f) {
    FaultSummary.Recover r = f.recover();
    String at =
        (f.restartAtS() == null ? "" : "asked at " + seconds(f.restartAtS()))
            + (f.backAtS() == null ? "" : ", whole again at " + seconds(f.backAtS()));
    if (r == null) {
      return at.isEmpty() ? "not recorded" : at;
    }
    String ok = Boolean.FALSE.equals(r.ok()) ? "FAILED: " + r.error() + "; " : "";
    return ok + at + (r.restarted() == null ? "" : " (restarted " + r.restarted() + ")");
  }

  private static String failed(FaultSummary.StepFigures figures) {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, FaultSummary.Operations> e : figures.operations().entrySet()) {
      FaultSummary.Operations o = e.getValue();
      long all = o.succeeded() + o.failed();
      parts.add(
          fmt(
              "%s %s of %s, %s after the kill",
              e.getKey(),
              Numbers.grouped(o.failed()),
              Numbers.grouped(all),
              Numbers.grouped(o.failedAfterKill())));
    }
    return parts.isEmpty() ? "no operations" : String.join("; ", parts);
  }

  private static String recovery(FaultSummary f) {
    if (f.recovered() == null) {
      return "not judged: too few requests before the kill for a p99";
    }
    return f.recovered()
        ? Numbers.fixed(f.recoveryS(), 1)
            + " s after the kill (bound "
            + Html.micros(f.recoveryBoundUs())
            + ")"
        : NOT_RECOVERED;
  }

  private static String spectrum(FaultSummary.Spectrum s) {
    return fmt(
        "%s requests: p50 %s, p90 %s, p99 %s, p99.9 %s, max %s",
        Numbers.grouped(s.count()),
        Html.micros(s.p50Us()),
        Html.micros(s.p90Us()),
        Html.micros(s.p99Us()),
        Html.micros(s.p999Us()),
        Html.micros(s.maxUs()));
  }

  /** One step's acknowledged writes; {@code f} (for the profile) null for the control step. */
  private static String ackedWrites(FaultSummary f, FaultSummary.AckedWrites a) {
    String may =
        f == null || f.durability() == null
            ? ""
            : "; profile " + f.durability().profile() + " may lose: " + f.durability().mayLose();
    if (a == null) {
      return "not measured" + may;
    }
    StringBuilder ops = new StringBuilder();
    if (a.operations() != null) {
      a.operations()
          .forEach(
              (op, c) ->
                  ops.append(
                      fmt(
                              "; %s: %s acknowledged, %s lost, %s stale, %s indeterminate, %s"
                                  + " unread",
                              op,
                              Numbers.grouped(c.acknowledged()),
                              Numbers.grouped(c.lost()),
                              Numbers.grouped(c.stale()),
                              Numbers.grouped(c.indeterminate()),
                              Numbers.grouped(c.readBackFailed()))
                          + (c.unknown() == null || c.unknown() == 0
                              ? ""
                              : ", "
                                  + Numbers.grouped(c.unknown())
                                  + " unknown (a log not whole)")));
    }
    return fmt(
        "%s%s%s%s",
        a.lostInWords()
            + (f == null
                ? ""
                : " ("
                    + Numbers.grouped(a.ackedBeforeKill())
                    + " acked before the kill, "
                    + Numbers.grouped(a.ackedAfterKill())
                    + " after)"),
        ops,
        a.error() == null ? "" : "; read-back error: " + a.error(),
        may);
  }

  private static String seconds(Double s) {
    return s == null ? "–" : Numbers.fixed(s, 1) + " s";
  }
}
