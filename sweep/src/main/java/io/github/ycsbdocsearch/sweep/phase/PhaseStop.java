package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.sweep.step.StepResult;
import java.util.Optional;

/**
 * Why a phase ended the store's whole sweep (an interrupt, a failed step, a lost store). Immutable.
 *
 * @param error why, for people and the manifest
 */
public record PhaseStop(StoreOutcome outcome, String error) {

  static PhaseStop interrupted(String why) {
    return new PhaseStop(StoreOutcome.INTERRUPTED, why);
  }

  static PhaseStop failed(String why) {
    return new PhaseStop(StoreOutcome.FAILED, why);
  }

  /** Whether a step's result ends the sweep; a failed floor step (the client's) is only noted. */
  static Optional<PhaseStop> of(StepResult r, boolean failureIsData) {
    if (r.status() == StepStatus.INTERRUPTED) {
      return Optional.of(interrupted(r.error()));
    }
    if (r.status() == StepStatus.FAILED
        && r.spec().phase() != Phase.FLOOR
        && (r.storeLost() || !failureIsData || r.summary().isEmpty())) {
      return Optional.of(failed("step " + r.spec().dirName() + " failed: " + r.error()));
    }
    return Optional.empty();
  }
}
