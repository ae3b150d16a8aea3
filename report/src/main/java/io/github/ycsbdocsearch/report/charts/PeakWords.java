package io.github.ycsbdocsearch.report.charts;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RampShape;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.util.Optional;

/**
 * What the closed-loop peak is, in the few words the headline and the throughput chart put beside
 * it: "lower bound: still growing", "lower bound: client-limited", or "plateau: throughput fell at
 * 32 and 64 threads, within noise of the peak". Stateless, thread-safe.
 */
public final class PeakWords {

  private static final String PLATEAU = "plateau";

  private PeakWords() {}

  /**
   * Why the peak is only a lower bound, or that it is a plateau; null when it is neither. The
   * ramp's steps, read by the ramp's own noise test ({@link RampShape}), tell a plateau from
   * growth, also in files that flagged a plateau still growing ({@link RampShape#peakLowerBound}).
   */
  public static String bound(StoreRun store) {
    StoreCapacity sat = store.capacity();
    if (sat == null || sat.peakOps() == null) {
      return null;
    }
    if (RampShape.peakLowerBound(store)) {
      boolean client = store.completeSteps(Phase.RAMP).stream().anyMatch(StepSummary::clientBound);
      return client ? "lower bound: client-limited" : "lower bound: still growing";
    }
    Optional<RampShape> shape = RampShape.ofPeak(store);
    if (shape.isPresent() && shape.get().plateau() && !interrupted(store)) {
      return PLATEAU + ": " + shape.get().afterPeakWords();
    }
    return null;
  }

  /**
   * {@link #bound} short enough for a chart's annotation: a plateau by its name alone (the headline
   * says where throughput fell); null when the peak is neither a bound nor a plateau.
   */
  public static String chartLabel(StoreRun store) {
    String bound = bound(store);
    return bound != null && bound.startsWith(PLATEAU) ? PLATEAU : bound;
  }

  /** A ramp cut short says so itself ("lower bound: interrupted at step …"), not as a plateau. */
  private static boolean interrupted(StoreRun store) {
    return store.summaries().stream()
        .anyMatch(s -> s.phase() == Phase.RAMP && s.stepStatus() == StepStatus.INTERRUPTED);
  }
}
