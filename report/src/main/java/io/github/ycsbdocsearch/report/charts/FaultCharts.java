package io.github.ycsbdocsearch.report.charts;

import io.github.ycsbdocsearch.report.charts.svg.LegendEntry;
import io.github.ycsbdocsearch.report.charts.svg.LineStyle;
import io.github.ycsbdocsearch.report.charts.svg.Marker;
import io.github.ycsbdocsearch.report.charts.svg.Series;
import io.github.ycsbdocsearch.report.charts.svg.SvgChart;
import io.github.ycsbdocsearch.report.charts.svg.VerticalMark;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepTimeSeries;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fault step of each store that lost a node ({@code fault-summary.json}) second by second, with
 * the kill, the restart and the store's return marked on its time axis: the time-series panels,
 * then on the same axis the client's view beside the control step ({@link FaultClientCharts}), then
 * the requests by the second they were due; drawn for the fault section. Stateless, thread-safe.
 */
public final class FaultCharts {

  /** Marks of the run's own doing, apart from the stores' colours (background events' marks). */
  static final String MARK = "#222222";

  /** The legend line of {@link #marks}. */
  static final LegendEntry MARKS_LEGEND =
      LegendEntry.line("kill, restart, whole again (vertical)", MARK, LineStyle.DASHED);

  private FaultCharts() {}

  /** The chart file names' and ids' key of a store's fault panels. */
  public static String slug(String store) {
    return "node-lost-" + ChartAxes.slug(store);
  }

  /**
   * Six charts per store with a fault summary whose fault step has seconds: throughput and latency
   * by completion; on their time axis the errors per second, the threads busy and the requests
   * waiting, each beside the control step's; the requests due and failed per second by schedule.
   */
  public static List<ReportChart> build(
      RunFolder run, StorePalette palette, Map<Path, StepTimeSeries> series) throws IOException {
    List<ReportChart> charts = new ArrayList<>();
    for (StoreRun store : run.stores()) {
      Optional<FaultSummary> fault = FaultSummary.read(RunLayout.storeDir(run.dir(), store.name()));
      if (fault.isEmpty()) {
        continue;
      }
      FaultSummary f = fault.get();
      List<StoreRun.Step> step =
          store.steps().stream().filter(s -> s.summary().step().equals(f.step())).toList();
      FixedRateGroup group =
          new FixedRateGroup(
              slug(store.name()),
              store.name() + " " + f.spec() + " at " + Numbers.grouped(f.targetOps()) + " ops/s",
              null,
              step);
      TimeSeriesCharts.Panels panels =
          new TimeSeriesCharts.Panels(ReportChart.Section.FAULT, "", marks(f), MARKS_LEGEND);
      charts.addAll(TimeSeriesCharts.panels(group, series, palette, panels));
      Optional<TimeSeriesCharts.Frame> frame = TimeSeriesCharts.frame(group, series);
      if (frame.isPresent()) {
        charts.addAll(FaultClientCharts.build(store, f, palette, frame.get()));
      }
      bySchedule(store.name(), f, palette).ifPresent(charts::add);
    }
    return charts;
  }

  /**
   * The fault step by schedule: per second, the requests that were due in it (however late they
   * completed) and the failed ones among them, with the seconds judged good drawn as points: the
   * recovery is the start of the good run that holds to the window's end.
   */
  private static Optional<ReportChart> bySchedule(
      String store, FaultSummary f, StorePalette palette) {
    List<FaultSummary.ScheduledSecond> seconds = f.scheduledSeconds();
    if (seconds == null || seconds.isEmpty()) {
      return Optional.empty();
    }
    SvgChart chart =
        new SvgChart(
                slug(store) + "-schedule",
                store + " " + f.spec() + ": requests by the second they were due",
                ChartAxes.secondsSinceMeasurementStart(0, seconds.size()),
                ChartAxes.throughputPerSecond())
            .subtitle("Due per second (solid), failed (dotted), good seconds (points)");
    String colour = palette.colour(store);
    List<Series.Point> due = new ArrayList<>();
    List<Series.Point> failed = new ArrayList<>();
    List<Series.Point> good = new ArrayList<>();
    for (FaultSummary.ScheduledSecond s : seconds) {
      due.add(new Series.Point(s.tS() + 0.5, s.requests()));
      failed.add(new Series.Point(s.tS() + 0.5, s.failed()));
      if (Boolean.TRUE.equals(s.good())) {
        good.add(new Series.Point(s.tS() + 0.5, s.requests()));
      }
    }
    chart.add(new Series(colour, LineStyle.SOLID, Marker.NONE, due));
    chart.add(new Series(MARK, LineStyle.DOTTED, Marker.NONE, failed));
    chart.add(new Series(colour, LineStyle.NONE, Marker.CIRCLE, good));
    marks(f).forEach(chart::mark);
    if (f.recoveryS() != null) {
      chart.mark(new VerticalMark(f.killAtS() + f.recoveryS(), MARK, "recovered (holds)"));
    }
    chart.legend(
        List.of(
            LegendEntry.line("due", colour, LineStyle.SOLID),
            LegendEntry.line("failed", MARK, LineStyle.DOTTED),
            new LegendEntry("good second", colour, LineStyle.NONE, Marker.CIRCLE)));
    return Optional.of(
        new ReportChart(
            slug(store) + "-schedule.svg",
            ReportChart.Section.FAULT,
            store
                + ": each request counted in the second it was due, so requests that waited out"
                + " the outage count where they were due, not where they finally completed."
                + " A good second had requests, none failed, and an intended p99 at most twice the"
                + " p99 before the kill; the recovery is the start of the run of good seconds that"
                + " holds to the end of the window (at least 3 s).",
            chart));
  }

  /** The kill, the restart and the store's return, on the fault step's time axis. */
  static List<VerticalMark> marks(FaultSummary f) {
    List<VerticalMark> marks = new ArrayList<>();
    String port = f.node() == null || f.node().port() == null ? "" : " :" + f.node().port();
    marks.add(new VerticalMark(f.killAtS(), MARK, (f.kind() == null ? "kill" : f.kind()) + port));
    if (f.restartAtS() != null) {
      marks.add(new VerticalMark(f.restartAtS(), MARK, "restart"));
    }
    if (f.backAtS() != null) {
      marks.add(new VerticalMark(f.backAtS(), MARK, "whole again"));
    }
    return marks;
  }
}
