package io.github.ycsbdocsearch.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.report.chart.Annotation;
import io.github.ycsbdocsearch.report.chart.LegendEntry;
import io.github.ycsbdocsearch.report.chart.LineStyle;
import io.github.ycsbdocsearch.report.chart.Marker;
import io.github.ycsbdocsearch.report.chart.Series;
import io.github.ycsbdocsearch.report.chart.SvgChart;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Throughput of every complete unthrottled step against its client threads, one line per store, with the step
 * saturation.json chose ringed. Stateless, thread-safe.
 */
final class ThroughputChart {

  static final String FILE_NAME = "throughput-vs-threads.svg";

  private ThroughputChart() {
  }

  static ReportChart build(RunFolder run, StorePalette palette) {
    SvgChart chart = new SvgChart("throughput", "Throughput vs client threads (unthrottled steps)",
        ChartAxes.threads().ticksAt(threadCounts(run)), ChartAxes.stepThroughput())
        .subtitle("All successful operations per second after warm-up; ring = max sustainable step "
            + "(saturation.json)");
    List<LegendEntry> legend = new ArrayList<>();
    legend.add(LegendEntry.heading("Stores"));
    for (StoreRun store : run.stores()) {
      String colour = palette.colour(store.name());
      List<Series.Point> points = new ArrayList<>();
      for (StepSummary s : unthrottled(store)) {
        points.add(new Series.Point(s.step().threads(), s.throughputOps()));
      }
      Series series = new Series(store.name(), colour, LineStyle.SOLID, Marker.CIRCLE, points);
      chart.add(series);
      legend.add(LegendEntry.of(series));
      saturationStep(store).ifPresent(s -> chart.annotate(new Annotation(s.step().threads(), s.throughputOps(),
          colour, "max sustainable: " + Numbers.compact(Math.round(s.throughputOps())) + " ops/s")));
    }
    legend.add(LegendEntry.heading(""));
    legend.add(new LegendEntry("max sustainable step", "#444", LineStyle.NONE, Marker.RING));
    chart.legend(legend);
    return new ReportChart(FILE_NAME, ReportChart.Section.THROUGHPUT,
        "Each point is one step at a fixed number of client threads and no rate limit. Throughput that stops "
            + "growing as threads are added marks the store (or the client machine) at capacity.",
        chart.render(), chart.hasData());
  }

  static List<StepSummary> unthrottled(StoreRun store) {
    return store.completeSteps().stream().filter(s -> !s.step().fixedRate()).toList();
  }

  /** The step named by saturation.json's {@code max_sustainable_index}, if it is a complete step. */
  static Optional<StepSummary> saturationStep(StoreRun store) {
    JsonNode sat = store.saturation();
    if (sat == null || !sat.hasNonNull("max_sustainable_index")) {
      return Optional.empty();
    }
    int index = sat.get("max_sustainable_index").asInt();
    return store.completeSteps().stream().filter(s -> s.step().index() == index).findFirst();
  }

  private static List<Double> threadCounts(RunFolder run) {
    return run.stores().stream().flatMap(s -> unthrottled(s).stream()).map(s -> (double) s.step().threads())
        .distinct().sorted().toList();
  }
}
