package io.github.ycsbdocsearch.report.charts;

import io.github.ycsbdocsearch.report.charts.svg.Annotation;
import io.github.ycsbdocsearch.report.charts.svg.LegendEntry;
import io.github.ycsbdocsearch.report.charts.svg.LineStyle;
import io.github.ycsbdocsearch.report.charts.svg.Marker;
import io.github.ycsbdocsearch.report.charts.svg.Series;
import io.github.ycsbdocsearch.report.charts.svg.SvgChart;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Throughput of every complete unthrottled step against its client threads, one line per store,
 * with the step capacity.json chose ringed. Stateless, thread-safe.
 */
public final class ThroughputChart {

  static final String FILE_NAME = "throughput-vs-threads.svg";

  private ThroughputChart() {}

  public static ReportChart build(RunFolder run, StorePalette palette) {
    SvgChart chart =
        new SvgChart(
                "throughput",
                "Throughput vs client threads (unthrottled steps)",
                ChartAxes.threads().ticksAt(threadCounts(run)),
                ChartAxes.stepThroughput())
            .subtitle(
                "Successful workload operations per second in the window; ring = the capacity"
                    + " search's peak (capacity.json)");
    List<LegendEntry> legend = new ArrayList<>();
    legend.add(LegendEntry.heading("Stores"));
    for (StoreRun store : run.stores()) {
      String colour = palette.colour(store.name());
      List<Series.Point> points =
          store.usableSteps(Phase.RAMP).stream()
              .map(s -> new Series.Point(s.threads(), s.throughputOps()))
              .toList();
      Series series = new Series(store.name(), colour, LineStyle.SOLID, Marker.CIRCLE, points);
      chart.add(series);
      legend.add(LegendEntry.of(series));
      peakStep(store)
          .ifPresent(
              s ->
                  chart.annotate(
                      new Annotation(
                          s.threads(),
                          s.throughputOps(),
                          colour,
                          "peak: "
                              + Numbers.compact(Math.round(s.throughputOps()))
                              + " ops/s"
                              + (PeakWords.chartLabel(store) == null
                                  ? ""
                                  : " (" + PeakWords.chartLabel(store) + ")"))));
    }
    legend.add(LegendEntry.heading(""));
    legend.add(new LegendEntry("peak step", "#444", LineStyle.NONE, Marker.RING));
    chart.legend(legend);
    return new ReportChart(
        FILE_NAME,
        ReportChart.Section.THROUGHPUT,
        "Each point is one step at a fixed number of client threads and no rate limit (closed"
            + " loop). The peak is an upper bound, not a sustainable rate: the headline capacity"
            + " comes from the open-loop steps. Client-bound steps are left out.",
        chart);
  }

  /** The peak step capacity.json names ({@link StoreCapacity#isPeakStep}), if it is complete. */
  static Optional<StepSummary> peakStep(StoreRun store) {
    StoreCapacity sat = store.capacity();
    if (sat == null) {
      return Optional.empty();
    }
    return store.completeSteps(Phase.RAMP).stream()
        .filter(s -> sat.isPeakStep(s.step()))
        .findFirst();
  }

  private static List<Double> threadCounts(RunFolder run) {
    return run.stores().stream()
        .flatMap(s -> s.usableSteps(Phase.RAMP).stream())
        .map(s -> (double) s.threads())
        .distinct()
        .sorted()
        .toList();
  }
}
