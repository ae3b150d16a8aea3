package io.github.ycsbdocsearch.report.charts;

import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.T0;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.repeat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.report.ReportWriter;
import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capacity chart drawn from the hand-made capacity.json fixtures: what it shows, and that it
 * shows it where it should (the allowance at the 1 % tick, the model crossing it at the estimate, a
 * window with none over on its own row, markers growing with the window's seconds).
 */
class CapacityChartTest {

  private static final Pattern CIRCLE =
      Pattern.compile(
          "<circle cx=\"([\\d.]+)\" cy=\"([\\d.]+)\" r=\"([\\d.]+)\" fill=\"([^\"]+)\"");

  /** The plot frame's right edge in SvgChart's layout; the legend is drawn beyond it. */
  private static final double PLOT_RIGHT = 690;

  @TempDir Path dir;

  /** A run of two stores: redisjson's format-4 estimate and mongodb's client lower bound. */
  private Path run() throws IOException {
    Path run = dir.resolve("run");
    RunFixture.manifest(run, "{\"run_id\": \"r\", \"workload\": \"wl\"}\n");
    for (String[] store :
        new String[][] {
          {"redisjson", "format4-estimate.json"}, {"mongodb", "format4-client-lower-bound.json"}
        }) {
      Path step = run.resolve(store[0] + "/steps/05-t8-r1000");
      RunFixture.stepJson(
          step,
          store[0],
          5,
          8,
          1000,
          1,
          3,
          "complete",
          "\"phase\": \"load\", \"open_loop\": {\"arrivals\": \"poisson\", \"seed\": 1,"
              + " \"lag_threshold_us\": 1000, \"slo\": \"p99<=10ms\", \"slo_percentile\": 0.99,"
              + " \"slo_bound_us\": 10000}, ");
      RunFixture.log(step, "Intended-READ", T0, times(4, repeat(400, 1000)));
      try (InputStream in = getClass().getResourceAsStream("/capacity/" + store[1])) {
        Files.write(run.resolve(store[0] + "/capacity.json"), in.readAllBytes());
      }
    }
    RunFixture.summarizeSteps(run);
    ReportWriter.write(run);
    return run;
  }

  @Test
  void anEstimatesChartShowsEveryWindowTheModelTheAllowanceAndTheInterval() throws Exception {
    Path file = run().resolve("charts/capacity-redisjson.svg");
    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    String svg = Files.readString(file);
    assertTrue(
        svg.contains(
            ">redisjson: capacity 6,050 ops/s (95 % interval 5,880–6,230; 5 AOF rewrites"
                + " inside)<"),
        "the headline as its title");
    assertTrue(svg.contains(">95 % interval<"), "the interval as a band");
    assertTrue(svg.contains(">capacity 6,050<"), "the estimate as a vertical line");
    assertTrue(svg.contains(">client-limited: left out<"), "the legend says what hollow means");

    List<double[]> filled = circles(svg, "#D55E00");
    List<double[]> hollow = circles(svg, "#fff");
    assertEquals(7, filled.size(), "every window the store decided");
    assertEquals(1, hollow.size(), "the client-limited window, hollow");
    assertEquals(4.0, hollow.get(0)[2], 1e-9, "a 15 s window: the default size");
    assertEquals(3, filled.stream().filter(c -> c[2] == 8.9).count(), "three 75 s windows");
    assertEquals(1, filled.stream().filter(c -> c[2] == 8.0).count(), "one 60 s window");

    double noneOver = tickY(svg, "none over");
    assertEquals(
        1,
        filled.stream().filter(c -> Math.abs(c[1] - noneOver) < 0.11).count(),
        "the one window with none over sits on the bottom row");

    double onePercent = tickY(svg, "1 %");
    double allowance = dashedLineY(svg, "#444");
    assertEquals(onePercent, allowance, 0.11, "the allowance at the 1 % tick");

    double crossing = crossingX(modelPath(svg, "#D55E00"), allowance);
    double estimate = markX(svg, "#D55E00");
    assertEquals(estimate, crossing, 1.5, "the model crosses the allowance at the estimate");
  }

  @Test
  void aClientLowerBoundHasNoBandAndTakesTheAllowanceFromTheObjective() throws Exception {
    String svg = Files.readString(run().resolve("charts/capacity-mongodb.svg"));
    assertTrue(
        svg.contains(">mongodb: client lower bound 3,300 ops/s (1 WiredTiger checkpoint inside)<"),
        "title");
    assertFalse(svg.contains("95 % interval"), "a lower bound has no interval");
    assertTrue(svg.contains(">client lower bound 3,300<"), "the bound as a vertical line");
    assertEquals(tickY(svg, "1 %"), dashedLineY(svg, "#444"), 0.11, "p99: 1 % from the steps");
    assertEquals(1, circles(svg, "#fff").size(), "the client-limited curve point");
  }

  @Test
  void theAxisReachesBelowTheSmallestShareOverZero() {
    CapacitySearchRecord.Probe tiny =
        new CapacitySearchRecord.Probe(
            "s", 100, "narrow", "pass", null, null, 60.0, "READ", 400_000L, 3L, 1.0, null);
    CapacitySearchRecord.Probe none =
        new CapacitySearchRecord.Probe(
            "t", 50, "curve", "pass", null, null, 15.0, "READ", 1_000L, 0L, 0.0, null);
    assertEquals(1e-6, CapacityChart.floor(List.of(tiny, none)), 1e-15, "3 in 400,000");
    assertEquals(CapacityChart.FLOOR, CapacityChart.floor(List.of(none)), 1e-15);
  }

  /**
   * Circles of a fill colour inside the plot (the legend's samples lie right of it): {cx, cy, r}.
   */
  private static List<double[]> circles(String svg, String fill) {
    List<double[]> out = new ArrayList<>();
    Matcher m = CIRCLE.matcher(svg);
    while (m.find()) {
      if (m.group(4).equals(fill) && Double.parseDouble(m.group(1)) <= PLOT_RIGHT) {
        out.add(
            new double[] {
              Double.parseDouble(m.group(1)),
              Double.parseDouble(m.group(2)),
              Double.parseDouble(m.group(3))
            });
      }
    }
    return out;
  }

  /** The y of a tick's grid line (its label is drawn 4 px lower). */
  private static double tickY(String svg, String label) {
    Matcher m =
        Pattern.compile(
                "<text x=\"[\\d.]+\" y=\"([\\d.]+)\"[^>]*text-anchor=\"end\" >"
                    + Pattern.quote(label)
                    + "</text>")
            .matcher(svg);
    assertTrue(m.find(), "tick " + label);
    return Double.parseDouble(m.group(1)) - 4;
  }

  /** The y of a horizontal dashed line of one colour. */
  private static double dashedLineY(String svg, String colour) {
    Matcher m =
        Pattern.compile(
                "<path d=\"M[\\d.]+ ([\\d.]+) L[\\d.]+ ([\\d.]+)\" fill=\"none\" stroke=\""
                    + colour
                    + "\"[^>]*stroke-dasharray")
            .matcher(svg);
    assertTrue(m.find(), "a dashed line in " + colour);
    assertEquals(m.group(1), m.group(2), "horizontal");
    return Double.parseDouble(m.group(1));
  }

  /** The points of the solid line of one colour: the model. */
  private static List<double[]> modelPath(String svg, String colour) {
    Matcher m =
        Pattern.compile("<path d=\"([^\"]+)\" fill=\"none\" stroke=\"" + colour + "\" stroke-width")
            .matcher(svg);
    assertTrue(m.find(), "the model's line");
    List<double[]> points = new ArrayList<>();
    for (String p : m.group(1).replace("M", "").split(" L")) {
      String[] xy = p.trim().split(" ");
      points.add(new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])});
    }
    return points;
  }

  /** Where a polyline passes a height, interpolated; the line falls in y as the share rises. */
  private static double crossingX(List<double[]> line, double y) {
    for (int i = 1; i < line.size(); i++) {
      double[] a = line.get(i - 1);
      double[] b = line.get(i);
      if ((a[1] - y) * (b[1] - y) <= 0 && a[1] != b[1]) {
        return a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]);
      }
    }
    throw new AssertionError("the model never crosses y " + y);
  }

  /** The x of a vertical mark of one colour. */
  private static double markX(String svg, String colour) {
    Matcher m =
        Pattern.compile(
                "<line x1=\"([\\d.]+)\" y1=\"[\\d.]+\" x2=\"\\1\" y2=\"[\\d.]+\" stroke=\""
                    + colour
                    + "\"")
            .matcher(svg);
    assertTrue(m.find(), "a vertical mark in " + colour);
    return Double.parseDouble(m.group(1));
  }
}
