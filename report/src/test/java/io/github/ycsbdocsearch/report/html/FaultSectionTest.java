package io.github.ycsbdocsearch.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.report.ReportWriter;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture.Second;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
    Path run = dir.resolve("run");
    RunFixture.manifest(run, "{\"run_id\": \"r\", \"workload\": \"wl\"}\n");
    Path redis = run.resolve("redisjson");
    FaultSummary.of(FaultFixture.faultStep(redis, fault), FaultFixture.controlStep(redis))
        .writeTo(redis);
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
            "lost 2 (0 acked before the kill, 2 after); profile strict may lose: "
                + "none (AOF fsync always)"),
        "lost writes beside what the profile may lose");
    assertTrue(section.contains("asked at 15.2 s, whole again at 16.5 s (restarted [7001])"));
    assertFalse(section.contains(FaultSection.NOT_RECOVERED));
    assertFalse(section.contains("mongodb"), "mongodb ran no fault");
    assertTrue(
        section.contains("node-lost-redisjson-throughput.svg")
            && section.contains("node-lost-redisjson-latency.svg"),
        "both panels inline");

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

  @Test
  void aClientThatNeverRecoveredIsSaidInWords() throws IOException {
    Path run = run(s -> s >= 5 && s <= 7 ? Second.DOWN : s > 7 ? Second.SLOW : Second.NORMAL);
    String section = section(Files.readString(run.resolve("report.html")));
    assertTrue(section.contains("<b>redisjson: " + FaultSection.NOT_RECOVERED + "</b>"), section);
    assertEquals(
        2, section.split(FaultSection.NOT_RECOVERED, -1).length - 1, "above the table and in it");
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
