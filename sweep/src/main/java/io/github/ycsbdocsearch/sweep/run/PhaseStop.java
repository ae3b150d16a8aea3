package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import java.util.Optional;

/**
 * Why a phase ended the store's whole sweep (an interrupt, a failed step, a lost store). Immutable.
 *
 * @param outcome how the store's sweep ends
 * @param error why, for people and the manifest
 */
record PhaseStop(StoreSweep.Outcome outcome, String error) {

  static PhaseStop interrupted(String why) {
    return new PhaseStop(StoreSweep.Outcome.INTERRUPTED, why);
  }

  static PhaseStop failed(String why) {
    return new PhaseStop(StoreSweep.Outcome.FAILED, why);
  }

  /**
   * Whether a step's result ends the store's sweep; a failed floor step speaks of the client and is
   * only recorded.
   */
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
