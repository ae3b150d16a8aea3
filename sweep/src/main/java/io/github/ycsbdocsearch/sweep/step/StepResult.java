package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.common.workload.KeyLayout;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.util.Optional;

/**
 * A finished (or reused) step as the sweep logic sees it. Immutable.
 *
 * @param error why it failed or was interrupted, else null
 * @param summary its summary.json, when its logs could be read (also past the error bound)
 * @param inserts records the step inserted successfully, all clients together (YCSB's {@code
 *     [INSERT], Return=OK} counts)
 * @param storeLost the store stopped answering: a failure, not its limit, even past the error bound
 * @param keysAfter which records exist and where the next step inserts, after this step's inserts;
 *     null when the step inserted nothing into the store the sweep counts (reused steps, tests)
 */
public record StepResult(
    StepSpec spec,
    StepStatus status,
    String error,
    Optional<StepSummary> summary,
    long inserts,
    boolean storeLost,
    KeyLayout keysAfter) {

  /** A result without inserts whose store still answers (reused steps, tests). */
  public StepResult(StepSpec spec, StepStatus status, String error, Optional<StepSummary> summary) {
    this(spec, status, error, summary, 0, false, null);
  }
}
