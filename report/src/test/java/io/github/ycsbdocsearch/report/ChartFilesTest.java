package io.github.ycsbdocsearch.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.github.ycsbdocsearch.report.charts.LatencyCharts;
import io.github.ycsbdocsearch.report.charts.ReportChart;
import io.github.ycsbdocsearch.report.html.CapacityRun;
import io.github.ycsbdocsearch.resultsformat.ChartCsv;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.analysis.FaultAnalysis;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture.Second;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every chart of a report has its CSV and Vega-Lite specification beside its SVG, the report links
 * both, and the specification's data (the CSV rows it names, read through the spec's own fields,
 * scales and domains) lands on the SVG's plotted points, for every kind of chart: the golden
 * sweep's, a capacity search's and a fault's.
 */
class ChartFilesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** SVG coordinates are written to 0.1 px. */
  private static final double PX = 0.051;

  private static final Pattern FRAME =
      Pattern.compile(
          "<rect x=\"([\\d.]+)\" y=\"([\\d.]+)\" width=\"([\\d.]+)\" height=\"([\\d.]+)\""
              + " fill=\"#fafafa\"");
  private static final Pattern PLOT =
      Pattern.compile("<g clip-path=\"url\\(#[^\"]+\\)\">(.*?)</g>", Pattern.DOTALL);
  private static final Pattern PATH = Pattern.compile("<path d=\"([^\"]+)\"");
  private static final Pattern CIRCLE =
      Pattern.compile("<circle cx=\"([-\\d.]+)\" cy=\"([-\\d.]+)\"");
  private static final Pattern RECT =
      Pattern.compile(
          "<rect x=\"([-\\d.]+)\" y=\"([-\\d.]+)\" width=\"([\\d.]+)\" height=\"([\\d.]+)\"");
  private static final Pattern POLYGON =
      Pattern.compile("<polygon points=\"([-\\d.]+),([-\\d.]+) ([-\\d.]+),([-\\d.]+) ");

  @TempDir Path dir;

  @Test
  void theGoldenSweepsChartsCarryTheirData() throws IOException {
    Path run = GoldenRunsRenderTest.copy(GoldenRuns.NORMAL, dir);
    ReportWriter.write(run);
    Set<String> kinds = checkAll(run);
    assertTrue(
        kinds.containsAll(Set.of("latency", "throughput", "spectrum", "service", "timeseries")),
        "chart kinds of the golden run: " + kinds);
  }

  /** compare --charts: the overlay of two runs' latency-vs-offered-load charts, written alike. */
  @Test
  void anOverlayOfTwoRunsCarriesItsData() throws IOException {
    RunFolder run = RunFolder.read(GoldenRunsRenderTest.copy(GoldenRuns.NORMAL, dir));
    Path charts = dir.resolve("overlays");
    ReportChart overlay =
        LatencyCharts.offeredLoadOverlay(run, run, "basicdb", "READ", "overlay-basicdb-READ.svg");
    overlay.writeTo(charts);
    assertTrue(overlay.hasData());
    check("overlay-basicdb-READ", overlay.drawing().svg(), charts.resolve(overlay.specFileName()));
  }

  @Test
  void capacityChartsCarryTheirData() throws IOException {
    Path run = CapacityRun.write(dir.resolve("run"));
    ReportWriter.write(run);
    assertTrue(checkAll(run).contains("capacity"));
  }

  @Test
  void faultChartsCarryTheirData() throws IOException {
    Path run = dir.resolve("run");
    RunFixture.manifest(run, "{\"run_id\": \"r\", \"workload\": \"wl\"}\n");
    Path redis = run.resolve("redisjson");
    Path step = FaultFixture.faultStep(redis, s -> s >= 4 && s < 7 ? Second.DOWN : Second.NORMAL);
    Path control = FaultFixture.controlStep(redis);
    FaultFixture.pool(step, s -> Second.NORMAL);
    FaultFixture.pool(control, s -> Second.NORMAL);
    FaultAnalysis.of(step, control).writeTo(redis);
    ReportWriter.write(run);
    Set<String> kinds = checkAll(run);
    assertTrue(kinds.contains("node"), "the fault's charts (node-lost-<store>-*): " + kinds);
  }

  /** Checks every chart of the run; returns the kinds seen (the file names' first word). */
  private Set<String> checkAll(Path run) throws IOException {
    Path charts = run.resolve("charts");
    String html = Files.readString(run.resolve("report.html"));
    Set<String> kinds = new TreeSet<>();
    List<Path> svgs;
    try (Stream<Path> files = Files.list(charts)) {
      svgs = files.filter(p -> p.toString().endsWith(".svg")).sorted().toList();
    }
    assertTrue(!svgs.isEmpty(), "the run has charts");
    for (Path svg : svgs) {
      String stem = svg.getFileName().toString().replaceFirst("\\.svg$", "");
      kinds.add(stem.split("-")[0]);
      assertTrue(html.contains("href=\"charts/" + stem + ".csv\""), stem + ": CSV linked");
      assertTrue(html.contains("href=\"charts/" + stem + ".vl.json\""), stem + ": spec linked");
      check(stem, Files.readString(svg), charts.resolve(stem + ".vl.json"));
    }
    return kinds;
  }

  private static void check(String name, String svg, Path specFile) throws IOException {
    JsonNode spec = JSON.readTree(specFile.toFile());
    assertEquals(
        "https://vega.github.io/schema/vega-lite/v5.json", spec.get("$schema").asText(), name);
    String url = spec.at("/data/url").asText();
    assertEquals(name + ".csv", url, "a relative url: the folder can move");
    List<Map<String, String>> rows = readCsv(specFile.resolveSibling(url));
    Matcher frame = FRAME.matcher(svg);
    assertTrue(frame.find(), name + ": plot frame");
    double left = Double.parseDouble(frame.group(1));
    double top = Double.parseDouble(frame.group(2));
    double width = Double.parseDouble(frame.group(3));
    double height = Double.parseDouble(frame.group(4));
    assertEquals(width, spec.get("width").asDouble(), name);
    assertEquals(height, spec.get("height").asDouble(), name);
    // The first layers after the bands draw the series: lines, filled markers, hollow markers.
    JsonNode lines = null;
    List<JsonNode> points = new ArrayList<>();
    for (JsonNode layer : spec.get("layer")) {
      String mark = layer.at("/mark/type").asText();
      if (layer.has("data")) {
        continue; // bands, marks, annotations and the legend carry their own few values
      }
      if (mark.equals("line")) {
        lines = layer;
      } else if (mark.equals("point")) {
        points.add(layer);
      }
    }
    List<double[]> expected = new ArrayList<>();
    Map<String, List<Map<String, String>>> bySeries = new HashMap<>();
    rows.forEach(r -> bySeries.computeIfAbsent(r.get("series"), k -> new ArrayList<>()).add(r));
    for (Map<String, String> r : rows) {
      boolean inLine = !r.get("line").equals("none") && bySeries.get(r.get("series")).size() > 1;
      if (inLine) {
        expected.add(pixel(lines, r, spec, left, top, width, height));
      }
      if (!r.get("marker").equals("none")) {
        expected.add(pixel(points.get(0), r, spec, left, top, width, height));
      }
    }
    List<double[]> drawn = plotted(svg);
    assertEquals(expected.size(), drawn.size(), name + ": points drawn vs rows in the CSV");
    expected.sort(ChartFilesTest::byPosition);
    drawn.sort(ChartFilesTest::byPosition);
    for (int i = 0; i < drawn.size(); i++) {
      double[] e = expected.get(i);
      double[] d = drawn.get(i);
      assertTrue(
          Math.abs(e[0] - d[0]) <= PX && Math.abs(e[1] - d[1]) <= PX,
          name + ": spec places a point at " + e[0] + "," + e[1] + ", SVG at " + d[0] + "," + d[1]);
    }
  }

  /** Where the spec's scales put a CSV row, in SVG coordinates. */
  private static double[] pixel(
      JsonNode layer,
      Map<String, String> row,
      JsonNode spec,
      double left,
      double top,
      double w,
      double h) {
    double x = position(layer.at("/encoding/x"), row, spec);
    double y = position(layer.at("/encoding/y"), row, spec);
    return new double[] {round(left + x * w), round(top + (1 - y) * h)};
  }

  /**
   * The spec's own round trip: its field (a CSV column, or one its transforms compute), its scale.
   */
  private static double position(JsonNode channel, Map<String, String> row, JsonNode spec) {
    String field = channel.get("field").asText();
    double v;
    if (row.containsKey(field)) {
      v = Double.parseDouble(row.get(field));
    } else {
      v = computed(field, row, spec);
    }
    JsonNode scale = channel.get("scale");
    double d0 = scale.get("domain").get(0).asDouble();
    double d1 = scale.get("domain").get(1).asDouble();
    if (scale.get("type").asText().equals("log")) {
      return (Math.log(v) - Math.log(d0)) / (Math.log(d1) - Math.log(d0));
    }
    assertEquals("linear", scale.get("type").asText());
    return (v - d0) / (d1 - d0);
  }

  /**
   * A field a calculate transform makes: a log axis' floor ({@code max(datum.c, F)}) or a
   * percentile's count of nines; any other expression fails the test.
   */
  private static double computed(String field, Map<String, String> row, JsonNode spec) {
    String column = field.replaceFirst("_drawn$", "");
    double v = Double.parseDouble(row.get(column));
    for (JsonNode t : spec.get("transform")) {
      if (t.path("as").asText().equals(field)) {
        String expression = t.get("calculate").asText();
        Matcher floor =
            Pattern.compile("max\\(datum\\." + column + ", ([\\d.eE-]+)\\)").matcher(expression);
        if (floor.matches()) {
          return Math.max(v, Double.parseDouble(floor.group(1)));
        }
        assertEquals(
            "-log(1 - min(max(datum." + column + ", 0), 99.9999) / 100) / LN10", expression);
        double p = Math.min(Math.max(v, 0), 99.9999);
        return -Math.log(1 - p / 100) / Math.log(10);
      }
    }
    throw new AssertionError("no transform computes " + field);
  }

  /** Every line vertex and marker centre inside the SVG's plot group. */
  private static List<double[]> plotted(String svg) {
    List<double[]> points = new ArrayList<>();
    Matcher plot = PLOT.matcher(svg);
    if (!plot.find()) {
      return points;
    }
    String g = plot.group(1);
    Matcher path = PATH.matcher(g);
    while (path.find()) {
      String[] parts = path.group(1).replace("M", "").split(" L");
      for (String part : parts) {
        String[] xy = part.trim().split(" ");
        points.add(new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])});
      }
    }
    Matcher circle = CIRCLE.matcher(g);
    while (circle.find()) {
      points.add(
          new double[] {Double.parseDouble(circle.group(1)), Double.parseDouble(circle.group(2))});
    }
    Matcher rect = RECT.matcher(g);
    while (rect.find()) {
      double x = Double.parseDouble(rect.group(1)) + Double.parseDouble(rect.group(3)) / 2;
      double y = Double.parseDouble(rect.group(2)) + Double.parseDouble(rect.group(4)) / 2;
      points.add(new double[] {round(x), round(y)});
    }
    Matcher polygon = POLYGON.matcher(g);
    while (polygon.find()) {
      // Triangle: apex 4.8 px above the centre; diamond: top 5.2 px above it, left at its height.
      double x = Double.parseDouble(polygon.group(1));
      double apex = Double.parseDouble(polygon.group(2));
      double secondY = Double.parseDouble(polygon.group(4));
      boolean diamond = Math.abs(secondY - (apex + 5.2)) < 0.15;
      points.add(new double[] {x, round(apex + (diamond ? 5.2 : 4.8))});
    }
    return points;
  }

  /** The CSV's rows by column, its header checked against {@link ChartCsv#COLUMNS}. */
  private static List<Map<String, String>> readCsv(Path csv) throws IOException {
    CsvMapper mapper = new CsvMapper();
    try (MappingIterator<Map<String, String>> rows =
        mapper
            .readerForMapOf(String.class)
            .with(CsvSchema.emptySchema().withHeader())
            .readValues(csv.toFile())) {
      List<Map<String, String>> all = rows.readAll();
      assertEquals(String.join(",", ChartCsv.COLUMNS), Files.readAllLines(csv).get(0), "header");
      return all;
    }
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }

  private static int byPosition(double[] a, double[] b) {
    int c = Double.compare(a[0], b[0]);
    return c != 0 ? c : Double.compare(a[1], b[1]);
  }
}
