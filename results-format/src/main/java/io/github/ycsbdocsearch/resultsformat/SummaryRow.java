package io.github.ycsbdocsearch.resultsformat;

import java.util.Locale;
import java.util.OptionalLong;

/**
 * One row of {@code summary.csv}, {@code summary.json} and a step's own {@code summary.json}: one
 * store x step x operation x latency kind x request set, warm-up excluded (docs/results-format.md).
 * Percentiles the sample count cannot support are null ({@link Percentile}). Fields added after the
 * first format-2 files come last and are nullable, so summaries written before them still read (as
 * null). Immutable, thread-safe.
 *
 * @param throughputOps the step's throughput (workload operations that succeeded, per window
 *     second)
 * @param count records of this operation and request set (late completions after the stop included)
 * @param errors failed records of this operation
 * @param latencyKind {@code service} or {@code intended} (intended only for fixed-rate steps)
 * @param requests {@code ok}: successes only; {@code all}: successes and failures together
 * @param partCount how many of {@code count} were parts of a composed operation (the READ and
 *     UPDATE inside a READ-MODIFY-WRITE, the UPDATE of a FRESHNESS): not counted again in the
 *     step's throughput
 * @param rateSustained fixed-rate steps: whether the achieved rate reached 95 % of the target; null
 *     otherwise
 * @param supportedUpTo the label of the highest reported percentile {@code count} supports (e.g.
 *     {@code p99.9}); null when it supports none (fewer than 5 samples, or none)
 * @param p99Ub95Us the one-sided 95 % upper confidence bound of the p99 ({@link PercentileBound}):
 *     the true p99 is at most this with 95 % confidence; null when the count does not support the
 *     p99
 * @param usable the step's recorded verdict ({@link StepSummary#usable()}), repeated on each of its
 *     rows as its status is
 * @param unusableReason why the step is not usable; null when it is
 */
public record SummaryRow(
    String store,
    String workload,
    int threads,
    long targetOps,
    double throughputOps,
    String op,
    long count,
    long errors,
    Long p50Us,
    Long p90Us,
    Long p99Us,
    Long p999Us,
    Long p9999Us,
    Long maxUs,
    String latencyKind,
    int step,
    Long minUs,
    Double meanUs,
    Double stddevUs,
    double durationS,
    String stepDir,
    Phase phase,
    Double offeredFraction,
    StepStatus stepStatus,
    Boolean rateSustained,
    String requests,
    long partCount,
    boolean clientBound,
    Double clientCpuCores,
    String supportedUpTo,
    Long p99Ub95Us,
    boolean usable,
    String unusableReason) {

  /** Value of {@link #requests()} for the successes-only row. */
  public static final String OK = "ok";

  /** Value of {@link #requests()} for the row of successes and failures together. */
  public static final String ALL = "all";

  /** The value at a percentile, or empty when the sample count did not support it. */
  public OptionalLong percentile(Percentile p) {
    Long v =
        switch (p) {
          case P50 -> p50Us;
          case P90 -> p90Us;
          case P99 -> p99Us;
          case P999 -> p999Us;
          case P9999 -> p9999Us;
        };
    return v == null ? OptionalLong.empty() : OptionalLong.of(v);
  }

  public LatencyKind kind() {
    return LatencyKind.valueOf(latencyKind.toUpperCase(Locale.ROOT));
  }

  public boolean successesOnly() {
    return OK.equals(requests);
  }
}
