package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import java.util.Comparator;

/**
 * A store's headline numbers in one run, from its saturation (format 2: {@code capacity_ops} and
 * {@code peak_ops}; format 1: {@code throughput_ops}, which was the closed-loop peak). Every number
 * may be null: a store whose sweep found no qualifying step still has a saturation, with nulls and
 * a reason. Without any saturation the peak is taken from the best usable closed-loop step, and
 * {@link #fromSteps} says so. Immutable.
 *
 * @param capacity highest offered rate that was sustained and met the objective, or null
 * @param peak closed-loop peak, or null
 * @param capacityStep the step folder that set the capacity, or null
 * @param peakStep the step folder (or thread count) of the peak, or null
 * @param slo the objective the capacity met, or null
 * @param reason why there is no capacity or no peak, as the sweep wrote it, or null
 * @param format2 whether the saturation (or, without one, the run) is format 2: it could have had a
 *     capacity
 * @param fromSteps whether the peak was taken from the steps because there was no saturation
 * @param peakReason why the closed-loop ramp ended, which explains a missing peak; or null
 */
public record Headline(
    Double capacity,
    Double peak,
    String capacityStep,
    String peakStep,
    String slo,
    String reason,
    boolean format2,
    boolean fromSteps,
    String peakReason) {

  /** The headline of one store of a run. */
  public static Headline of(ResultsRun run, String store) {
    StoreCapacity s = run.saturation(store);
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
          run.format() >= 2,
          true,
          why);
    }
    boolean format2 = s.format() != null && s.format() >= 2;
    String peakStep =
        s.peakStep() != null ? s.peakStep() : s.threads() != null ? "t" + s.threads() : null;
    String reason =
        s.capacityOps() == null && s.capacityReason() != null ? s.capacityReason() : s.reason();
    return new Headline(
        positive(s.capacityOps()),
        positive(s.peak()),
        s.capacityStep(),
        peakStep,
        s.slo(),
        reason,
        format2,
        false,
        s.reason());
  }

  private static Double positive(Double v) {
    return v != null && v > 0 && Double.isFinite(v) ? v : null;
  }

  /**
   * The number a run is judged by when nothing else is known: the capacity, else the peak; null
   * when neither.
   */
  public Double primary() {
    return capacity != null ? capacity : peak;
  }
}
