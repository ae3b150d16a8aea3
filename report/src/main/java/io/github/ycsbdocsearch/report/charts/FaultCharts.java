package io.github.ycsbdocsearch.report.charts;

import io.github.ycsbdocsearch.report.charts.svg.LegendEntry;
import io.github.ycsbdocsearch.report.charts.svg.LineStyle;
import io.github.ycsbdocsearch.report.charts.svg.Marker;
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
 * drawn for the fault section. Stateless, thread-safe.
 */
public final class FaultCharts {

  /**
   * Marks of the run's own doing, apart from the stores' colours (background events take those).
   */
  private static final String MARK = "#222222";

  private FaultCharts() {}

  /** The chart file names' and ids' key of a store's fault panels. */
  public static String slug(String store) {
    return "node-lost-" + ChartAxes.slug(store);
  }

  /**
   * Two panels (throughput, latency) per store with a fault summary whose fault step has seconds.
   *
   * @param series each step folder's seconds, as the report read them
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
          new TimeSeriesCharts.Panels(
              ReportChart.Section.FAULT,
              "",
              marks(f),
              new LegendEntry(
                  "kill, restart, whole again (vertical)", MARK, LineStyle.DASHED, Marker.NONE));
      charts.addAll(TimeSeriesCharts.panels(group, series, palette, panels));
    }
    return charts;
  }

  private static List<VerticalMark> marks(FaultSummary f) {
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
