package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.Saturation;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.plan.Slo;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Capacity bounded by latency: the highest offered rate among the fixed-rate steps (load phase and explicit rates)
 * that was sustained (achieved at least 95 % of its target), whose client was not CPU-bound, that completed, and
 * that met the objective. Unsustained steps are never chosen, however good their latency looks: their backlog was
 * never sent. Stateless.
 */
public final class CapacityFinder {

  private CapacityFinder() {
  }

  /** The capacity step, if any step qualifies. */
  public static Optional<StepSummary> capacity(List<StepSummary> steps, Slo slo) {
    return steps.stream()
        .filter(s -> s.phase() == Phase.LOAD || s.phase() == Phase.RATES)
        .filter(StepSummary::usable)
        .filter(slo::metBy)
        .max(Comparator.comparingLong(StepSummary::targetOps));
  }

  /** The peak file with the capacity fields filled from {@code steps}. */
  public static Saturation withCapacity(Saturation peak, List<StepSummary> steps, Slo slo) {
    Optional<StepSummary> c = capacity(steps, slo);
    long fixed = steps.stream().filter(s -> s.phase() == Phase.LOAD || s.phase() == Phase.RATES).count();
    String why;
    if (c.isPresent()) {
      why = String.format(Locale.ROOT, "capacity: the highest of %d fixed-rate steps that was sustained and met %s",
          fixed, slo.text());
    } else {
      why = fixed == 0 ? "no capacity: no fixed-rate step ran" : String.format(Locale.ROOT, "no capacity: none of %d "
          + "fixed-rate steps was complete, sustained, not client-bound and within %s", fixed, slo.text());
    }
    return new Saturation(Saturation.FORMAT, peak.store(), peak.peakOps(), peak.peakStep(), peak.peakThreads(),
        peak.peakCi95(), peak.peakLowerBound(), c.map(s -> (double) s.targetOps()).orElse(null),
        c.map(StepSummary::step).orElse(null), slo.text(), why, peak.reason(), peak.maxSustainableIndex(),
        peak.threads(), peak.throughputOps());
  }
}
