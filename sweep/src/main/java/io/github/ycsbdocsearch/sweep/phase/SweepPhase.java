package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.util.List;
import java.util.Optional;

/**
 * A phase of one store's sweep (the ramp, the --rates, the harness floor, the latency curve and
 * capacity search, the soak, the fault): it runs the steps planned for it, in order, and keeps a
 * complete step folder of the same name (a resumed run). What else a phase finds (the search's
 * capacity, soak.json, fault-summary.json) it keeps or writes itself; the store's sweep orders the
 * phases through this one call.
 */
public interface SweepPhase {

  /**
   * Runs the phase's steps.
   *
   * @param steps the steps planned for it, numbered on from the phase before
   * @param total steps of the store's plan, for the progress line
   * @return why the store's sweep must end, when a step ended it
   */
  Optional<PhaseStop> run(List<StepSpec> steps, int total);
}
