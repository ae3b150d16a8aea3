package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.step.StepExecutor;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A store's {@code capacity.json}, written when its sweep ends however it ended: the ramp's peak
 * with the capacity under the objective, read back from the step folders that were published (so a
 * resumed run counts the steps it kept). Apart from StoreSweep: it reads results, not phases.
 */
public final class CapacityFile {
  private CapacityFile() {}

  /**
   * Writes {@code capacity.json} into {@code storeDir} and returns it.
   *
   * @param ramp what the closed-loop ramp found (its peak)
   * @param search what the capacity search found, if it ran
   */
  public static StoreCapacity write(
      Path storeDir, StoreCapacity ramp, Objective slo, Optional<SearchPhase.Found> search) {
    Path stepsDir = storeDir.resolve(RunLayout.STEPS_DIR);
    List<StepSummary> steps =
        StepExecutor.existingSteps(stepsDir).keySet().stream()
            .flatMap(name -> StepExecutor.summaryOf(stepsDir.resolve(name)).stream())
            .toList();
    StoreCapacity sat = CapacityFinder.withCapacity(ramp, steps, slo, search);
    sat.writeTo(storeDir);
    return sat;
  }

  /** The progress line's account of a store that completed: its peak and its capacity. */
  public static String headline(StoreCapacity sat) {
    return String.format(
        Locale.ROOT,
        "peak %s ops/s%s; capacity %s ops/s under %s",
        sat.peakOps() == null ? "none" : String.format(Locale.ROOT, "%.0f", sat.peakOps()),
        Boolean.TRUE.equals(sat.peakLowerBound()) ? " (lower bound)" : "",
        sat.capacityOps() == null
            ? "none" + (sat.capacityReason() == null ? "" : " (" + sat.capacityReason() + ")")
            : String.format(Locale.ROOT, "%.0f", sat.capacityOps())
                + (Boolean.TRUE.equals(sat.capacityLowerBound()) ? " (lower bound)" : "")
                + (sat.capacityBracket() == null ? "" : " " + sat.capacityBracket()),
        sat.slo());
  }

  /** The summaries of those of {@code specs} whose step folder under {@code stepsDir} is whole. */
  public static List<StepSummary> published(Path stepsDir, List<StepSpec> specs) {
    return specs.stream()
        .flatMap(s -> StepExecutor.summaryOf(stepsDir.resolve(s.dirName())).stream())
        .toList();
  }
}
