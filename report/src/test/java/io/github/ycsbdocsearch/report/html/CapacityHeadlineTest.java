package io.github.ycsbdocsearch.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.report.ReportWriter;
import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headline and the windows table of a run with a format-4 estimate, a format-4 client lower
 * bound and a format-3 bracket side by side ({@link CapacityRun}).
 */
class CapacityHeadlineTest {

  @TempDir Path dir;

  private Path run;
  private String html;

  @BeforeEach
  void writeReport() throws IOException {
    run = CapacityRun.write(dir.resolve("run"));
    ReportWriter.write(run);
    html = Files.readString(run.resolve("report.html"));
  }

  private String section(String id, String next) {
    int from = html.indexOf("<section id=\"" + id + "\">");
    int to = html.indexOf("<section id=\"" + next + "\">");
    assertTrue(from >= 0 && to > from, id + " before " + next);
    return html.substring(from, to);
  }

  /** The headline row of one store. */
  private String row(String store) {
    String headline = section("headline", "load");
    int at = headline.indexOf("</span>" + store + "</td>");
    assertTrue(at >= 0, store + " in the headline");
    return headline.substring(at, headline.indexOf("</tr>", at));
  }

  @Test
  void theSearchSaysWhatPrecisionItReachedInHowLongAndWhatItExpected() {
    CapacitySearchRecord c =
        new CapacitySearchRecord(
            5880.0,
            6230.0,
            false,
            true,
            null,
            0.05,
            "r",
            "estimate",
            0.041,
            900.0,
            620.0,
            null,
            null,
            List.of(),
            null,
            null,
            new CapacitySearchRecord.Forecast(6100, 0.09, 540, 45),
            14.25,
            List.of());
    assertEquals(
        "Reached ±4.1 % (target ±5 %) in 14.3 min of curve and search; when its interval first"
            + " closed (±9 %, after 45 s of probes) it expected to need 9.0 more measured min. ",
        HeadlineSection.reached(c));
    CapacitySearchRecord old =
        new CapacitySearchRecord(
            null, null, false, false, null, 0.03, "r", "none", null, null, null, null, null,
            List.of(), null, null, null, null, List.of());
    assertEquals("", HeadlineSection.reached(old), "an older file says nothing of it");
    CapacitySearchRecord wide =
        new CapacitySearchRecord(
            8769.0,
            20633.0,
            false,
            false,
            null,
            0.03,
            "r",
            "estimate",
            0.451,
            160.0,
            160.0,
            null,
            null,
            List.of(),
            null,
            null,
            null,
            4.0,
            List.of());
    assertEquals(
        "±45 % (target ±3 %) after 4.0 min of curve and search. ",
        HeadlineSection.reached(wide), "a target not reached is not called reached");
  }

  @Test
  void anEstimateShowsItsIntervalItsTargetAndTheCyclesItsWindowsHeld() {
    String redis = row("redisjson");
    assertTrue(redis.contains("<b>6,050</b>"), redis);
    assertTrue(redis.contains(">5,880–6,230</b>"), "the 95 % interval: " + redis);
    assertTrue(redis.contains("±2.9 %: within the ±3 % target"), redis);
    assertTrue(redis.contains("AOF rewrites about every 35 s: 5 inside"), redis);
    assertTrue(
        redis.contains("RDB snapshot seen once: 0 inside, not covered"),
        "a kind the windows could not cover says so: " + redis);
    assertFalse(redis.contains("lower bound"), "an estimate is no bound: " + redis);
    assertTrue(
        redis.contains(
            "8 fixed-rate windows: 5 informed the model at the estimate, 1"
                + " client-limited (left out); the search's probes took 285 of 600 s"),
        redis);
  }

  @Test
  void aClientLowerBoundNamesTheRateTheClientLimitedAndWhy() {
    String mongo = row("mongodb");
    assertTrue(mongo.contains("<b>≥ 3,300</b>"), "a lower bound at a glance: " + mongo);
    assertTrue(mongo.contains("client lower bound: the client limited 4,092 ops/s"), mongo);
    assertTrue(
        mongo.contains(
            "the client: late sends changed the verdict with threads free: fail on intended"
                + " latency, pass from the send"),
        mongo);
    assertTrue(mongo.contains("none: a lower bound has no upper end"), mongo);
    assertTrue(
        mongo.contains("WiredTiger checkpoints about every 60 s: 1 inside, not covered"), mongo);
  }

  @Test
  void aFormat3RunKeepsItsBracketAndConfidence() {
    String es = row("elasticsearch");
    assertTrue(es.contains("<b>1,200</b>"), es);
    assertTrue(es.contains("bracket [1200, 1224]") && es.contains("97 %, converged"), es);
    assertTrue(
        section("headline", "load").contains("show the bisection's bracket and its confidence"),
        "the intro explains the older record");
  }

  @Test
  void theMachinesSpeedStandsBesideEveryCapacity() {
    assertTrue(row("redisjson").contains("<b>54 µs</b>"), row("redisjson"));
    assertTrue(row("mongodb").contains("<b>220 µs</b>"), row("mongodb"));
    assertTrue(row("elasticsearch").contains("<b>137 µs</b>"), row("elasticsearch"));
    assertTrue(
        section("headline", "load")
            .contains(
                "Machines here differ 2–2.5x in it: compare runs only with this beside them"));
  }

  @Test
  void theCapacityChartsSitUnderTheHeadlineFormat4Only() {
    String headline = section("headline", "load");
    assertTrue(headline.contains("href=\"charts/capacity-redisjson.svg\""), "redisjson's chart");
    assertTrue(headline.contains("href=\"charts/capacity-mongodb.svg\""), "mongodb's chart");
    assertFalse(headline.contains("capacity-elasticsearch"), "no model in a format-3 record");
    assertTrue(
        headline.contains("crosses the allowance (dashed), the shaded band its 95 % interval."),
        "redisjson's caption: model and interval");
    assertTrue(
        headline.contains("The vertical line is a lower bound"),
        "mongodb's caption names what its chart has: no model, no interval");
    assertFalse(Files.exists(run.resolve("charts/capacity-elasticsearch.svg")));
  }

  @Test
  void theWindowsTableGivesSecondsShareWeightOutcomeAndTheClientsReason() {
    String table = section("capacity-search", "throughput");
    String probe = rowOf(table, "10-t28-r6050-probe");
    for (String cell :
        new String[] {
          ">6,050<",
          ">narrow<",
          ">75.0<",
          ">UPDATE<",
          ">3,400 of 453,750<",
          ">0.75 %<",
          ">1.00<",
          ">pass<"
        }) {
      assertTrue(probe.contains(cell), cell + " in " + probe);
    }
    String zero = rowOf(table, "05-t8-r2837");
    assertTrue(zero.contains(">0 of 42,555<") && zero.contains(">0 %<"), zero);
    String client = rowOf(table, "08-t28-r11349");
    assertTrue(client.startsWith("<tr class=\"probe-client-limited\">"), client);
    assertTrue(client.contains(">client CPU 0.97 of 1 CPUs (JIT compiler left out)<"), client);
    assertTrue(client.contains(">–<"), "a left-out window has no weight: " + client);
    assertTrue(
        rowOf(table, "12-t24-r1200-probe").contains(">pass (confidence 97 %)<"),
        "format 3: the decision's confidence");
    assertTrue(
        table.contains("The estimator, as the run recorded it: one estimate from every window"),
        "the method in words");
  }

  @Test
  void aProbesTimeSeriesIsTitledWithWhatTheWindowShowed() {
    assertTrue(
        html.contains("redisjson probe at 6,050 ops/s (narrow, 75 s, 0.75 % over: pass)"), html);
  }

  private static String rowOf(String table, String step) {
    int cell = table.indexOf("<td>" + step + "</td>");
    assertTrue(cell >= 0, step + " in the windows table");
    int start = table.lastIndexOf("<tr", cell);
    String row = table.substring(start, table.indexOf("</tr>", cell));
    assertEquals(1, row.split("<td>" + step + "</td>", -1).length - 1);
    return row;
  }
}
