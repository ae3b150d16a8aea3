package io.github.ycsbdocsearch.report.charts.svg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AxisTest {

  @Test
  void ninesScaleCountsNines() {
    assertEquals(0.0, Scale.NINES.transform(0), 1e-12);
    assertEquals(1.0, Scale.NINES.transform(90), 1e-9);
    assertEquals(3.0, Scale.NINES.transform(99.9), 1e-9);
    assertEquals(4.0, Scale.NINES.transform(99.99), 1e-9);
    assertEquals(99.99, Scale.percentileAtNines(4), 1e-9);
    assertTrue(Double.isFinite(Scale.NINES.transform(100)), "p100 must not be drawn at infinity");
  }

  @Test
  void ninesAxisIsLabelledUpToTheDataAndAtLeastP99() {
    Axis a = new Axis("Percentile", Scale.NINES, v -> "");
    a.fit(0, 99.99);
    assertEquals(
        List.of("p0", "p50", "p90", "p99", "p99.9", "p99.99"),
        a.ticks().stream().map(Tick::label).toList());
    a.fit(0, 80);
    assertEquals("p99", a.ticks().get(a.ticks().size() - 1).label());
  }

  @Test
  void logAxisSnapsToDecadesAndAddsTwoAndFiveWhenTheRangeIsShort() {
    Axis a = new Axis("Latency", Scale.LOG10, v -> Long.toString(Math.round(v)));
    a.fit(150, 900);
    assertEquals(
        List.of("100", "200", "500", "1000"), a.ticks().stream().map(Tick::label).toList());
    assertEquals(0.0, a.position(100), 1e-12);
    assertEquals(1.0, a.position(1000), 1e-12);
    a.fit(3, 40_000);
    assertEquals(
        List.of("1", "10", "100", "1000", "10000", "100000"),
        a.ticks().stream().map(Tick::label).toList());
  }

  @Test
  void fractionAxisDrawsSharesFarBelowOneAndZeroAtItsFloor() {
    Axis a = new Axis("Share", Scale.LOG10_FRACTION, v -> Double.toString(v));
    a.fit(0.00042, 0.3);
    assertEquals(1e-4, a.ticks().get(0).value(), 1e-15);
    assertEquals(1.0, a.ticks().get(a.ticks().size() - 1).value(), 1e-12);
    assertEquals(0.0, a.position(1e-4), 1e-12);
    assertEquals(0.5, a.position(1e-2), 1e-12, "decades equally spaced");
    assertTrue(
        Double.isFinite(Scale.LOG10_FRACTION.transform(0)),
        "a share of 0 must not be drawn at minus infinity");
    assertEquals(
        0.0, Scale.LOG10.transform(0.001), 1e-12, "the latency axis still draws below 1 at 1");
  }

  @Test
  void linearAxisStartsAtZeroWithRoundSteps() {
    Axis a = new Axis("Throughput", Scale.LINEAR, v -> Long.toString(Math.round(v)));
    a.fit(1_003, 38_429);
    assertEquals(
        List.of("0", "10000", "20000", "30000", "40000"),
        a.ticks().stream().map(Tick::label).toList());
    assertEquals(5.0, Axis.niceStep(4.1));
    assertEquals(0.2, Axis.niceStep(0.15), 1e-12);
  }

  @Test
  void chartEscapesTextAndSaysWhenItHasNoData() {
    SvgChart empty =
        new SvgChart(
            "e",
            "a <b> & \"c\"",
            new Axis("x", Scale.LINEAR, v -> ""),
            new Axis("y", Scale.LINEAR, v -> ""));
    String svg = empty.render();
    assertTrue(svg.contains("a &lt;b&gt; &amp; &quot;c&quot;"));
    assertTrue(svg.contains("No data"));
  }
}
