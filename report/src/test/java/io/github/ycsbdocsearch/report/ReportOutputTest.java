package io.github.ycsbdocsearch.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.report.html.HtmlReport;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** report.html, charts and the command line, built from {@link GoldenRun}. */
class ReportOutputTest {

  /** Anything that would make the page fetch from the network. */
  private static final Pattern REMOTE =
      Pattern.compile(
          "(?i)(src|href)\\s*=\\s*\"(https?:)?//|<script|<link|@import|url\\(\\s*['\"]?(https?:)?//");

  @TempDir Path dir;

  /** The report command as bin/docsearch runs it, with its output captured. */
  private static int report(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
    return new CommandLine(new ReportMain())
        .setOut(new PrintWriter(out, true, StandardCharsets.UTF_8))
        .setErr(new PrintWriter(err, true, StandardCharsets.UTF_8))
        .execute(args);
  }

  @Test
  void reportOpensOfflineAndSaysWhatMatters() throws IOException {
    Path run = GoldenRun.write(dir.resolve("run"));
    ReportWriter.write(run);
    String html = Files.readString(run.resolve("report.html"));
    assertFalse(REMOTE.matcher(html).find(), "report.html must not load anything remote");
    assertTrue(
        html.contains("20260101T000000Z-wl") && html.contains("abc1234"), "environment block");
    assertTrue(
        html.contains("class=\"alarm\"") && html.contains("<b>redisjson</b>: NOT VERIFIED"),
        "a store that ran SEARCH without verification must be flagged loudly");
    assertTrue(html.contains("verified: 10 of 10 queries identical"), "mongodb verified");
    assertTrue(html.contains("What these numbers mean"), "caveat");
    assertTrue(html.contains("peak: "), "the ramp's peak is marked");
    assertFalse(
        html.contains("SYNTHETIC DATA"), "only synthetic manifests get the synthetic banner");
    assertEquals(
        11, count(html, "<svg viewBox"), "every chart inline, so the page needs no other file");
  }

  @Test
  void theHeaderShowsTheRunsTagsFromItsPlan() throws IOException {
    Path run = GoldenRun.write(dir.resolve("run"));
    ReportWriter.write(run);
    assertFalse(Files.readString(run.resolve("report.html")).contains("tags:"), "none, no line");
    ObjectNode manifest = (ObjectNode) Json.MAPPER.readTree(run.resolve("manifest.json").toFile());
    manifest.putObject("plan").putObject("tags").put("host", "m5d").put("try", "2<3");
    Json.MAPPER.writeValue(run.resolve("manifest.json").toFile(), manifest);
    ReportWriter.write(run);
    String html = Files.readString(run.resolve("report.html"));
    String header = html.substring(html.indexOf("<header"), html.indexOf("</header>"));
    assertTrue(header.contains("<span>tags: <b>host=m5d, try=2&lt;3</b></span>"), header);
  }

  /**
   * The answer first (headline, curves), what it rests on after it, the environment last and
   * folded.
   */
  @Test
  void theReportLeadsWithItsAnswer() throws IOException {
    Path run = GoldenRun.write(dir.resolve("run"));
    ReportWriter.write(run);
    String html = Files.readString(run.resolve("report.html"));
    List<String> order =
        List.of(
            "headline",
            "load",
            "conditions",
            "verification",
            "capacity-search",
            "throughput",
            "spectrum",
            "time-series",
            "summary",
            "environment");
    int last = -1;
    for (String id : order) {
      int at = html.indexOf("<section id=\"" + id + "\">");
      assertTrue(at > last, id + " must follow the sections before it in " + order);
      last = at;
    }
    assertTrue(html.indexOf("<details class=\"environment\">") > last, "the environment is folded");
    String headline =
        html.substring(
            html.indexOf("<section id=\"headline\">"), html.indexOf("<section id=\"load\">"));
    assertTrue(
        headline.contains("no capacity: no fixed-rate step passed"),
        "mongodb's missing capacity: " + headline);
    assertTrue(
        headline.contains("no result: sweep unfinished"),
        "redisjson has no capacity.json: " + headline);
  }

  /**
   * The conditions table of a real cluster sweep's manifest: versions, profile, budget and data set
   * per store.
   */
  @Test
  void theConditionsTablePutsEveryStoresVersionMemoryAndDataSideBySide() throws Exception {
    JsonNode manifest;
    try (var in = getClass().getResourceAsStream("/manifests/local-cluster-search-mix.json")) {
      manifest = Json.MAPPER.readTree(in);
    }
    List<String> names = List.of("redisjson", "mongodb", "elasticsearch");
    RunFolder run =
        new RunFolder(
            dir,
            manifest,
            names.stream().map(n -> new StoreRun(n, List.of(), null, null)).toList());
    String html = HtmlReport.render(run, List.of(), List.of(), new StorePalette(names));
    String table = html.substring(html.indexOf("<section id=\"conditions\">"));
    table = table.substring(0, table.indexOf("</section>"));
    for (String fact :
        List.of("7.4.1", "6.0.5", "8.19.21", "1024 MB (341 MB)", "1024 MB (512 MB)", "relaxed")) {
      assertTrue(table.contains(fact), fact + " in " + table);
    }
    assertEquals(3, count(table, "<td>yes</td>"), "the data fits every store's budget");
    // This local run's Redis Stack 7.4.1 and MongoDB 6.0.5 are not what AWS installs; its
    // Elasticsearch 8.19.21 is.
    assertEquals(2, count(table, "<td class=\"warn\">"), table);
    assertTrue(table.contains("<td class=\"warn\">6.0.5 (AWS setup: "), table);
    assertTrue(table.contains("<td>8.19.21</td>"), table);
  }

  @Test
  void everyChartWithDataIsAWellFormedSvgFileWithLabelledAxes() throws Exception {
    Path run = GoldenRun.write(dir.resolve("run"));
    ReportWriter.write(run);
    List<String> names;
    try (Stream<Path> files = Files.list(run.resolve("charts"))) {
      // Each chart's CSV and Vega-Lite files: ChartFilesTest.
      names =
          files
              .map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".svg"))
              .sorted()
              .toList();
    }
    assertEquals(
        List.of(
            "latency-vs-offered-load-READ.svg",
            "latency-vs-throughput-READ.svg",
            "latency-vs-throughput-SEARCH.svg",
            "latency-vs-throughput-UPDATE.svg",
            "service-vs-intended-READ.svg",
            "spectrum-READ.svg",
            "spectrum-SEARCH.svg",
            "spectrum-UPDATE.svg",
            "throughput-vs-threads.svg",
            "timeseries-rate-500-latency.svg",
            "timeseries-rate-500-throughput.svg"),
        names);
    DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
    for (String name : names) {
      Path file = run.resolve("charts").resolve(name);
      xml.newDocumentBuilder().parse(file.toFile());
      String svg = Files.readString(file);
      assertTrue(
          svg.contains("Latency (log scale") || svg.contains("(ops/s)"),
          name + ": axis with units");
    }
    String spectrum = Files.readString(run.resolve("charts/spectrum-SEARCH.svg"));
    assertTrue(
        spectrum.contains(">p99.99<") && spectrum.contains("#D55E00"),
        "nines axis, redisjson colour");
  }

  @Test
  void rebuildingIsRepeatableAndDropsStaleDerivedFiles() throws IOException {
    Path run = GoldenRun.write(dir.resolve("run"));
    ReportWriter.write(run);
    String first = Files.readString(run.resolve("summary.csv"));
    Path stalePercentiles = run.resolve("mongodb/steps/01-t1/percentiles/DELETE.txt");
    Path staleChart = run.resolve("charts/spectrum-DELETE.svg");
    Files.writeString(stalePercentiles, "old");
    Files.writeString(staleChart, "old");
    ReportWriter.write(run);
    assertEquals(first, Files.readString(run.resolve("summary.csv")));
    assertFalse(Files.exists(stalePercentiles));
    assertFalse(Files.exists(staleChart));
    assertTrue(Files.exists(run.resolve("mongodb/steps/01-t1/percentiles/Intended-READ.txt")));
    assertTrue(Files.exists(run.resolve("mongodb/steps/01-t1/percentiles/UPDATE-FAILED.txt")));
  }

  @Test
  void commandLineRejectsANonResultsFolderWithOneLineAndExitTwo() throws IOException {
    Files.createDirectories(dir.resolve("empty"));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = report(new ByteArrayOutputStream(), err, dir.resolve("empty").toString());
    assertEquals(2, code);
    String message = err.toString(StandardCharsets.UTF_8);
    assertEquals(1, message.lines().count(), message);
    assertTrue(message.contains("not a results folder"), message);
    assertEquals(2, report(new ByteArrayOutputStream(), new ByteArrayOutputStream()));
  }

  @Test
  void commandLineBuildsTheReport() throws IOException {
    Path run = GoldenRun.write(dir.resolve("run"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertEquals(0, report(out, new ByteArrayOutputStream(), run.toString()));
    assertTrue(Files.exists(run.resolve("report.html")));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("report.html"));
  }

  @Test
  void malformedRawFileIsBadInputNamingTheFile() throws IOException {
    Path run = GoldenRun.write(dir.resolve("run"));
    Files.writeString(run.resolve("mongodb/capacity.json"), "{oops");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertEquals(2, report(new ByteArrayOutputStream(), err, run.toString()));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("capacity.json"));
  }

  @Test
  void aFolderOfAnOlderFormatIsBadInputNamingMigrate() throws IOException {
    Path run = GoldenRun.writeUnmigrated(dir.resolve("run"));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertEquals(2, report(new ByteArrayOutputStream(), err, run.toString()));
    String line = err.toString(StandardCharsets.UTF_8);
    assertTrue(line.contains("upgrade it with bin/docsearch migrate " + run), line);
    assertEquals(1, line.lines().count(), line);
    assertFalse(Files.exists(run.resolve("report.html")));
  }

  private static long count(String haystack, String needle) {
    return haystack.split(Pattern.quote(needle), -1).length - 1;
  }
}
