package io.github.ycsbdocsearch.sweep.report;

import java.util.Locale;
import java.util.OptionalLong;

/**
 * The few numbers of a finished step that steer the sweep (saturation, bounds, progress), warm-up excluded.
 * Immutable.
 *
 * @param throughputOps   successful operations per measured second
 * @param operations      successful operations
 * @param errors          failed operations ({@code <OP>-FAILED})
 * @param measuredSeconds length of the measured window
 * @param worstP99Us      highest p99 over the operations (intended latency in fixed-rate steps), when the sample
 *                        counts support a p99
 * @param worstOp         the operation with that p99 (empty string when none)
 */
public record StepMetrics(double throughputOps, long operations, long errors, double measuredSeconds,
                          OptionalLong worstP99Us, String worstOp) {

  /** Failed share of all operations, 0 when nothing ran. */
  public double errorFraction() {
    long all = operations + errors;
    return all == 0 ? 0.0 : (double) errors / all;
  }

  /** One-line human summary: {@code 8123 ops/s, p99 1.24 ms (READ), 0 errors}. */
  public String describe() {
    String p99 = worstP99Us.isPresent()
        ? String.format(Locale.ROOT, ", p99 %.2f ms (%s)", worstP99Us.getAsLong() / 1000.0, worstOp) : "";
    return String.format(Locale.ROOT, "%.0f ops/s%s, %d errors", throughputOps, p99, errors);
  }
}
