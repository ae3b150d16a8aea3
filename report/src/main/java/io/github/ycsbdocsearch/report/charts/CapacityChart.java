package io.github.ycsbdocsearch.report.charts;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.svg.Axis;
import io.github.ycsbdocsearch.report.charts.svg.Band;
import io.github.ycsbdocsearch.report.charts.svg.LegendEntry;
import io.github.ycsbdocsearch.report.charts.svg.LineStyle;
import io.github.ycsbdocsearch.report.charts.svg.Marker;
import io.github.ycsbdocsearch.report.charts.svg.Scale;
import io.github.ycsbdocsearch.report.charts.svg.Series;
import io.github.ycsbdocsearch.report.charts.svg.SvgChart;
import io.github.ycsbdocsearch.report.charts.svg.VerticalMark;
import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;

/**
 * Per store, how its capacity was estimated (capacity.json format 4): every fixed-rate window as a
 * point, offered rate against the share of its requests over the objective's bound (log scale), its
 * area growing with the window's seconds; client-limited windows hollow and grey (left out of the
 * estimate); the fitted local model over its kernel range; the allowance (1 % for p99) as a
 * horizontal line; the 95 % interval as a band and the estimate as a vertical line. A window with
 * none over sits on a bottom row of its own: a share of 0 has no place on a log axis. No chart
 * without a format-4 record (older runs had a bracket, not a model). Stateless, thread-safe.
 */
public final class CapacityChart {

  /** The y axis reaches at least this low (0.01 %), lower when a window's share is smaller. */
  static final double FLOOR = 1e-4;

  /** The row of windows with none over lies this many decades below the axis' lowest decade. */
  private static final double ZERO_ROW_DECADES = 0.5;

  /** A window of this many seconds gets the default marker; area grows with the seconds. */
  private static final double REFERENCE_S = 15;

  private static final double MIN_SCALE = 0.7;
  private static final double MAX_SCALE = 3.0;
  private static final int MODEL_POINTS = 60;
  private static final int HEIGHT = 440;
  private static final String LEFT_OUT_GREY = "#8a8a8a";
  private static final String ALLOWANCE_GREY = "#444";

  /** The background work's parts and the harness floor under a split estimate's line. */
  private static final String PART_GREY = "#888";

  private CapacityChart() {}

  public static String fileName(String store) {
    return "capacity-" + ChartAxes.slug(store) + ".svg";
  }

  /** One chart per store with a format-4 capacity search that recorded its windows' counts. */
  public static List<ReportChart> build(RunFolder run, StorePalette palette) {
    return run.stores().stream().flatMap(store -> of(store, palette).stream()).toList();
  }

  static Optional<ReportChart> of(StoreRun store, StorePalette palette) {
    StoreCapacity sat = store.capacity();
    CapacitySearchRecord c = CapacityText.estimate(sat);
    if (c == null) {
      return Optional.empty();
    }
    List<CapacitySearchRecord.Probe> windows =
        c.probes().stream()
            .filter(p -> p.share() != null && p.rateOps() > 0)
            // Largest first, so a short window at the same rate is drawn on top, not hidden.
            .sorted(Comparator.comparingDouble(CapacityChart::seconds).reversed())
            .toList();
    if (windows.isEmpty()) {
      return Optional.empty();
    }
    String colour = palette.colour(store.name());
    double floor = floor(windows);
    double zeroRow = floor / Math.pow(10, ZERO_ROW_DECADES);
    double xMax = xMax(sat, c, windows);
    SvgChart chart =
        new SvgChart(
                "capacity-" + ChartAxes.slug(store.name()),
                store.name()
                    + ": "
                    + Optional.ofNullable(CapacityText.headline(sat)).orElse("no capacity"),
                new Axis("Offered rate (ops/s)", Scale.LINEAR, Numbers::compact).range(0, xMax),
                yAxis(floor, zeroRow))
            .subtitle(subtitle(sat, c))
            .height(HEIGHT);
    if (c.lo() != null) {
      chart.shade(
          new Band(
              c.lo(),
              c.hi() == null ? xMax : c.hi(),
              c.hi() == null ? "95 % interval, open above" : "95 % interval"));
    }
    chart.add(line(colour, LineStyle.SOLID, c.model(), floor, c::modelShareAt));
    addParts(chart, c, colour, floor);
    Double allowance = allowance(store, c);
    if (allowance != null) {
      chart.add(Series.level(ALLOWANCE_GREY, LineStyle.DASHED, xMax, allowance));
    }
    addWindows(chart, windows, colour, zeroRow);
    if (sat.capacityOps() != null) {
      chart.mark(new VerticalMark(sat.capacityOps(), colour, markLabel(sat, c)));
    }
    chart.legend(legend(colour, windows, c, allowance, sat));
    return Optional.of(
        new ReportChart(
            fileName(store.name()), ReportChart.Section.CAPACITY, caption(store.name(), c), chart));
  }

  /**
   * The windows as points over the lines: filled in the store's colour when the store decided them,
   * hollow grey when the client did; none over on the zero row.
   */
  private static void addWindows(
      SvgChart chart, List<CapacitySearchRecord.Probe> windows, String colour, double zeroRow) {
    List<Series.Point> decided = new ArrayList<>();
    List<Series.Point> leftOut = new ArrayList<>();
    for (CapacitySearchRecord.Probe p : windows) {
      Series.Point point =
          new Series.Point(p.rateOps(), p.share() > 0 ? p.share() : zeroRow, size(p));
      (CapacityText.CLIENT_LIMITED.equals(p.outcome()) ? leftOut : decided).add(point);
    }
    chart.add(new Series(colour, LineStyle.NONE, Marker.CIRCLE, decided));
    chart.add(new Series(LEFT_OUT_GREY, LineStyle.NONE, Marker.OPEN_CIRCLE, leftOut));
  }

  /** What the chart shows, in two sentences; the second names only what this store's chart has. */
  private static String caption(String store, CapacitySearchRecord c) {
    String first =
        "Each fixed-rate window of "
            + store
            + " is a point: its offered rate and the share of its requests over the objective's"
            + " bound (log scale; none over: the bottom row), larger for a longer window; hollow"
            + " grey windows were client-limited and left out. ";
    if (c.model() != null && c.lo() != null) {
      return first
          + "The capacity is where the fitted model (the line, over the rates it was fitted to)"
          + " crosses the allowance (dashed), the shaded band its 95 % interval.";
    }
    return first
        + (c.lowerBound()
            ? "The vertical line is a lower bound: every rate the store decided up to it met the"
                + " allowance (dashed), and no rate above it failed, so there is no interval."
            : "The vertical line is the capacity; the dashed line the allowance.");
  }

  /** The lowest decade shown: {@link #FLOOR}, or lower, that of the smallest share over 0. */
  static double floor(List<CapacitySearchRecord.Probe> windows) {
    double min =
        windows.stream()
            .mapToDouble(CapacitySearchRecord.Probe::share)
            .filter(s -> s > 0)
            .min()
            .orElse(FLOOR);
    return Math.min(FLOOR, Math.pow(10, Math.floor(Math.log10(min) + 1e-9)));
  }

  /**
   * Shares from the zero row to 100 %, ticks at each decade (percentages) and "none over" at the
   * row of windows with no request over the bound.
   */
  private static Axis yAxis(double floor, double zeroRow) {
    List<Double> ticks = new ArrayList<>();
    ticks.add(zeroRow);
    // Exact powers of ten, so a tick is labelled "1 %", not "1.0000000000000002 %".
    for (long k = Math.round(Math.log10(floor)); k <= 0; k++) {
      ticks.add(Math.pow(10, k));
    }
    return new Axis(
            "Share of requests over the bound (log scale)",
            Scale.LOG10_FRACTION,
            v -> v < floor / 1.5 ? "none over" : CapacityText.percent(v))
        // A little room below the zero row and above 100 %, so their markers stay inside.
        .range(zeroRow / Math.pow(10, 0.3), Math.pow(10, 0.15))
        .ticksAt(ticks);
  }

  /** The right end of the rate axis: beyond every window, the interval and the model's range. */
  private static double xMax(
      StoreCapacity sat, CapacitySearchRecord c, List<CapacitySearchRecord.Probe> windows) {
    double max = windows.stream().mapToDouble(CapacitySearchRecord.Probe::rateOps).max().orElse(1);
    if (c.hi() != null) {
      max = Math.max(max, c.hi());
    }
    if (sat.capacityOps() != null) {
      max = Math.max(max, sat.capacityOps());
    }
    if (c.model() != null) {
      max = Math.max(max, c.model().centerOps() * Math.exp(c.model().bandwidth()));
    }
    return max * 1.08;
  }

  /** A line over the model's kernel range, where its share is on the axis. */
  private static Series line(
      String colour,
      LineStyle style,
      CapacitySearchRecord.Model m,
      double floor,
      DoubleUnaryOperator shareAt) {
    List<Series.Point> points = new ArrayList<>();
    if (m == null || !(m.centerOps() > 0) || !(m.bandwidth() > 0)) {
      return new Series(colour, style, Marker.NONE, points);
    }
    for (int i = 0; i <= MODEL_POINTS; i++) {
      double rate = m.centerOps() * Math.exp(m.bandwidth() * (2.0 * i / MODEL_POINTS - 1));
      double share = shareAt.applyAsDouble(rate);
      if (share >= floor) {
        points.add(new Series.Point(rate, share));
      }
    }
    return new Series(colour, style, Marker.NONE, points);
  }

  /**
   * A split estimate's parts under the model's line: the clean seconds' share (dotted), each kind
   * of background work's (dashed, grey), and the harness floor's share near the capacity (a grey
   * diamond): what the line is made of.
   */
  private static void addParts(
      SvgChart chart, CapacitySearchRecord c, String colour, double floor) {
    CapacitySearchRecord.Split split = c.split();
    if (split == null || c.model() == null) {
      return;
    }
    chart.add(
        line(
            colour,
            LineStyle.DOTTED,
            c.model(),
            floor,
            r -> CapacitySearchRecord.Split.cleanShareAt(c.model(), r)));
    for (CapacitySearchRecord.Kind k : split.kinds()) {
      chart.add(line(PART_GREY, LineStyle.DASHED, c.model(), floor, r -> split.kindShareAt(k, r)));
    }
    if (split.floorShare() != null && split.floorRateOps() != null) {
      chart.add(
          new Series(
              PART_GREY,
              LineStyle.NONE,
              Marker.DIAMOND,
              List.of(
                  new Series.Point(split.floorRateOps(), Math.max(floor, split.floorShare())))));
    }
  }

  /**
   * The share allowed over the bound: the model's, else the objective's percentile as the store's
   * fixed-rate steps recorded it; null when neither says.
   */
  private static Double allowance(StoreRun store, CapacitySearchRecord c) {
    if (c.model() != null) {
      return c.model().allowance();
    }
    return store.summaries().stream()
        .filter(s -> s.objective() != null)
        .map(StepSummary::objective)
        .map(o -> o.slo().allowance())
        .findFirst()
        .orElse(null);
  }

  private static double seconds(CapacitySearchRecord.Probe p) {
    return p.seconds() == null ? REFERENCE_S : p.seconds();
  }

  /** Marker size: its area proportional to the window's seconds, within readable limits. */
  private static double size(CapacitySearchRecord.Probe p) {
    return Math.max(MIN_SCALE, Math.min(MAX_SCALE, Math.sqrt(seconds(p) / REFERENCE_S)));
  }

  private static String subtitle(StoreCapacity sat, CapacitySearchRecord c) {
    long clientLimited =
        c.probes().stream().filter(p -> CapacityText.CLIENT_LIMITED.equals(p.outcome())).count();
    return fmt(
        "Objective %s; %d fixed-rate windows, %d client-limited%s",
        sat.slo() == null ? "not recorded" : sat.slo().text(),
        c.probes().size(),
        clientLimited,
        c.model() == null
            ? "; no model was fitted"
            : fmt(
                c.split() == null
                    ? "; model: logistic in ln(rate), fitted to %s–%s ops/s"
                    : "; model: the clean seconds' logistic line in ln(rate) plus each kind of"
                        + " background work's frequency x cost, fitted to %s–%s ops/s",
                Numbers.rate(c.model().centerOps() * Math.exp(-c.model().bandwidth())),
                Numbers.rate(c.model().centerOps() * Math.exp(c.model().bandwidth()))));
  }

  private static String markLabel(StoreCapacity sat, CapacitySearchRecord c) {
    String rate = Numbers.rate(sat.capacityOps());
    return switch (c.ending()) {
      case CapacitySearchRecord.LOWER_BOUND_CLIENT -> "client lower bound " + rate;
      case CapacityText.LOWER_BOUND_TOP, CapacityText.LOWER_BOUND_BUDGET -> "lower bound " + rate;
      case CapacityText.BELOW_RANGE -> "capacity " + rate + " (extrapolated)";
      default -> "capacity " + rate;
    };
  }

  private static List<LegendEntry> legend(
      String colour,
      List<CapacitySearchRecord.Probe> windows,
      CapacitySearchRecord c,
      Double allowance,
      StoreCapacity sat) {
    List<LegendEntry> legend = new ArrayList<>();
    legend.add(LegendEntry.heading("Windows (area ∝ seconds)"));
    double shortest = windows.stream().mapToDouble(CapacityChart::seconds).min().orElse(0);
    double longest = windows.stream().mapToDouble(CapacityChart::seconds).max().orElse(0);
    legend.add(
        new LegendEntry(
            fmt("decided by the store, %.0f–%.0f s", shortest, longest),
            colour,
            LineStyle.NONE,
            Marker.CIRCLE));
    legend.add(
        new LegendEntry(
            "client-limited: left out", LEFT_OUT_GREY, LineStyle.NONE, Marker.OPEN_CIRCLE));
    legend.add(LegendEntry.heading("Estimate"));
    if (c.model() != null) {
      legend.add(LegendEntry.line("fitted model", colour, LineStyle.SOLID));
    }
    if (c.split() != null && c.model() != null) {
      legend.add(LegendEntry.line("its clean seconds", colour, LineStyle.DOTTED));
      for (CapacitySearchRecord.Kind k : c.split().kinds()) {
        legend.add(
            LegendEntry.line("its " + CapacityText.kind(k.kind(), 2), PART_GREY, LineStyle.DASHED));
      }
      if (c.split().floorShare() != null) {
        legend.add(
            new LegendEntry("harness floor alone", PART_GREY, LineStyle.NONE, Marker.DIAMOND));
      }
    }
    if (allowance != null) {
      legend.add(
          LegendEntry.line(
              "allowance " + CapacityText.percent(allowance), ALLOWANCE_GREY, LineStyle.DASHED));
    }
    if (c.lo() != null) {
      legend.add(new LegendEntry("95 % interval", Band.FILL, LineStyle.NONE, Marker.SQUARE));
    }
    if (sat.capacityOps() != null) {
      legend.add(
          LegendEntry.line(c.lowerBound() ? "lower bound" : "capacity", colour, LineStyle.DASHED));
    }
    return legend;
  }
}
