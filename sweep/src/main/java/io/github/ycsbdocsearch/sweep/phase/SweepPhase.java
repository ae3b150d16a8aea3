package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.util.List;
import java.util.Optional;

/**
 * A phase of one store's sweep (ramp, --rates, harness floor, curve and search, soak, fault): runs
 * the steps planned for it, keeping a complete step folder of the same name (a resumed run); what
 * else it finds (the capacity, soak.json, fault-summary.json) it keeps or writes itself.
 */
public interface SweepPhase {

  /**
   * @param steps the steps planned for it, numbered on from the phase before
   * @param total steps of the store's plan, for the progress line
   * @return why the store's sweep must end, when a step ended it
   */
  Optional<PhaseStop> run(List<StepSpec> steps, int total);
}
