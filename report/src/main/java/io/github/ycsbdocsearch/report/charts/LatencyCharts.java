package io.github.ycsbdocsearch.report.charts;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.svg.Annotation;
import io.github.ycsbdocsearch.report.charts.svg.Axis;
import io.github.ycsbdocsearch.report.charts.svg.LegendEntry;
import io.github.ycsbdocsearch.report.charts.svg.LineStyle;
import io.github.ycsbdocsearch.report.charts.svg.Marker;
import io.github.ycsbdocsearch.report.charts.svg.Scale;
import io.github.ycsbdocsearch.report.charts.svg.Series;
import io.github.ycsbdocsearch.report.charts.svg.SvgChart;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.BiFunction;
import java.util.function.ToDoubleFunction;

/**
 * Per operation: service-time percentiles (p50, p99, p99.9) against step throughput, and for
 * fixed-rate steps the p99 service time against the p99 latency from the intended start. Colour =
 * store, line style = percentile or latency kind. Stateless, thread-safe.
 */
public final class LatencyCharts {

  private static final List<Percentile> SHOWN =
      List.of(Percentile.P50, Percentile.P99, Percentile.P999);
  private static final List<LineStyle> STYLES =
      List.of(LineStyle.SOLID, LineStyle.DASHED, LineStyle.DOTTED);
  private static final List<Marker> MARKERS =
      List.of(Marker.CIRCLE, Marker.SQUARE, Marker.TRIANGLE);

  /** Legend samples of line styles are grey: the colour belongs to the store. */
  private static final String STYLE_GREY = "#555";

  /** The legend's line for the rings of steps that cannot stand for the store. */
  private static final LegendEntry NOT_USABLE =
      new LegendEntry("p99, not sustained / client-bound", STYLE_GREY, LineStyle.NONE, Marker.RING);

  /** The harness floor is drawn light grey under the stores' lines. */
  private static final String FLOOR_GREY = "#bbb";

  private LatencyCharts() {}

  /**
   * The latency-vs-offered-load curve ("hockey stick") of one operation: x the offered rate of each
   * fixed-rate step of the load phase (and explicit --rates), y its intended latency over all
   * requests (coordinated omission corrected, failures included), one line per store and
   * percentile; the capacity is marked with its objective, the harness floor (BasicDB at the same
   * threads and rate) drawn grey, unsustained or client-bound steps marked.
   */
  public static ReportChart latencyVsOfferedLoad(RunFolder run, StorePalette palette, String op) {
    SvgChart chart =
        offeredLoadChart(
            "load-" + ChartAxes.slug(op),
            op + ": latency vs offered load",
            "grey: harness floor (YCSB's BasicDB, no store)");
    for (StoreRun store : run.stores()) {
      String colour = palette.colour(store.name());
      List<StepSummary> offered = addOfferedCurves(chart, store, colour, op, true);
      StoreCapacity sat = store.capacity();
      if (sat != null && sat.capacityOps() != null) {
        offered.stream()
            .filter(s -> s.step().equals(sat.capacityStep()))
            .findFirst()
            .flatMap(s -> s.row(op, LatencyKind.INTENDED, SummaryRow.ALL))
            .filter(r -> r.p99Us() != null)
            .ifPresent(
                r ->
                    chart.annotate(
                        new Annotation(
                            r.targetOps(),
                            r.p99Us(),
                            colour,
                            fmt(
                                "capacity %s ops/s (%s)",
                                Numbers.compact(Math.round(sat.capacityOps())), sat.slo()))));
      }
    }
    List<LegendEntry> styles = percentileStyles();
    styles.add(LegendEntry.line("harness floor", FLOOR_GREY, LineStyle.SOLID));
    styles.add(NOT_USABLE);
    chart.legend(legend(run, palette, "Percentiles", styles));
    return new ReportChart(
        "latency-vs-offered-load-" + ChartAxes.slug(op) + ".svg",
        ReportChart.Section.LOAD,
        op
            + ": what a client waits at each offered load. Where a line turns up, queues form; the"
            + " ring marks the window nearest the capacity (the search's probes are points here"
            + " too; the headline's chart shows how the capacity was estimated). Only complete,"
            + " sustained steps whose client was not limited are joined by lines.",
        chart);
  }

  /** The baseline's colour in an overlay of two runs; the new run's is {@link #NEW_RUN}. */
  private static final String BASELINE_RUN = "#0072B2";

  private static final String NEW_RUN = "#D55E00";

  /**
   * The latency-vs-offered-load curves of one store and operation in two runs, overlaid ({@code
   * compare --charts}): colour = run, line style = percentile, as in a run's own chart (complete,
   * sustained steps whose client was not limited joined by lines; the others' p99 as rings).
   */
  public static ReportChart offeredLoadOverlay(
      RunFolder baseline, RunFolder current, String store, String op, String fileName) {
    SvgChart chart =
        offeredLoadChart(
            "overlay-" + ChartAxes.slug(store) + "-" + ChartAxes.slug(op),
            store + ", " + op + ": latency vs offered load, two runs",
            "blue: baseline, vermilion: new run");
    List<LegendEntry> legend = new ArrayList<>(List.of(LegendEntry.heading("Runs")));
    for (RunFolder run : List.of(baseline, current)) {
      String colour = run == baseline ? BASELINE_RUN : NEW_RUN;
      legend.add(
          LegendEntry.line(
              (run == baseline ? "baseline " : "new ") + run.runId(), colour, LineStyle.SOLID));
      run.stores().stream()
          .filter(r -> r.name().equals(store))
          .findFirst()
          .ifPresent(s -> addOfferedCurves(chart, s, colour, op, false));
    }
    legend.add(LegendEntry.heading(""));
    legend.add(LegendEntry.heading("Percentiles"));
    legend.addAll(percentileStyles());
    legend.add(NOT_USABLE);
    chart.legend(legend);
    return new ReportChart(
        fileName,
        ReportChart.Section.LOAD,
        store + ", " + op + ": the baseline's and the new run's latency at each offered load.",
        chart);
  }

  /** The legend's samples of the percentiles' line styles and markers, in grey. */
  private static List<LegendEntry> percentileStyles() {
    List<LegendEntry> styles = new ArrayList<>();
    for (int i = 0; i < SHOWN.size(); i++) {
      styles.add(new LegendEntry(SHOWN.get(i).label(), STYLE_GREY, STYLES.get(i), MARKERS.get(i)));
    }
    return styles;
  }

  /** An empty latency-vs-offered-load chart: axes, and a subtitle ending in what colours mean. */
  private static SvgChart offeredLoadChart(String id, String title, String colours) {
    return new SvgChart(
            id,
            title,
            new Axis(
                "Offered load, all operations (ops/s, log scale)", Scale.LOG10, Numbers::compact),
            ChartAxes.latency())
        .subtitle(
            "Intended latency (from the scheduled start), all requests, warm-up excluded; one"
                + " point per fixed-rate step; "
                + colours);
  }

  /**
   * Adds a store's curves to a latency-vs-offered-load chart: per percentile its usable steps
   * joined by a line (and, with {@code floor}, the harness floor's in grey), then the p99 of the
   * steps that cannot stand for the store (unsustained, client-bound, failed) as hollow rings, on
   * the axis but joined to nothing.
   *
   * @return the store's offered-rate steps
   */
  private static List<StepSummary> addOfferedCurves(
      SvgChart chart, StoreRun store, String colour, String op, boolean floor) {
    List<StepSummary> offered = offeredSteps(store, false);
    List<StepSummary> usable = offered.stream().filter(StepSummary::usable).toList();
    List<StepSummary> floorSteps = offeredSteps(store, true);
    // Every curve here: intended latency over all requests, at each step's offered rate.
    BiFunction<List<StepSummary>, Percentile, List<Series.Point>> at =
        (steps, p) ->
            points(steps, op, LatencyKind.INTENDED, SummaryRow.ALL, p, s -> s.targetOps());
    for (int i = 0; i < SHOWN.size(); i++) {
      chart.add(new Series(colour, STYLES.get(i), MARKERS.get(i), at.apply(usable, SHOWN.get(i))));
      if (floor) {
        chart.add(
            new Series(FLOOR_GREY, STYLES.get(i), Marker.NONE, at.apply(floorSteps, SHOWN.get(i))));
      }
    }
    List<StepSummary> notUsable = offered.stream().filter(s -> !s.usable()).toList();
    chart.add(new Series(colour, LineStyle.NONE, Marker.RING, at.apply(notUsable, Percentile.P99)));
    return offered;
  }

  /** Fixed-rate steps of the load phase and explicit rates, or the harness floor's, by rate. */
  private static List<StepSummary> offeredSteps(StoreRun store, boolean floor) {
    return store.summaries().stream()
        .filter(
            s ->
                s.fixedRate()
                    && (floor
                        ? s.phase() == Phase.FLOOR && s.complete()
                        : s.phase() == Phase.LOAD
                            || s.phase() == Phase.RATES
                            || s.phase() == Phase.SEARCH))
        .sorted(Comparator.comparingLong(StepSummary::targetOps))
        .toList();
  }

  /** Latency percentiles vs step throughput of one operation (the closed-loop ramp). */
  public static ReportChart latencyVsThroughput(RunFolder run, StorePalette palette, String op) {
    SvgChart chart =
        new SvgChart(
                "lat-" + ChartAxes.slug(op),
                op + ": latency percentiles vs throughput",
                ChartAxes.stepThroughput(),
                ChartAxes.latency())
            .subtitle(
                "Service time of successful "
                    + op
                    + " operations, warm-up excluded; one point per complete "
                    + "step of the ramp (closed loop)");
    for (StoreRun store : run.stores()) {
      String colour = palette.colour(store.name());
      List<StepSummary> steps = curveSteps(store);
      for (int i = 0; i < SHOWN.size(); i++) {
        Percentile p = SHOWN.get(i);
        List<Series.Point> points =
            points(steps, op, LatencyKind.SERVICE, SummaryRow.OK, p, StepSummary::throughputOps);
        chart.add(new Series(colour, STYLES.get(i), MARKERS.get(i), points));
      }
    }
    chart.legend(legend(run, palette, "Percentiles", percentileStyles()));
    return new ReportChart(
        "latency-vs-throughput-" + ChartAxes.slug(op) + ".svg",
        ReportChart.Section.LATENCY,
        op
            + ": how latency grows with load. Percentiles a step's sample count cannot support"
            + " (p99.9 needs 1,000 samples) are left out.",
        chart);
  }

  /**
   * p99 service time vs p99 intended-start latency of one operation at each fixed-rate step. The x
   * axis is the target rate; when a store ran one rate at several thread counts, it lists the
   * distinct (rate, threads) steps: a rate axis would stack their points on one vertical line.
   */
  public static ReportChart serviceVsIntended(RunFolder run, StorePalette palette, String op) {
    List<StepSummary> all = run.stores().stream().flatMap(s -> fixedRate(s).stream()).toList();
    boolean byRate =
        run.stores().stream()
            .allMatch(
                s ->
                    fixedRate(s).stream().map(StepSummary::targetOps).distinct().count()
                        == fixedRate(s).size());
    List<FixedRateSlot> slots = FixedRateSlot.of(all);
    Axis x =
        byRate
            ? new Axis("Target rate, all operations (ops/s)", Scale.LINEAR, Numbers::compact)
            : new Axis(
                    "Fixed-rate step: target rate (ops/s) @ client threads", Scale.LINEAR, v -> "")
                .categories(slots.stream().map(FixedRateSlot::label).toList());
    ToDoubleFunction<StepSummary> position =
        byRate ? s -> s.targetOps() : s -> slots.indexOf(FixedRateSlot.of(s));
    SvgChart chart =
        new SvgChart(
                "int-" + ChartAxes.slug(op),
                op + ": p99 service time vs p99 intended latency",
                x,
                ChartAxes.latency())
            .subtitle(
                "Fixed-rate steps only; intended latency runs from the scheduled start (coordinated"
                    + " omission corrected)");
    for (StoreRun store : run.stores()) {
      String colour = palette.colour(store.name());
      List<StepSummary> fixed =
          fixedRate(store).stream().sorted(Comparator.comparingDouble(position)).toList();
      for (LatencyKind kind : List.of(LatencyKind.SERVICE, LatencyKind.INTENDED)) {
        boolean service = kind == LatencyKind.SERVICE;
        chart.add(
            new Series(
                colour,
                service ? LineStyle.SOLID : LineStyle.DASHED,
                service ? Marker.CIRCLE : Marker.TRIANGLE,
                points(fixed, op, kind, SummaryRow.OK, Percentile.P99, position)));
      }
    }
    chart.legend(
        legend(
            run,
            palette,
            "p99 latency",
            List.of(
                new LegendEntry("service time", STYLE_GREY, LineStyle.SOLID, Marker.CIRCLE),
                new LegendEntry(
                    "from intended start", STYLE_GREY, LineStyle.DASHED, Marker.TRIANGLE))));
    return new ReportChart(
        "service-vs-intended-" + ChartAxes.slug(op) + ".svg",
        ReportChart.Section.INTENDED,
        op
            + ": when the dashed line leaves the solid one, requests queued behind slow ones: the"
            + " store did not keep up with the target rate, and service time alone would understate"
            + " what a client waits.",
        chart);
  }

  /** A fixed-rate step's place on the x axis: its target rate and thread count. */
  private record FixedRateSlot(long targetOps, int threads) {

    static FixedRateSlot of(StepSummary s) {
      return new FixedRateSlot(s.targetOps(), s.threads());
    }

    static List<FixedRateSlot> of(List<StepSummary> steps) {
      return steps.stream()
          .map(FixedRateSlot::of)
          .distinct()
          .sorted(
              Comparator.comparingLong(FixedRateSlot::targetOps)
                  .thenComparingInt(FixedRateSlot::threads))
          .toList();
    }

    String label() {
      return Numbers.compact(targetOps) + " @" + threads + "t";
    }
  }

  /** Whether any store has a complete fixed-rate step. */
  public static boolean anyFixedRate(RunFolder run) {
    return run.stores().stream().anyMatch(s -> !fixedRate(s).isEmpty());
  }

  private static List<StepSummary> fixedRate(StoreRun store) {
    return store.summaries().stream()
        .filter(s -> s.complete() && s.fixedRate() && s.phase() != Phase.FLOOR)
        .sorted(Comparator.comparingLong(StepSummary::targetOps))
        .toList();
  }

  /**
   * The steps of a store's latency-vs-throughput curve: the unthrottled thread sweep in thread
   * order; only when there is none, the fixed-rate steps in target order (those have their own
   * chart, and mixing both orders would draw a line that doubles back).
   */
  private static List<StepSummary> curveSteps(StoreRun store) {
    List<StepSummary> unthrottled = store.usableSteps(Phase.RAMP);
    return unthrottled.isEmpty() ? fixedRate(store) : unthrottled;
  }

  private static List<Series.Point> points(
      List<StepSummary> steps,
      String op,
      LatencyKind kind,
      String requests,
      Percentile p,
      ToDoubleFunction<StepSummary> x) {
    List<Series.Point> points = new ArrayList<>();
    for (StepSummary s : steps) {
      OptionalLong v =
          s.row(op, kind, requests).map(r -> r.percentile(p)).orElse(OptionalLong.empty());
      if (v.isPresent()) {
        points.add(new Series.Point(x.applyAsDouble(s), v.getAsLong()));
      }
    }
    return points;
  }

  private static List<LegendEntry> legend(
      RunFolder run, StorePalette palette, String styleHeading, List<LegendEntry> styles) {
    List<LegendEntry> legend = palette.legend(run.storeNames());
    legend.add(LegendEntry.heading(styleHeading));
    legend.addAll(styles);
    return legend;
  }
}
