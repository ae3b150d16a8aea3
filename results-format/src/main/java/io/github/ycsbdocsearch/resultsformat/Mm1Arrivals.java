package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The simulated M/M/1 store's {@code mm1-arrivals.json} ({@link RunLayout#MM1_ARRIVALS}): how well
 * the gaps between the requests its server saw fit an exponential, the pacing fidelity behind the
 * known answer; and how late the host woke the requests its server had completed (the server's own
 * fidelity: it parks each request until its completion, so a contended CPU delays them, and then
 * the store measured is M/M/1 plus the host's wake-up delays, whose capacity is not the known
 * answer's). Written once by the lab's {@code Mm1DB} in the YCSB process of a paced step, read by
 * results-format's {@code analysis.StepTable} ({@code bin/docsearch step-rows}); this record is the
 * one type of the file on both sides. Immutable.
 *
 * @param gaps gaps between consecutive arrivals at the server, whole step
 * @param meanGapUs their mean, µs
 * @param cv their coefficient of variation (1 for a Poisson stream)
 * @param ksD Kolmogorov-Smirnov distance to the exponential of the same mean
 * @param stephens Stephens' modified statistic (mean estimated)
 * @param stephensCritical5pct its 5 % critical value
 * @param exponentialRejected whether {@code stephens} exceeds it
 * @param completions requests the server completed, whole step; null in older files
 * @param completionLateP99Us p99 of how long after its completion each request was woken, µs; null
 *     in older files
 * @param completionLateMaxUs the most, µs; null in older files
 * @param serviceRate the server's μ, completions per second; null in older files
 * @param hostDelay how long the host held each request beyond the server's own time: its send lag
 *     (sent after its intended start) plus its wake lateness (woken after its completion), in
 *     logarithmic buckets; the client measures the server's sojourn plus this, so the capacity the
 *     client can see is M/M/1's with these delays added ({@code analysis.Mm1HostTruth}). Null in
 *     older files
 */
public record Mm1Arrivals(
    long gaps,
    double meanGapUs,
    double cv,
    double ksD,
    double stephens,
    // Snake case would give stephens_critical5pct: the digit takes no underscore of its own.
    @JsonProperty("stephens_critical_5pct") double stephensCritical5pct,
    boolean exponentialRejected,
    Long completions,
    Long completionLateP99Us,
    Long completionLateMaxUs,
    Double serviceRate,
    List<DelayBucket> hostDelay) {

  /**
   * Requests whose delay was above the previous bucket's {@code upToUs} and at most this one's.
   *
   * @param upToUs the bucket's upper end, µs
   * @param count requests in it
   */
  public record DelayBucket(long upToUs, long count) {}
}
