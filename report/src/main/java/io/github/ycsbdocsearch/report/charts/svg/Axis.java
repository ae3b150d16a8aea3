package io.github.ycsbdocsearch.report.charts.svg;

import io.github.ycsbdocsearch.resultsformat.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * One axis of a chart: its title (with units), scale, tick labels and the data range it shows. The
 * range is set by {@link #fit} from the data the chart holds; ticks are chosen from the range
 * unless given explicitly. Not thread-safe (fitted once while rendering).
 */
public final class Axis {

  private final String title;
  private final Scale scale;
  private final DoubleFunction<String> tickLabel;
  private List<Double> explicitTicks;
  private List<String> categories;
  private double[] fixedRange;
  private double lo;
  private double hi;

  /**
   * @param title axis title, with units, e.g. "Throughput (ops/s)"
   */
  public Axis(String title, Scale scale, DoubleFunction<String> tickLabel) {
    this.title = title;
    this.scale = scale;
    this.tickLabel = tickLabel;
  }

  /** Puts ticks exactly at these data values (e.g. the thread counts that ran). */
  public Axis ticksAt(List<Double> values) {
    this.explicitTicks = List.copyOf(values);
    return this;
  }

  /**
   * Makes a linear axis show named, evenly spaced positions: data value i is drawn at the i-th
   * label, with half a slot of room at both ends.
   */
  public Axis categories(List<String> labels) {
    this.categories = List.copyOf(labels);
    return this;
  }

  /** Shows exactly this range whatever the data (e.g. a step's warm-up and window, no margin). */
  public Axis range(double from, double to) {
    this.fixedRange = new double[] {from, to};
    return this;
  }

  public String title() {
    return title;
  }

  public Scale scale() {
    return scale;
  }

  /** Sets the shown range from the data's smallest and largest values. */
  void fit(double min, double max) {
    if (fixedRange != null) {
      lo = fixedRange[0];
      hi = fixedRange[1];
      return;
    }
    if (categories != null) {
      lo = -0.5;
      hi = categories.size() - 0.5;
      return;
    }
    switch (scale) {
      case LOG10, LOG10_FRACTION -> {
        lo = Math.pow(10, Math.floor(Math.log10(Math.max(min, scale.logFloor()))));
        hi = Math.pow(10, Math.ceil(Math.log10(Math.max(max, scale.logFloor()))));
        if (hi <= lo) {
          hi = lo * 10;
        }
      }
      case LOG2 -> {
        // A margin of a third of a doubling keeps the end points off the frame.
        lo = Math.max(min, Scale.LOG_FLOOR) / 1.26;
        hi = Math.max(max, Scale.LOG_FLOOR) * 1.26;
      }
      case NINES -> {
        lo = 0;
        double nines = Math.max(2, Math.ceil(Scale.NINES.transform(max) - 1e-9));
        hi = Scale.percentileAtNines(nines);
      }
      default -> {
        // A linear axis starts at 0 (below, for negative data): bars and slopes compare honestly.
        lo = Math.min(0, min);
        double step = niceStep(Math.max(max - lo, 1e-9) / 5);
        hi = Math.ceil(max / step) * step;
        if (hi - max < 0.03 * (hi - lo)) {
          // A point on the frame is hard to see: leave room for its marker.
          hi += step;
        }
        if (hi <= lo) {
          hi = lo + step;
        }
      }
    }
  }

  /** The axis as fitted, for {@link ChartData}; without ticks when it was not (no data). */
  ChartData.AxisView view(boolean fitted) {
    return new ChartData.AxisView(title, scale, lo, hi, fitted ? ticks() : List.of());
  }

  /** Where {@code v} lies, from 0 (start of the range) to 1 (end). */
  double position(double v) {
    return view(false).position(v);
  }

  /** The ticks within the fitted range. */
  List<Tick> ticks() {
    List<Tick> ticks = new ArrayList<>();
    if (categories != null) {
      for (int i = 0; i < categories.size(); i++) {
        ticks.add(new Tick(i, categories.get(i), true));
      }
      return ticks;
    }
    if (explicitTicks != null) {
      explicitTicks.forEach(v -> ticks.add(new Tick(v, tickLabel.apply(v), true)));
      return ticks;
    }
    switch (scale) {
      case LOG10, LOG10_FRACTION -> logTicks(ticks);
      case NINES -> ninesTicks(ticks);
      case LOG2 -> {
        for (double v = 1; v <= hi; v *= 2) {
          if (v >= lo) {
            ticks.add(new Tick(v, tickLabel.apply(v), true));
          }
        }
      }
      default -> {
        double step = niceStep((hi - lo) / 5);
        // From the step's first multiple: a range from below 0 (a warm-up) keeps 0 a tick.
        for (double v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step / 1e6; v += step) {
          ticks.add(new Tick(v + 0.0, tickLabel.apply(v + 0.0), true)); // + 0.0: no "-0" label
        }
      }
    }
    return ticks;
  }

  private void logTicks(List<Tick> ticks) {
    boolean fewDecades = Math.log10(hi / lo) <= 2.01;
    for (double decade = lo; decade <= hi * 1.0001; decade *= 10) {
      ticks.add(new Tick(decade, tickLabel.apply(decade), true));
      if (fewDecades && decade * 10 <= hi * 1.0001) {
        ticks.add(new Tick(decade * 2, tickLabel.apply(decade * 2), false));
        ticks.add(new Tick(decade * 5, tickLabel.apply(decade * 5), false));
      }
    }
  }

  private void ninesTicks(List<Tick> ticks) {
    ticks.add(new Tick(0, "p0", true));
    ticks.add(new Tick(50, "p50", false));
    int maxNines = (int) Math.round(Scale.NINES.transform(hi));
    for (int n = 1; n <= maxNines; n++) {
      double p = Scale.percentileAtNines(n);
      ticks.add(
          new Tick(p, "p" + Numbers.rounded(p, 6).stripTrailingZeros().toPlainString(), true));
    }
  }

  /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
  static double niceStep(double raw) {
    double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * magnitude >= raw) {
        return m * magnitude;
      }
    }
    return 10 * magnitude;
  }
}
