package io.github.ycsbdocsearch.report.charts;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.svg.LegendEntry;
import io.github.ycsbdocsearch.report.charts.svg.LineStyle;
import io.github.ycsbdocsearch.report.charts.svg.Marker;
import io.github.ycsbdocsearch.report.charts.svg.Scale;
import io.github.ycsbdocsearch.report.charts.svg.Series;
import io.github.ycsbdocsearch.report.charts.svg.SvgChart;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The full latency percentile spectrum of one operation, one line per store, each from the store's
 * representative step (its max sustainable step). The x axis counts nines up to p99.99, and each
 * line stops at the percentile its sample count supports. Stateless, thread-safe.
 */
public final class SpectrumChart {

  /** The spectrum stops at p99.99 (four nines). */
  static final double MAX_NINES = 4.0;

  /** Distance between plotted points, in nines. */
  private static final double STEP_NINES = 0.05;

  private SpectrumChart() {}

  public static ReportChart build(RunFolder run, StorePalette palette, String op)
      throws IOException {
    SvgChart chart =
        new SvgChart(
                "spec-" + ChartAxes.slug(op),
                op + ": latency percentile spectrum",
                ChartAxes.percentile(),
                ChartAxes.latency())
            .subtitle(
                "At each store's capacity step (else its peak): service time, and dashed the"
                    + " intended latency of a fixed-rate step; label: threads, step throughput;"
                    + " warm-up excluded");
    List<LegendEntry> legend = new ArrayList<>();
    legend.add(LegendEntry.heading("Store (step)"));
    boolean anyIntended = false;
    for (StoreRun store : run.stores()) {
      Optional<StoreRun.Step> step = store.representativeStep();
      if (step.isEmpty()) {
        continue;
      }
      StepSummary s = step.get().summary();
      String colour = palette.colour(store.name());
      StepHistograms histograms = StepHistograms.forStep(step.get().dir());
      String label =
          fmt(
              "%s (%d thr, %s ops/s)",
              store.name(), s.threads(), Numbers.compact(Math.round(s.throughputOps())));
      Histogram service = histograms.get(op, LatencyKind.SERVICE, false);
      Series line = new Series(label, colour, LineStyle.SOLID, Marker.NONE, spectrum(service));
      chart.add(line);
      legend.add(LegendEntry.of(line));
      if (s.fixedRate()) {
        Histogram intended = histograms.get(op, LatencyKind.INTENDED, false);
        chart.add(new Series(colour, LineStyle.DASHED, Marker.NONE, spectrum(intended)));
        anyIntended = true;
      }
    }
    if (anyIntended) {
      legend.add(LegendEntry.heading(""));
      legend.add(LegendEntry.line("from intended start", "#555", LineStyle.DASHED));
    }
    chart.legend(legend);
    return new ReportChart(
        "spectrum-" + ChartAxes.slug(op) + ".svg",
        ReportChart.Section.SPECTRUM,
        op
            + ": read left to right from the median to the rare slow requests; a line stops where"
            + " its sample count stops supporting the percentile.",
        chart);
  }

  /** Points every {@value #STEP_NINES} nines up to the supported percentile; none without data. */
  static List<Series.Point> spectrum(Histogram h) {
    List<Series.Point> points = new ArrayList<>();
    if (h == null || h.getTotalCount() == 0) {
      return points;
    }
    // n samples support a percentile with up to log10(n) nines (10,000 samples: p99.99).
    double maxNines = Math.min(MAX_NINES, Math.log10(h.getTotalCount()));
    int steps = (int) Math.floor(maxNines / STEP_NINES + 1e-9);
    for (int i = 0; i <= steps; i++) {
      double p = Scale.percentileAtNines(i * STEP_NINES);
      points.add(new Series.Point(p, h.getValueAtPercentile(p)));
    }
    return points;
  }
}
