package io.github.ycsbdocsearch.report.charts;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.svg.Axis;
import io.github.ycsbdocsearch.report.charts.svg.Band;
import io.github.ycsbdocsearch.report.charts.svg.LegendEntry;
import io.github.ycsbdocsearch.report.charts.svg.LineStyle;
import io.github.ycsbdocsearch.report.charts.svg.Marker;
import io.github.ycsbdocsearch.report.charts.svg.Series;
import io.github.ycsbdocsearch.report.charts.svg.SvgChart;
import io.github.ycsbdocsearch.report.charts.svg.VerticalMark;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StepEvents;
import io.github.ycsbdocsearch.resultsformat.StepSampling;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StepTimeSeries;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * Every fixed-rate step second by second ({@link FixedRateGroup}: the stores' steps at one offered
 * load on one time axis, each probe on its own): the successful operations per second against the
 * offered rate, and the intended latency's p50, p99 and maximum per second. The warm-up is excluded
 * (the readers drop it) and drawn as an empty shaded stretch before time 0, so a background event
 * during it (events.json) still has its place. Stateless, thread-safe.
 */
public final class TimeSeriesCharts {

  /** Two panels share a group's time axis: shorter than the other charts, they read as a pair. */
  static final int PANEL_HEIGHT = 330;

  private static final String GREY = "#555";
  private static final String BOUND_GREY = "#999";
  private static final String WARMUP_LABEL = "warm-up: excluded";

  /**
   * Events named in a caption; the rest are counted, the chart still marks all of them (but the
   * frequent kinds, given as rates).
   */
  private static final int EVENTS_LISTED = 12;

  /**
   * A step drawn in a group: its store, summary, seconds, background events, and the stretches a
   * server of the store was not sampled in ({@link StepSampling#gaps}), where no event could show.
   */
  private record Plotted(
      String store,
      StepSummary summary,
      StepTimeSeries series,
      List<StepEvents.Event> events,
      List<String> notSampled) {}

  /**
   * A pair of panels' report section, chart files' prefix, and marks besides the background events:
   * the run's own doing (a kill, a restart), with their legend line.
   */
  record Panels(
      ReportChart.Section section,
      String filePrefix,
      List<VerticalMark> marks,
      LegendEntry marksLegend) {

    /** The time-series section's panels: background events only. */
    static final Panels TIME_SERIES =
        new Panels(ReportChart.Section.TIME_SERIES, "timeseries-", List.of(), null);
  }

  private TimeSeriesCharts() {}

  /**
   * Two charts (throughput, latency) per group of fixed-rate steps that has data.
   *
   * @throws ResultsFormatException when a step's events.json is malformed
   */
  public static List<ReportChart> build(
      RunFolder run, StorePalette palette, Map<Path, StepTimeSeries> series) throws IOException {
    List<ReportChart> charts = new ArrayList<>();
    for (FixedRateGroup group : FixedRateGroup.of(run)) {
      charts.addAll(panels(group, series, palette, Panels.TIME_SERIES));
    }
    return charts;
  }

  /**
   * The time axis of a group's panels, for a chart drawn beside them: from {@code fromS} to {@code
   * toS} seconds since the measurement start, its first {@code warmupS} seconds the warm-up.
   */
  record Frame(double fromS, double toS, int warmupS) {

    /** A new axis over the frame (an axis is fitted by the one chart that draws it). */
    Axis axis() {
      return ChartAxes.secondsSinceMeasurementStart(fromS, toS);
    }

    /** Shades the warm-up as the panels do. */
    void shadeWarmup(SvgChart chart) {
      if (warmupS > 0) {
        chart.shade(new Band(-warmupS, 0, WARMUP_LABEL));
      }
    }
  }

  /** The time axis of a group's panels ({@link #panels}); empty when no step has seconds. */
  static Optional<Frame> frame(FixedRateGroup group, Map<Path, StepTimeSeries> series)
      throws IOException {
    List<Plotted> plotted = plotted(group, series);
    return plotted.isEmpty() ? Optional.empty() : Optional.of(frame(plotted));
  }

  /** The two panels (throughput, latency) of one group of steps; none when no step has seconds. */
  static List<ReportChart> panels(
      FixedRateGroup group, Map<Path, StepTimeSeries> series, StorePalette palette, Panels panels)
      throws IOException {
    List<Plotted> plotted = plotted(group, series);
    if (plotted.isEmpty()) {
      return List.of();
    }
    return List.of(
        throughput(group, plotted, palette, panels), latency(group, plotted, palette, panels));
  }

  /** The steps of a group that have seconds. */
  private static List<Plotted> plotted(FixedRateGroup group, Map<Path, StepTimeSeries> series)
      throws IOException {
    List<Plotted> plotted = new ArrayList<>();
    for (StoreRun.Step step : group.steps()) {
      StepTimeSeries s = series.get(step.dir());
      if (s != null && !s.seconds().isEmpty()) {
        List<String> gaps =
            StepSampling.read(step.dir())
                .map(x -> x.gaps(-s.warmupS(), s.seconds().size()))
                .orElse(List.of());
        plotted.add(
            new Plotted(
                step.summary().store(), step.summary(), s, StepEvents.read(step.dir()), gaps));
      }
    }
    return plotted;
  }

  private static ReportChart throughput(
      FixedRateGroup group, List<Plotted> plotted, StorePalette palette, Panels panels) {
    SvgChart chart =
        panel(group, plotted, "-tp", ": throughput", ChartAxes.throughputPerSecond())
            .subtitle(
                "Offered: "
                    + plotted.stream()
                        .map(p -> p.store() + " " + Numbers.compact(p.summary().targetOps()))
                        .collect(Collectors.joining(", "))
                    + " ops/s (dashed); achieved per second (solid)");
    for (Plotted p : plotted) {
      String colour = palette.colour(p.store());
      addSeconds(chart, colour, LineStyle.SOLID, p.series(), StepTimeSeries.Second::throughputOps);
      chart.add(Series.level(colour, LineStyle.DASHED, p.series().endS(), p.summary().targetOps()));
    }
    decorate(
        chart,
        plotted,
        palette,
        List.of(
            LegendEntry.line("achieved", GREY, LineStyle.SOLID),
            LegendEntry.line("offered", GREY, LineStyle.DASHED)),
        panels);
    return new ReportChart(
        panels.filePrefix() + group.slug() + "-throughput.svg",
        panels.section(),
        group.title()
            + ": successful workload operations in each second after the warm-up (composed ones"
            + " once). Achieved below offered means the store, or the client, fell behind; what it"
            + " owed shows as intended latency below. The last second often dips for every store"
            + " alike: it holds YCSB's shutdown, its threads stopping, not the store. "
            + steps(plotted),
        chart,
        group.folder());
  }

  private static ReportChart latency(
      FixedRateGroup group, List<Plotted> plotted, StorePalette palette, Panels panels) {
    SvgChart chart =
        panel(group, plotted, "-lat", ": intended latency", ChartAxes.latency())
            .subtitle(
                "Per second, from each request's scheduled start; failures included, every"
                    + " operation merged");
    List<LegendEntry> styles =
        new ArrayList<>(
            List.of(
                LegendEntry.line("p50", GREY, LineStyle.SOLID),
                LegendEntry.line("p99", GREY, LineStyle.DASHED),
                LegendEntry.line("max", GREY, LineStyle.DOTTED)));
    for (Plotted p : plotted) {
      String colour = palette.colour(p.store());
      addSeconds(chart, colour, LineStyle.SOLID, p.series(), StepTimeSeries.Second::p50Us);
      addSeconds(chart, colour, LineStyle.DASHED, p.series(), StepTimeSeries.Second::p99Us);
      addSeconds(chart, colour, LineStyle.DOTTED, p.series(), StepTimeSeries.Second::maxUs);
    }
    plotted.stream()
        .map(p -> p.summary().objective())
        .filter(Objects::nonNull)
        .findFirst()
        .ifPresent(
            o -> {
              double end = plotted.stream().mapToDouble(p -> p.series().endS()).max().orElse(0);
              chart.add(Series.level(BOUND_GREY, LineStyle.SOLID, end, o.slo().boundUs()));
              styles.add(
                  LegendEntry.line(
                      "objective bound (" + o.slo() + ")", BOUND_GREY, LineStyle.SOLID));
            });
    decorate(chart, plotted, palette, styles, panels);
    return new ReportChart(
        panels.filePrefix() + group.slug() + "-latency.svg",
        panels.section(),
        group.title()
            + ": intended latency per second: p50, p99 (only in seconds with the 299 requests a p99"
            + " needs) and the maximum. A spike that every store shares points at the client or the"
            + " machine; one that lines up with a background event points at that work. "
            + events(plotted),
        chart,
        group.folder());
  }

  private static SvgChart panel(
      FixedRateGroup group, List<Plotted> plotted, String idSuffix, String title, Axis y) {
    return new SvgChart(
            "ts-" + group.slug() + idSuffix, group.title() + title, frame(plotted).axis(), y)
        .height(PANEL_HEIGHT);
  }

  /** From the warm-up's start to the window's end, widened to any background event outside them. */
  private static Frame frame(List<Plotted> plotted) {
    int warmup = plotted.stream().mapToInt(p -> p.series().warmupS()).max().orElse(0);
    double from = -warmup;
    double to = plotted.stream().mapToDouble(p -> p.series().endS()).max().orElse(0);
    for (Plotted p : plotted) {
      for (StepEvents.Event e : p.events()) {
        from = Math.min(from, Math.floor(e.tS()));
        to = Math.max(to, Math.ceil(e.tS()));
      }
    }
    return new Frame(from, to, warmup);
  }

  /** The warm-up band, events, the panels' own marks and the legend both of a group's share. */
  private static void decorate(
      SvgChart chart,
      List<Plotted> plotted,
      StorePalette palette,
      List<LegendEntry> styles,
      Panels panels) {
    frame(plotted).shadeWarmup(chart);
    boolean anyEvent = false;
    for (Plotted p : plotted) {
      for (StepEvents.Event e : p.events()) {
        if (!StepEvents.FREQUENT.contains(e.kind())) {
          chart.mark(new VerticalMark(e.tS(), palette.colour(p.store()), e.kind()));
          anyEvent = true;
        }
      }
    }
    List<LegendEntry> legend =
        palette.legend(plotted.stream().map(Plotted::store).distinct().toList());
    legend.addAll(styles);
    if (anyEvent) {
      legend.add(LegendEntry.line("background event (vertical)", GREY, LineStyle.DASHED));
    }
    panels.marks().forEach(chart::mark);
    if (!panels.marks().isEmpty() && panels.marksLegend() != null) {
      legend.add(panels.marksLegend());
    }
    chart.legend(legend);
  }

  /**
   * One series per run of rows a second apart (in time order) that have a value: a missing second,
   * or one without a value (no interval fell in it, too few samples for the percentile), breaks the
   * line instead of being bridged. None when {@code rows} is null (not recorded).
   */
  static <T> void addRuns(
      SvgChart chart,
      String colour,
      LineStyle line,
      Marker marker,
      List<T> rows,
      ToDoubleFunction<T> timeS,
      Function<T, ? extends Number> value) {
    List<Series.Point> run = new ArrayList<>();
    double last = Double.NaN;
    for (T row : rows == null ? List.<T>of() : rows) {
      Number v = value.apply(row);
      if (v == null) {
        continue;
      }
      Series.Point p = new Series.Point(timeS.applyAsDouble(row), v.doubleValue());
      if (p.x() - last > 1.01) {
        addRun(chart, colour, line, marker, run);
        run = new ArrayList<>();
      }
      run.add(p);
      last = p.x();
    }
    addRun(chart, colour, line, marker, run);
  }

  /** A lone second is drawn as a dot: a one-point line would not show. */
  private static void addRun(
      SvgChart chart, String colour, LineStyle line, Marker marker, List<Series.Point> run) {
    if (!run.isEmpty()) {
      Marker shown = run.size() == 1 && marker == Marker.NONE ? Marker.CIRCLE : marker;
      chart.add(new Series(colour, line, shown, run));
    }
  }

  private static void addSeconds(
      SvgChart chart,
      String colour,
      LineStyle line,
      StepTimeSeries series,
      Function<StepTimeSeries.Second, ? extends Number> value) {
    addRuns(
        chart, colour, line, Marker.NONE, series.seconds(), StepTimeSeries.Second::timeS, value);
  }

  /** Which step folders the group drew, and how those that did not complete ended. */
  private static String steps(List<Plotted> plotted) {
    return plotted.stream()
        .map(
            p ->
                p.store()
                    + " "
                    + p.summary().step()
                    + (p.summary().complete()
                        ? ""
                        : " (" + p.summary().stepStatus().jsonName() + ")")
                    + (p.summary().clientBound() ? " (client-limited)" : ""))
        .collect(Collectors.joining(", ", "Steps: ", "."));
  }

  /**
   * The background events in words (events.json), or that there were none to draw; the {@link
   * StepEvents#FREQUENT} kinds as a rate over the drawn seconds instead of one by one.
   */
  private static String events(List<Plotted> plotted) {
    List<String> all = new ArrayList<>();
    List<String> rates = new ArrayList<>();
    for (Plotted p : plotted) {
      Map<String, Long> frequent = new TreeMap<>();
      for (StepEvents.Event e : p.events()) {
        if (StepEvents.FREQUENT.contains(e.kind())) {
          frequent.merge(e.kind(), 1L, Long::sum);
          continue;
        }
        String detail = e.detail().isEmpty() ? "" : " (" + e.detail() + ")";
        all.add(fmt("%s %s at %s s%s", p.store(), e.kind(), Numbers.fixed(e.tS(), 1), detail));
      }
      double seconds = p.series().seconds().size() + p.series().warmupS();
      frequent.forEach(
          (kind, n) ->
              rates.add(
                  fmt(
                      "%s %s %s per s",
                      p.store(), kind, Numbers.fixed(seconds > 0 ? n / seconds : 0, 1))));
    }
    String often =
        rates.isEmpty()
            ? ""
            : " Too frequent to mark one by one (a mark every second lines up with any spike): "
                + String.join(", ", rates)
                + ".";
    List<String> gaps = new ArrayList<>();
    plotted.forEach(p -> p.notSampled().forEach(g -> gaps.add(p.store() + " " + g)));
    if (!gaps.isEmpty()) {
      often += " Not sampled, so no event could show there: " + String.join(", ", gaps) + ".";
    }
    if (all.isEmpty()) {
      return "No background events marked (events.json)." + often;
    }
    String listed = String.join("; ", all.subList(0, Math.min(all.size(), EVENTS_LISTED)));
    return "Background events (events.json): "
        + listed
        + (all.size() > EVENTS_LISTED ? "; and " + (all.size() - EVENTS_LISTED) + " more" : "")
        + "."
        + often;
  }
}
