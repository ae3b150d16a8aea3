package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A store's headline numbers in one run, from its {@code capacity.json} (older formats read by
 * {@link StoreCapacity}: the peak, the capacity, whether one was sought). Every component but the
 * two flags may be null: a store whose sweep found no qualifying step still has the file, with
 * nulls and a reason. Without any capacity.json the peak is taken from the best usable closed-loop
 * step, and {@link #fromSteps} says so. Immutable.
 *
 * @param capacity highest offered rate that was sustained and met the objective
 * @param peak closed-loop peak
 * @param capacityStep the step folder that set the capacity
 * @param peakStep the step folder (or thread count) of the peak
 * @param slo the objective the capacity met
 * @param reason why there is no capacity or no peak, as the sweep wrote it
 * @param capacitySought whether the run looked for a capacity at all (its capacity.json, or without
 *     one its summary.json, says so): a missing capacity is then a result, not an older run
 * @param fromSteps whether the peak was taken from the steps because there was no capacity.json
 * @param peakReason why the closed-loop ramp ended, which explains a missing peak
 * @param setBy what set the capacity, in short ({@link #setBy(StoreCapacity)})
 * @param capacityHalfWidth the relative half-width of the capacity's recorded 95 % interval (the
 *     search's bootstrap), null when the run recorded no closed interval; {@code peakHalfWidth} the
 *     same of the peak's ({@code peak_ci95})
 */
public record Headline(
    Double capacity,
    Double peak,
    String capacityStep,
    String peakStep,
    Objective slo,
    String reason,
    boolean capacitySought,
    boolean fromSteps,
    String peakReason,
    String setBy,
    Double capacityHalfWidth,
    Double peakHalfWidth) {

  public static Headline of(ResultsRun run, String store) {
    StoreCapacity s = run.capacity(store);
    if (s == null) {
      StepRows best =
          run.steps(store).values().stream()
              .filter(r -> r.usable() && r.key().phase() == Phase.RAMP && r.throughput() > 0)
              .max(Comparator.comparingDouble(StepRows::throughput))
              .orElse(null);
      String why =
          best == null ? "no capacity.json and no usable closed-loop step" : "no capacity.json";
      return new Headline(
          null,
          best == null ? null : best.throughput(),
          null,
          best == null ? null : best.stepDir(),
          null,
          why,
          run.summary().capacitySought(),
          true,
          why,
          null,
          null,
          null);
    }
    String reason =
        s.capacityOps() == null && s.capacityReason() != null ? s.capacityReason() : s.reason();
    Double capacity = positive(s.capacityOps());
    Double peak = positive(s.peakOps());
    CapacitySearchRecord search = s.capacitySearch();
    return new Headline(
        capacity,
        peak,
        s.capacityStep(),
        s.peakStep(),
        s.slo(),
        reason,
        s.capacitySought(),
        false,
        s.reason(),
        setBy(s),
        halfWidth(
            capacity, search == null ? null : search.lo(), search == null ? null : search.hi()),
        s.peakCi95() == null || s.peakCi95().size() != 2
            ? null
            : halfWidth(peak, s.peakCi95().get(0), s.peakCi95().get(1)));
  }

  /**
   * The relative half-width of a 95 % interval about {@code value}: {@code (hi - lo) / (2 value)};
   * null when the interval is open on a side (lo 0 or hi null) or missing.
   */
  private static Double halfWidth(Double value, Double lo, Double hi) {
    if (value == null || lo == null || hi == null || !(lo > 0) || !(hi >= lo)) {
      return null;
    }
    double h = (hi - lo) / (2 * value);
    return Double.isFinite(h) ? h : null;
  }

  /** The half-width of {@code metric} ({@link NoisePolicy#CAPACITY_METRIC} or the peak's). */
  public Double halfWidth(String metric) {
    return NoisePolicy.CAPACITY_METRIC.equals(metric) ? capacityHalfWidth : peakHalfWidth;
  }

  /**
   * What set a store's capacity, in one line from its split: "aof_rewrite 0.660% of 1.000% (4502
   * requests over the bound each, every 50 s); between events up to 15567 ops/s; harness floor
   * 0.028%"; "pooled: no split" for an estimate without one; null without an estimate.
   */
  static String setBy(StoreCapacity s) {
    CapacitySearchRecord c = s.capacitySearch();
    if (c == null || c.ending() == null || s.capacityOps() == null) {
      return null;
    }
    CapacitySearchRecord.Split split = c.split();
    if (split == null) {
      return "pooled: no split";
    }
    double allowance = c.model() == null ? Double.NaN : c.model().allowance();
    CapacitySearchRecord.Kind top = split.largest();
    List<String> parts = new ArrayList<>();
    if (top != null && CapacitySearchRecord.kindSetCapacity(top.share(), split.cleanShare())) {
      parts.add(
          Fmt.format(
              "%s %s of %s (%.0f requests over the bound each%s)",
              top.kind(),
              Fmt.rate(top.share()),
              Fmt.rate(allowance),
              top.overPerEvent(),
              top.periodS() == null ? "" : Fmt.format(", every %.0f s", top.periodS())));
      parts.add(
          split.cleanCapacityOps() == null
              ? "between events far above every rate measured"
              : Fmt.format("between events up to %.0f ops/s", split.cleanCapacityOps()));
    } else {
      parts.add(
          "clean seconds "
              + Fmt.rate(split.cleanShare())
              + " of "
              + Fmt.rate(allowance)
              + (top == null ? "" : ", " + top.kind() + " " + Fmt.rate(top.share())));
    }
    if (split.floorShare() != null) {
      parts.add("harness floor " + Fmt.rate(split.floorShare()));
    }
    return String.join("; ", parts);
  }

  private static Double positive(Double v) {
    return v != null && v > 0 && Double.isFinite(v) ? v : null;
  }
}
