package io.github.ycsbdocsearch.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.report.ReportWriter;
import io.github.ycsbdocsearch.resultsformat.analysis.FaultAnalysis;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture.Second;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault section of a run whose redisjson lost a node ({@link FaultFixture}: three seconds
 * without a success after the kill at 5.2 s, latency back at second 10) and whose mongodb ran no
 * fault: a table and the fault step's panels with the kill and the restart marked, for redisjson
 * only, after the capacity search and before the chart sections.
 */
class FaultSectionTest {

  @TempDir Path dir;

  private Path run(IntFunction<Second> fault) throws IOException {
    return run(fault, null, null, true);
  }

  /**
   * The run, with fault.json's acked_writes and profile replaced when {@code acked} is given, and
   * both steps' pool.json when {@code pool} (else steps as run before the file existed).
   */
  private Path run(IntFunction<Second> fault, String acked, String profile, boolean pool)
      throws IOException {
    Path run = dir.resolve("run");
    RunFixture.manifest(run, "{\"run_id\": \"r\", \"workload\": \"wl\"}\n");
    Path redis = run.resolve("redisjson");
    Path step = FaultFixture.faultStep(redis, fault);
    if (acked != null) {
      FaultFixture.ackedWrites(step, acked, profile);
    }
    Path control = FaultFixture.controlStep(redis);
    if (pool) {
      FaultFixture.pool(step, fault);
      FaultFixture.pool(control, s -> Second.NORMAL);
    }
    FaultAnalysis.of(step, control).writeTo(redis);
    FaultFixture.controlStep(run.resolve("mongodb"));
    ReportWriter.write(run);
    return run;
  }

  private static String section(String html) {
    int from = html.indexOf("<section id=\"fault\">");
    assertTrue(from >= 0, "the fault section");
    return html.substring(from, html.indexOf("</section>", from));
  }

  @Test
  void aStoreThatLostANodeHasItsTableAndMarkedChart() throws Exception {
    Path run = run(FaultFixture::outage);
    String html = Files.readString(run.resolve("report.html"));
    String section = section(html);
    assertTrue(section.contains("A node lost under load"));
    assertTrue(section.contains("kill-primary@5+10 at 400 ops/s, killed at 5.2 s"), section);
    assertTrue(section.contains("master of slots 0-5460 (port 7001, pid 1234, signal KILL)"));
    assertTrue(
        section.contains(
            "READ 150 of 5,250, 150 after the kill; UPDATE 60 of 1,760, 60 after the kill"),
        "failures by type");
    assertTrue(section.contains("3 s from 5.0 s (1-s resolution)"), "the gap");
    assertTrue(section.contains("3.15 s"), "the acked writes' longest gap");
    assertTrue(section.contains("4.8 s after the kill"), "the recovery");
    assertTrue(section.contains("5,010 requests: p50"), "the spectrum after the kill");
    assertTrue(section.contains("6,000 requests: p50"), "the control step's same seconds");
    assertTrue(
        section.contains(
            "lost 2 of 380 (104 acked before the kill, 276 after); profile strict may lose: "
                + "none (AOF fsync always)"),
        "lost writes beside what the profile may lose");
    assertTrue(
        html.contains("Acknowledged writes lost under the strict durability profile")
            && html.contains("<li><b>redisjson</b>: acknowledged writes lost 2 of 380"),
        "a strict profile that lost writes raises the alarm banner");
    assertTrue(section.contains("asked at 15.2 s, whole again at 16.5 s (restarted [7001])"));
    assertFalse(section.contains(FaultSection.NOT_RECOVERED));
    assertFalse(section.contains("mongodb"), "mongodb ran no fault");
    assertTrue(
        section.contains("node-lost-redisjson-throughput.svg")
            && section.contains("node-lost-redisjson-latency.svg")
            && section.contains("node-lost-redisjson-schedule.svg"),
        "the three panels inline");
    assertTrue(
        section.indexOf("node-lost-redisjson-latency.svg")
                < section.indexOf("node-lost-redisjson-errors.svg")
            && section.indexOf("node-lost-redisjson-errors.svg")
                < section.indexOf("node-lost-redisjson-pool.svg")
            && section.indexOf("node-lost-redisjson-pool.svg")
                < section.indexOf("node-lost-redisjson-waiting.svg")
            && section.indexOf("node-lost-redisjson-waiting.svg")
                < section.indexOf("node-lost-redisjson-schedule.svg"),
        "errors, pool and waiting right after the latency panel, on its axis");
    assertTrue(
        section.contains(
            "Fault step: READ 150 failed, most 50.0/s (at 5.5 s), UPDATE 60 failed, most 20.0/s"
                + " (at 5.5 s); control step: none failed."),
        "the errors per second by operation, in words");
    assertTrue(
        section.contains(
            "Fault step: at most 40 of 40 threads busy, every one in 5 seconds; control step: at"
                + " most 3 of 40 threads busy."),
        "the pool: full through the outage and the backlog");
    assertTrue(
        section.contains(
            "Fault step: at most 1.2k on average (at 7.5 s); control step: at most 0.02 on"
                + " average (at 0.5 s)."),
        "the requests waiting, growing through the outage");
    for (String chart : List.of("errors", "pool", "waiting")) {
      Path svg = run.resolve("charts/node-lost-redisjson-" + chart + ".svg");
      DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
      String text = Files.readString(svg);
      assertTrue(
          text.contains(">kill-primary :7001<") && text.contains(">restart<"),
          chart + ": the kill and the restart marked");
      assertFalse(text.contains("Not recorded"), chart);
    }
    Path schedule = run.resolve("charts/node-lost-redisjson-schedule.svg");
    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(schedule.toFile());
    assertTrue(
        Files.readString(schedule).contains(">recovered (holds)<"),
        "the requests due per second, with the recovery that holds marked");

    Path chart = run.resolve("charts/node-lost-redisjson-latency.svg");
    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(chart.toFile());
    String svg = Files.readString(chart);
    assertTrue(
        svg.contains(">kill-primary :7001<")
            && svg.contains(">restart<")
            && svg.contains(">whole again<"),
        "the kill, the restart and the return marked");

    int fault = html.indexOf("<section id=\"fault\">");
    assertTrue(
        html.indexOf("<section id=\"capacity-search\">") < fault,
        "after the capacity search and soak");
    assertTrue(fault < html.indexOf("<section id=\"throughput\">"), "before the chart sections");
    String overTime = html.substring(html.indexOf("<section id=\"time-series\">"));
    assertTrue(
        overTime.contains("<summary>Fault run: redisjson</summary>"),
        "fault steps folded in the time series");
    assertTrue(overTime.contains("redisjson control step (no fault) at 400 ops/s"));
    assertFalse(
        overTime.contains("Fixed rate 400 ops/s"), "fault runs share no axis with steady steps");
  }

  /**
   * A fault run from before pool.json: the errors still come from the failed-operation logs; the
   * pool charts are shown, and say they were not recorded.
   */
  @Test
  void stepsWithoutPoolJsonStayReadableAndSaySo() throws IOException {
    Path run = run(FaultFixture::outage, null, null, false);
    String section = section(Files.readString(run.resolve("report.html")));
    assertTrue(section.contains("Fault step: READ 150 failed"), "the errors, from the logs");
    assertTrue(
        section.contains("Fault step: not recorded; control step: not recorded."),
        "the pool's and the waiting ones' captions");
    for (String chart : List.of("pool", "waiting")) {
      assertTrue(section.contains("node-lost-redisjson-" + chart + ".svg"), chart + " shown");
      assertTrue(
          Files.readString(run.resolve("charts/node-lost-redisjson-" + chart + ".svg"))
              .contains(">Not recorded: these steps ran before the client wrote pool.json<"),
          chart + " says why it is empty");
    }
  }

  @Test
  void aClientThatNeverRecoveredIsSaidInWords() throws IOException {
    Path run = run(s -> s >= 5 && s <= 7 ? Second.DOWN : s > 7 ? Second.SLOW : Second.NORMAL);
    String section = section(Files.readString(run.resolve("report.html")));
    assertTrue(section.contains("<b>redisjson: " + FaultSection.NOT_RECOVERED + "</b>"), section);
    assertEquals(
        2, section.split(FaultSection.NOT_RECOVERED, -1).length - 1, "above the table and in it");
  }

  /** acked_writes as the runner writes it, with per-operation counts. */
  private static String acked(long lost, long unread, String verdict, String error) {
    return "{\"rate_per_s\": 20, \"attempted\": 400, \"acked\": 500, \"failed\": 20,"
        + " \"acked_before_kill\": 200, \"lost_before_kill\": 0, \"acked_after_kill\": 300,"
        + " \"lost_after_kill\": "
        + lost
        + ", \"lost_keys\": [], \"longest_ack_gap_ms\": 3150, \"read_back_failed\": "
        + unread
        + ", \"first_error\": null, \"error\": "
        + (error == null ? "null" : "\"" + error + "\"")
        + ", \"stale\": 0, \"verdict\": \""
        + verdict
        + "\", \"operations\": {\"INSERT\": {\"acknowledged\": 380, \"ok\": 380, \"lost\": 0,"
        + " \"stale\": 0, \"read_back_failed\": 0, \"indeterminate\": 20}, \"UPDATE\":"
        + " {\"acknowledged\": 120, \"ok\": 117, \"lost\": 0, \"stale\": 3,"
        + " \"read_back_failed\": 0, \"indeterminate\": 4}}}";
  }

  @Test
  void aReadBackThatCouldNotConnectSaysUnknownNeverZero() throws IOException {
    Path run =
        run(
            FaultFixture::outage,
            acked(0, 500, "lost: unknown (500 of 500 unread)", "read-back failed: refused"),
            "relaxed",
            true);
    String html = Files.readString(run.resolve("report.html"));
    String section = section(html);
    assertTrue(
        section.contains("<b>redisjson: acknowledged writes lost: unknown (500 of 500 unread)</b>"),
        section);
    assertTrue(section.contains("read-back error: read-back failed: refused"), section);
    assertFalse(section.contains("lost 0"), "never 0 when nothing was read");
    assertFalse(
        html.contains("Acknowledged writes lost under the strict"), "relaxed: no strict alarm");
  }

  @Test
  void perOperationCountsAreShownAndAStrictUnknownRaisesTheAlarm() throws IOException {
    Path run =
        run(
            FaultFixture::outage,
            acked(0, 7, "lost: unknown (7 of 500 unread)", null),
            "strict",
            true);
    String html = Files.readString(run.resolve("report.html"));
    assertTrue(
        section(html)
            .contains("UPDATE: 120 acknowledged, 0 lost, 3 stale, 4 indeterminate, 0 unread"),
        section(html));
    assertTrue(
        html.contains("<li><b>redisjson</b>: acknowledged writes lost: unknown (7 of 500 unread)"),
        "strict with unread writes is not a pass");
  }

  @Test
  void aRelaxedLossIsReportedWithoutTheStrictAlarm() throws IOException {
    Path run = run(FaultFixture::outage, acked(4, 0, "lost 4 of 500", null), "relaxed", true);
    String html = Files.readString(run.resolve("report.html"));
    assertTrue(section(html).contains("lost 4 of 500 (200 acked before the kill, 300 after)"));
    assertFalse(html.contains("Acknowledged writes lost under the strict"));
  }

  @Test
  void aRunWithoutAFaultHasNoSection() throws IOException {
    Path run = dir.resolve("run");
    RunFixture.manifest(run, "{\"run_id\": \"r\", \"workload\": \"wl\"}\n");
    FaultFixture.controlStep(run.resolve("mongodb"));
    ReportWriter.write(run);
    assertFalse(Files.readString(run.resolve("report.html")).contains("<section id=\"fault\">"));
  }
}
