package io.github.ycsbdocsearch.report.charts;

import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.T0;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.repeat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.report.ReportWriter;
import io.github.ycsbdocsearch.resultsformat.StepEvents;
import io.github.ycsbdocsearch.resultsformat.StepSampling;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixed-rate steps over time: two stores' load steps at one fraction share a time axis, a probe
 * gets its own folded under its store, the warm-up is shaded and a hand-made events.json is marked
 * where it says.
 */
class TimeSeriesChartsTest {

  @TempDir Path dir;

  private Path run() throws IOException {
    Path run = dir.resolve("run");
    RunFixture.manifest(run, "{\"run_id\": \"r\", \"workload\": \"wl\"}\n");
    for (String store : List.of("mongodb", "redisjson")) {
      Path step = run.resolve(store + "/steps/03-t4-r400");
      RunFixture.stepJson(
          step,
          store,
          3,
          4,
          400,
          2,
          5,
          "complete",
          "\"phase\": \"load\", \"offered_fraction\": 0.5, ");
      RunFixture.log(step, "READ", T0, times(7, repeat(100, 400)));
      RunFixture.log(
          step, "Intended-READ", T0, times(7, repeat(store.equals("mongodb") ? 300 : 2000, 400)));
    }
    Path probe = run.resolve("mongodb/steps/04-t4-r450-probe");
    RunFixture.stepJson(probe, "mongodb", 4, 4, 450, 2, 5, "complete", "\"phase\": \"search\", ");
    RunFixture.log(probe, "READ", T0, times(7, repeat(100, 450)));
    RunFixture.log(probe, "Intended-READ", T0, times(7, repeat(400, 450)));
    StepEvents.write(
        run.resolve("mongodb/steps/03-t4-r400"),
        List.of(
            new StepEvents.Event(-1.0, "mongodb", "wt_checkpoint", "during the warm-up"),
            new StepEvents.Event(2.5, "mongodb", "wt_checkpoint", "checkpoint of 180 ms"),
            new StepEvents.Event(0.5, "mongodb", "es_refresh", ""),
            new StepEvents.Event(1.5, "mongodb", "es_refresh", ""),
            new StepEvents.Event(2.5, "mongodb", "es_refresh", ""),
            new StepEvents.Event(3.5, "mongodb", "es_refresh", "")));
    new StepSampling(
            List.of(
                new StepSampling.Server(
                    "127.0.0.1:27018",
                    List.of(new StepSampling.Span(-2, 0), new StepSampling.Span(3, 5)))))
        .write(run.resolve("mongodb/steps/03-t4-r400"));
    RunFixture.summarizeSteps(run);
    return run;
  }

  @Test
  void storesAtOneOfferedLoadShareATimeAxisWithTheirEventsMarked() throws Exception {
    Path run = run();
    ReportWriter.write(run);
    Path latency = run.resolve("charts/timeseries-load-50pct-latency.svg");
    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(latency.toFile());
    String svg = Files.readString(latency);
    assertTrue(svg.contains("#009E73") && svg.contains("#D55E00"), "both stores on one axis");
    assertTrue(
        svg.contains(">warm-up: excluded<"), "the warm-up is shaded and says it is excluded");
    assertEquals(2, count(svg, ">wt_checkpoint<"), "each event marked, the one in the warm-up too");
    assertEquals(0, count(svg, ">es_refresh<"), "a refresh every second is no mark");
    assertTrue(
        svg.contains(">-2<") && svg.contains(">0<") && svg.contains(">4<"),
        "time from the warm-up's start");
    assertTrue(Files.exists(run.resolve("charts/timeseries-load-50pct-throughput.svg")));
    String html = Files.readString(run.resolve("report.html"));
    assertTrue(
        html.contains("mongodb wt_checkpoint at 2.5 s (checkpoint of 180 ms)"), "events in words");
    assertTrue(
        html.matches(
            "(?s).*Too frequent to mark one by one[^.]*: mongodb es_refresh 0\\.\\d per s.*"),
        "the refreshes as a rate");
    assertTrue(
        html.contains(
            "Not sampled, so no event could show there: mongodb 127.0.0.1:27018 0.0-3.0 s"),
        "a server's unsampled stretch is said");
    String section = html.substring(html.indexOf("<section id=\"time-series\">"));
    assertTrue(
        section.indexOf("timeseries-load-50pct")
            < section.indexOf(
                "<details class=\"charts\"><summary>"
                    + "Capacity search probes: mongodb</summary>"),
        "the load fraction open, the probe folded after it");
    assertTrue(section.contains("mongodb probe at 450 ops/s"), "the probe's own chart");
    assertFalse(html.contains("redisjson probe"), "redisjson ran no probe");
  }

  private static int count(String haystack, String needle) {
    return haystack.split(Pattern.quote(needle), -1).length - 1;
  }
}
