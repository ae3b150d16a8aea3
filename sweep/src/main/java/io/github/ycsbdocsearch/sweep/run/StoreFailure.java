package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.sweep.phase.StoreOutcome;

/** Ends a store's sweep early with an outcome and a reason. */
final class StoreFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient StoreOutcome outcome;

  StoreFailure(StoreOutcome outcome, String message) {
    super(message);
    this.outcome = outcome;
  }

  StoreOutcome outcome() {
    return outcome;
  }
}
