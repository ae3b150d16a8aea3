package io.github.ycsbdocsearch.resultsformat;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether the machine itself missed a store's objective during its sweep: the harness floor (YCSB's
 * BasicDB, no store, at the threads and rates of the store's fixed-rate steps, run right after its
 * capacity search) failed the objective in a window the client sustained. A no-op store cannot be
 * slow, so its failures are the machine's stalls (a host that stopped the VM, another process), and
 * they delay a store's requests alike: a store that failed every window of that stretch of the run
 * may have failed for the machine, not for itself. Then "no capacity" is not said of the store
 * alone. The sweep's {@code capacity.json} reason and the report's headline both ask here.
 * Stateless.
 */
public final class HarnessFloor {
  private HarnessFloor() {}

  /**
   * Said when a usable floor window failed its objective: how many, and the worst share of requests
   * over the bound with its rate; empty when every floor window met it, none was judged, or the
   * store ran no floor.
   */
  public static Optional<String> missedObjective(List<StepSummary> steps) {
    List<StepSummary> floor = steps.stream().filter(s -> s.phase() == Phase.FLOOR).toList();
    List<StepSummary> failed =
        floor.stream()
            .filter(
                s ->
                    s.usable()
                        && s.objective() != null
                        && s.objective().decision() == ObjectiveVerdict.Decision.FAIL)
            .toList();
    if (failed.isEmpty()) {
      return Optional.empty();
    }
    StepSummary worst =
        failed.stream().max(Comparator.comparingDouble(HarnessFloor::overShare)).get();
    return Optional.of(
        String.format(
            Locale.ROOT,
            "but the machine itself stalled: the harness floor (BasicDB, no store) failed %s too in"
                + " %d of its %d windows (worst: %.1f %% of requests over the bound at %s ops/s),"
                + " so this run cannot tell the store's failures from the machine's; run it again"
                + " on a quiet machine",
            worst.objective().slo(),
            failed.size(),
            floor.size(),
            100 * overShare(worst),
            Numbers.grouped(worst.targetOps())));
  }

  /**
   * The usable floor window whose rate is nearest {@code rateOps} (in ln rate), as {rate, share
   * over the bound of its worst operation}: what the machine and the client alone put over the
   * bound near that rate. Empty when the store ran no floor or none was judged.
   */
  public static Optional<double[]> nearest(List<StepSummary> steps, double rateOps) {
    return steps.stream()
        .filter(s -> s.phase() == Phase.FLOOR && s.usable() && s.objective() != null)
        .filter(s -> s.targetOps() > 0)
        .min(Comparator.comparingDouble(s -> Math.abs(Math.log(s.targetOps() / rateOps))))
        .map(s -> new double[] {s.targetOps(), overShare(s)});
  }

  /** The highest share of requests over the bound among the step's operations. */
  private static double overShare(StepSummary s) {
    return s.objective().operations().stream()
        .mapToDouble(o -> (double) o.over() / Math.max(1, o.requests()))
        .max()
        .orElse(0);
  }
}
