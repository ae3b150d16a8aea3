package io.github.ycsbdocsearch.report.charts;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.svg.Axis;
import io.github.ycsbdocsearch.report.charts.svg.LegendEntry;
import io.github.ycsbdocsearch.report.charts.svg.LineStyle;
import io.github.ycsbdocsearch.report.charts.svg.Marker;
import io.github.ycsbdocsearch.report.charts.svg.Series;
import io.github.ycsbdocsearch.report.charts.svg.SvgChart;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.StepPool;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.analysis.FaultAnalysis;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What a node lost does to the client, second by second, the fault step beside its control step on
 * the time axis of the fault's latency panel ({@link TimeSeriesCharts.Frame}), with the kill and
 * the restart marked: the errors per second by operation (from the failed-operation logs, {@link
 * FaultAnalysis#failuresPerSecond}), the client's threads busy, and the requests due but not yet
 * sent ({@code pool.json}, {@link StepPool}; a step run before that file existed says "not
 * recorded"). The fault step in the store's colour, the control step grey. Stateless, thread-safe.
 */
final class FaultClientCharts {

  /** The control step's lines, beside the fault step's in the store's colour. */
  private static final String CONTROL = "#8c8c8c";

  /** The pool's size, a reference line. */
  private static final String POOL_SIZE = "#b0b0b0";

  /** Each operation's marker on the errors chart, in the order the operations come. */
  private static final List<Marker> OP_MARKERS =
      List.of(Marker.CIRCLE, Marker.SQUARE, Marker.TRIANGLE, Marker.DIAMOND, Marker.OPEN_CIRCLE);

  /** What the pool charts say when neither step recorded its pool. */
  static final String POOL_NOT_RECORDED =
      "Not recorded: these steps ran before the client wrote pool.json";

  private FaultClientCharts() {}

  /**
   * The fault step and its control step as these charts read them: failures per second by operation
   * and the pool, its seconds cut to the window (the panels leave the warm-up out too). A pool is
   * null when not recorded, the control step's figures when there is none.
   */
  record Beside(
      String store,
      FaultSummary fault,
      String colour,
      Map<String, List<StepHistograms.IntervalRate>> faultErrors,
      Map<String, List<StepHistograms.IntervalRate>> controlErrors,
      StepPool faultPool,
      StepPool controlPool) {

    /** The store's fault step and control step; the fault step must have a folder. */
    static Beside of(
        StoreRun store, FaultSummary f, StorePalette palette, TimeSeriesCharts.Frame frame)
        throws IOException {
      Path faultDir = stepDir(store, f.step());
      Path controlDir = stepDir(store, f.controlStep());
      return new Beside(
          store.name(),
          f,
          palette.colour(store.name()),
          FaultAnalysis.failuresPerSecond(faultDir),
          controlDir == null ? null : FaultAnalysis.failuresPerSecond(controlDir),
          window(StepPool.read(faultDir).orElse(null), frame),
          controlDir == null ? null : window(StepPool.read(controlDir).orElse(null), frame));
    }

    private static Path stepDir(StoreRun store, String step) {
      return store.steps().stream()
          .filter(s -> s.summary().step().equals(step))
          .map(StoreRun.Step::dir)
          .findFirst()
          .orElse(null);
    }

    private static StepPool window(StepPool pool, TimeSeriesCharts.Frame frame) {
      return pool == null
          ? null
          : new StepPool(
              pool.threads(),
              pool.seconds().stream()
                  .filter(s -> s.timeS() >= 0 && s.timeS() <= frame.toS())
                  .toList());
    }

    String controlName() {
      return controlErrors == null ? "no control step" : "control step";
    }
  }

  /** The three charts of a store's fault (its fault step must have a folder). */
  static List<ReportChart> build(
      StoreRun store, FaultSummary f, StorePalette palette, TimeSeriesCharts.Frame frame)
      throws IOException {
    Beside b = Beside.of(store, f, palette, frame);
    String slug = FaultCharts.slug(b.store());
    return List.of(
        shown(
            slug + "-errors.svg",
            b.store()
                + ": failed requests per second by operation, each in the second it was reported"
                + " (it returned), on the latency panel's time axis. Fault step: "
                + failuresInWords(b.faultErrors())
                + "; "
                + b.controlName()
                + (b.controlErrors() == null ? "" : ": " + failuresInWords(b.controlErrors()))
                + ".",
            errors(b, frame)),
        shown(
            slug + "-pool.svg",
            b.store()
                + ": the client's threads busy with a request, per second (pool.json, exact also"
                + " in a second no request was sent in). A pool full while the store is down means"
                + " the arrivals after it wait in the client for a thread (next chart), and their"
                + " wait counts in intended latency. Fault step: "
                + busyInWords(b.faultPool())
                + "; control step: "
                + busyInWords(b.controlPool())
                + ".",
            pool(b, frame)),
        shown(
            slug + "-waiting.svg",
            b.store()
                + ": the requests due and not yet sent, on average in each second (pool.json):"
                + " waiting for a free thread when the pool is full, else for their thread to"
                + " wake (microseconds). Fault step: "
                + waitingInWords(b.faultPool())
                + "; control step: "
                + waitingInWords(b.controlPool())
                + ".",
            waiting(b, frame)));
  }

  /** A fault chart shown also without data: it then says what was not recorded. */
  private static ReportChart shown(String fileName, String caption, SvgChart chart) {
    return new ReportChart(fileName, ReportChart.Section.FAULT, caption, chart.draw(), true, null);
  }

  /**
   * Failed requests per second by operation, each in the second it was reported, the fault step's
   * (solid, the store's colour) beside the control step's (dashed, grey); one marker per operation.
   */
  static SvgChart errors(Beside b, TimeSeriesCharts.Frame frame) {
    SvgChart chart =
        panel(b, frame, "-errors", ": errors per second", ChartAxes.failuresPerSecond())
            .subtitle(
                "By operation, in the second each failure was reported; fault step (solid),"
                    + " control step (dashed)");
    List<String> ops = new ArrayList<>(b.faultErrors().keySet());
    if (b.controlErrors() != null) {
      b.controlErrors().keySet().stream().filter(op -> !ops.contains(op)).forEach(ops::add);
    }
    List<LegendEntry> legend = new ArrayList<>();
    legend.add(LegendEntry.heading("Operations"));
    for (int i = 0; i < ops.size(); i++) {
      String op = ops.get(i);
      Marker marker = OP_MARKERS.get(i % OP_MARKERS.size());
      addRates(chart, b.colour(), LineStyle.SOLID, marker, b.faultErrors().get(op));
      if (b.controlErrors() != null) {
        addRates(chart, CONTROL, LineStyle.DASHED, marker, b.controlErrors().get(op));
      }
      legend.add(new LegendEntry(op, FaultCharts.MARK, LineStyle.NONE, marker));
    }
    legend.add(LegendEntry.heading(""));
    legend.add(LegendEntry.line("fault step", b.colour(), LineStyle.SOLID));
    legend.add(LegendEntry.line(b.controlName(), CONTROL, LineStyle.DASHED));
    return decorate(chart, b.fault(), frame, legend);
  }

  /**
   * The client's threads busy per second: mean (solid) and most at once (dashed), the fault step in
   * the store's colour beside the control step in grey, under the pool's size (dotted).
   */
  static SvgChart pool(Beside b, TimeSeriesCharts.Frame frame) {
    SvgChart chart =
        panel(b, frame, "-pool", ": client threads busy", ChartAxes.threadsBusy())
            .subtitle(
                "Per second: mean (solid) and most at once (dashed); fault step in colour, control"
                    + " step grey"
                    + notRecorded(b));
    addBusy(chart, b.colour(), b.faultPool());
    addBusy(chart, CONTROL, b.controlPool());
    StepPool sized = b.faultPool() != null ? b.faultPool() : b.controlPool();
    if (sized != null) {
      chart.add(Series.level(POOL_SIZE, LineStyle.DOTTED, frame.toS(), sized.threads()));
    }
    return decorate(
        chart,
        b.fault(),
        frame,
        List.of(
            LegendEntry.line("fault step, mean", b.colour(), LineStyle.SOLID),
            LegendEntry.line("fault step, most", b.colour(), LineStyle.DASHED),
            LegendEntry.line(b.controlName() + ", mean", CONTROL, LineStyle.SOLID),
            LegendEntry.line(b.controlName() + ", most", CONTROL, LineStyle.DASHED),
            LegendEntry.line("threads in the pool", POOL_SIZE, LineStyle.DOTTED)));
  }

  /** Requests due but unsent, mean per second: waiting for a free thread, or for theirs to wake. */
  static SvgChart waiting(Beside b, TimeSeriesCharts.Frame frame) {
    SvgChart chart =
        panel(b, frame, "-waiting", ": requests waiting in the client", ChartAxes.arrivalsWaiting())
            .subtitle("Mean per second; fault step in colour, control step grey" + notRecorded(b));
    addSeconds(chart, b.colour(), LineStyle.SOLID, b.faultPool(), StepPool.Second::waitingMean);
    addSeconds(chart, CONTROL, LineStyle.SOLID, b.controlPool(), StepPool.Second::waitingMean);
    return decorate(
        chart,
        b.fault(),
        frame,
        List.of(
            LegendEntry.line("fault step", b.colour(), LineStyle.SOLID),
            LegendEntry.line(b.controlName(), CONTROL, LineStyle.SOLID)));
  }

  /** A chart over the frame, as tall as the panels, saying so when no pool was recorded. */
  private static SvgChart panel(
      Beside b, TimeSeriesCharts.Frame frame, String idSuffix, String title, Axis y) {
    return new SvgChart(
            FaultCharts.slug(b.store()) + idSuffix,
            b.store() + " " + b.fault().spec() + title,
            frame.axis(),
            y)
        .height(TimeSeriesCharts.PANEL_HEIGHT)
        .noData(POOL_NOT_RECORDED);
  }

  /** The warm-up shaded, the kill and the restart marked, and the legend with the marks' line. */
  private static SvgChart decorate(
      SvgChart chart, FaultSummary f, TimeSeriesCharts.Frame frame, List<LegendEntry> legend) {
    frame.shadeWarmup(chart);
    FaultCharts.marks(f).forEach(chart::mark);
    List<LegendEntry> all = new ArrayList<>(legend);
    all.add(FaultCharts.MARKS_LEGEND);
    return chart.legend(all);
  }

  /** One operation's rates (none when the step has no such operation). */
  private static void addRates(
      SvgChart chart,
      String colour,
      LineStyle line,
      Marker marker,
      List<StepHistograms.IntervalRate> rates) {
    TimeSeriesCharts.addRuns(
        chart,
        colour,
        line,
        marker,
        rates,
        StepHistograms.IntervalRate::timeS,
        StepHistograms.IntervalRate::perSecond);
  }

  /** A step's threads busy: the mean solid, the most dashed. */
  private static void addBusy(SvgChart chart, String colour, StepPool pool) {
    addSeconds(chart, colour, LineStyle.SOLID, pool, StepPool.Second::busyMean);
    addSeconds(chart, colour, LineStyle.DASHED, pool, StepPool.Second::busyMax);
  }

  /** One quantity of a step's pool seconds (none when not recorded). */
  private static void addSeconds(
      SvgChart chart,
      String colour,
      LineStyle line,
      StepPool pool,
      Function<StepPool.Second, ? extends Number> value) {
    TimeSeriesCharts.addRuns(
        chart,
        colour,
        line,
        Marker.NONE,
        pool == null ? null : pool.seconds(),
        StepPool.Second::timeS,
        value);
  }

  /** "; control step: not recorded" (or the fault step's) when only one step has a pool. */
  private static String notRecorded(Beside b) {
    if (b.faultPool() == null && b.controlPool() != null) {
      return "; fault step: not recorded";
    }
    if (b.faultPool() != null && b.controlPool() == null) {
      return "; " + b.controlName() + ": not recorded";
    }
    return "";
  }

  /** Each operation's failures in the window and its worst second; "none failed" when none did. */
  static String failuresInWords(Map<String, List<StepHistograms.IntervalRate>> byOp) {
    List<String> parts = new ArrayList<>();
    byOp.forEach(
        (op, rates) -> {
          long total =
              Math.round(rates.stream().mapToDouble(r -> r.perSecond() * r.lengthS()).sum());
          rates.stream()
              .filter(r -> total > 0)
              .max(Comparator.comparingDouble(StepHistograms.IntervalRate::perSecond))
              .ifPresent(
                  worst ->
                      parts.add(
                          fmt(
                              "%s %s failed, most %s/s (at %s s)",
                              op,
                              Numbers.grouped(total),
                              Numbers.rate(worst.perSecond()),
                              Numbers.fixed(worst.timeS(), 1))));
        });
    return parts.isEmpty() ? "none failed" : String.join(", ", parts);
  }

  private static String busyInWords(StepPool pool) {
    if (pool == null) {
      return "not recorded";
    }
    long most = pool.seconds().stream().mapToLong(StepPool.Second::busyMax).max().orElse(0);
    long full = pool.seconds().stream().filter(s -> s.busyMax() >= pool.threads()).count();
    String allBusy =
        full == 0 ? "" : ", every one in " + full + (full == 1 ? " second" : " seconds");
    return fmt(
        "at most %s of %s threads busy%s",
        Numbers.grouped(most), Numbers.grouped(pool.threads()), allBusy);
  }

  private static String waitingInWords(StepPool pool) {
    if (pool == null) {
      return "not recorded";
    }
    return pool.seconds().stream()
        .max(Comparator.comparingDouble(StepPool.Second::waitingMean))
        .map(
            s ->
                fmt(
                    "at most %s on average (at %s s)",
                    Numbers.compact(s.waitingMean()), Numbers.fixed(s.timeS(), 1)))
        .orElse("no second recorded");
  }
}
