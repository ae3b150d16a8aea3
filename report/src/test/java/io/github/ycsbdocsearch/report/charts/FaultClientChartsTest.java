package io.github.ycsbdocsearch.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.report.charts.svg.LineStyle;
import io.github.ycsbdocsearch.report.charts.svg.Marker;
import io.github.ycsbdocsearch.report.charts.svg.Series;
import io.github.ycsbdocsearch.report.charts.svg.SvgChart;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.analysis.FaultAnalysis;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture.Second;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The charts of the client beside the control step, drawn from {@link FaultFixture}'s fault (no
 * success in seconds 5 to 7, 50 READs and 20 UPDATEs failing each; the pool stuck full there and
 * the backlog served in seconds 8 and 9) and its control step: every point where the files put it.
 */
class FaultClientChartsTest {

  /** The fixture's warm-up (1 s) and window (20 s): the latency panel's axis. */
  private static final TimeSeriesCharts.Frame FRAME = new TimeSeriesCharts.Frame(-1, 20, 1);

  private static final String REDIS = "redisjson";

  /** The fault step's colour: the store's. */
  private static final String COLOUR = new StorePalette(List.of(REDIS)).colour(REDIS);

  @TempDir Path dir;

  /** The run's redisjson, its fault step's and control step's pool written when asked. */
  private FaultClientCharts.Beside beside(boolean faultPool, boolean controlPool)
      throws IOException {
    Path run = dir.resolve("run");
    RunFixture.manifest(run, "{\"run_id\": \"r\", \"workload\": \"wl\"}\n");
    Path redis = run.resolve(REDIS);
    Path fault = FaultFixture.faultStep(redis, FaultFixture::outage);
    Path control = FaultFixture.controlStep(redis);
    if (faultPool) {
      FaultFixture.pool(fault, FaultFixture::outage);
    }
    if (controlPool) {
      FaultFixture.pool(control, s -> Second.NORMAL);
    }
    FaultAnalysis.of(fault, control).writeTo(redis);
    RunFolder folder = RunFolder.read(run);
    return FaultClientCharts.Beside.of(
        folder.stores().get(0),
        FaultSummary.read(redis).orElseThrow(),
        new StorePalette(List.of(REDIS)),
        FRAME);
  }

  /** The series of a colour and line style (and marker, when not null), as one list of points. */
  private static List<Series.Point> points(
      SvgChart chart, String colour, LineStyle line, Marker marker) {
    return chart.series().stream()
        .filter(
            s ->
                s.colour().equals(colour)
                    && s.line() == line
                    && (marker == null || s.marker() == marker))
        .flatMap(s -> s.points().stream())
        .toList();
  }

  /** One point a second from 0.5 to 19.5 s, of the value {@code y} gives at each second. */
  private static List<Series.Point> window(DoubleUnaryOperator y) {
    return IntStream.range(0, 20)
        .mapToObj(i -> new Series.Point(i + 0.5, y.applyAsDouble(i)))
        .toList();
  }

  private static boolean down(double s) {
    return s >= 5 && s <= 7;
  }

  @Test
  void errorsByOperationFaultStepBesideControlStep() throws IOException {
    FaultClientCharts.Beside b = beside(true, true);
    SvgChart errors = FaultClientCharts.errors(b, FRAME);
    assertEquals(
        window(s -> down(s) ? 50 : 0),
        points(errors, COLOUR, LineStyle.SOLID, Marker.CIRCLE),
        "READ, the first operation: a circle");
    assertEquals(
        window(s -> down(s) ? 20 : 0), points(errors, COLOUR, LineStyle.SOLID, Marker.SQUARE));
    assertEquals(
        window(s -> 0), points(errors, "#8c8c8c", LineStyle.DASHED, Marker.CIRCLE), "control");
    String svg = errors.render();
    assertTrue(svg.contains(">kill-primary :7001<") && svg.contains(">restart<"), "the marks");
    assertTrue(svg.contains(">warm-up: excluded<"), "the panels' warm-up");
  }

  @Test
  void thePoolAndTheWaitingOnesFaultStepBesideControlStep() throws IOException {
    FaultClientCharts.Beside b = beside(true, true);
    SvgChart pool = FaultClientCharts.pool(b, FRAME);
    assertEquals(
        window(s -> down(s) ? 40 : s == 8 || s == 9 ? 20 : FaultFixture.NORMAL_BUSY),
        points(pool, COLOUR, LineStyle.SOLID, null),
        "the mean busy, window seconds only (the warm-up's left out, as on the panels)");
    assertEquals(
        window(s -> s >= 5 && s <= 9 ? 40 : 3), points(pool, COLOUR, LineStyle.DASHED, null));
    assertEquals(
        window(s -> FaultFixture.NORMAL_BUSY), points(pool, "#8c8c8c", LineStyle.SOLID, null));
    assertEquals(
        List.of(new Series.Point(0, 40), new Series.Point(20, 40)),
        points(pool, "#b0b0b0", LineStyle.DOTTED, null),
        "the pool's 40 threads");
    SvgChart waiting = FaultClientCharts.waiting(b, FRAME);
    assertEquals(
        window(s -> down(s) ? 400 * (s - 4) : s == 8 || s == 9 ? 100 : FaultFixture.NORMAL_WAITING),
        points(waiting, COLOUR, LineStyle.SOLID, null));
    assertTrue(pool.render().contains(">whole again<"));
  }

  /** Steps run before pool.json existed: the charts are there and say why they are empty. */
  @Test
  void withoutPoolJsonThePoolChartsSayNotRecorded() throws IOException {
    FaultClientCharts.Beside none = beside(false, false);
    SvgChart pool = FaultClientCharts.pool(none, FRAME);
    assertTrue(pool.series().isEmpty());
    assertTrue(pool.render().contains(FaultClientCharts.POOL_NOT_RECORDED));
    assertTrue(
        FaultClientCharts.waiting(none, FRAME)
            .render()
            .contains(FaultClientCharts.POOL_NOT_RECORDED));
    assertTrue(
        FaultClientCharts.errors(none, FRAME).hasData(),
        "the errors come from the failed-operation logs, which older steps have too");
  }

  @Test
  void aControlStepWithoutPoolJsonIsSaidInTheSubtitle() throws IOException {
    FaultClientCharts.Beside faultOnly = beside(true, false);
    String svg = FaultClientCharts.pool(faultOnly, FRAME).render();
    assertTrue(svg.contains("control step: not recorded"), svg);
    assertTrue(FaultClientCharts.pool(faultOnly, FRAME).hasData());
  }
}
