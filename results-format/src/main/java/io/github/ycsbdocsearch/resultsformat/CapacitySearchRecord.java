package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * How {@code capacity_ops} was found (saturation.json {@code capacity_search}): the converging
 * search's final bracket, whether it converged, the confidence of the decisions at its two ends,
 * and every probe. Immutable.
 *
 * @param lo the bracket's low end = the capacity, ops/s; null when no probe passed
 * @param hi the bracket's high end (the lowest rate that failed), null when none failed: a lower
 *     bound
 * @param lowerBound the capacity is only a lower bound (top of the range passed, or the client
 *     limited it)
 * @param converged hi / lo - 1 is within the resolution and the low end was confirmed by a second
 *     probe
 * @param confidence the least confidence (1 - p-value) of the exceedance decisions at lo and hi,
 *     null if unknown
 * @param resolution the relative bracket width the search aimed at
 * @param probes the latency curve's points and the search's probes, in the order they ran
 */
@JsonPropertyOrder({
  "lo",
  "hi",
  "lower_bound",
  "converged",
  "confidence",
  "resolution",
  "reason",
  "probes"
})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record CapacitySearchRecord(
    Double lo,
    Double hi,
    boolean lowerBound,
    boolean converged,
    Double confidence,
    double resolution,
    String reason,
    List<Probe> probes) {

  public CapacitySearchRecord {
    probes = probes == null ? List.of() : List.copyOf(probes);
  }

  /**
   * One probe. Immutable.
   *
   * @param step its step folder
   * @param rateOps offered rate, ops/s
   * @param reason {@code curve}, or why the search asked for it: bound_up, bound_down, bisect,
   *     extend, confirm
   * @param outcome pass, fail, inconclusive or client_limited
   * @param confidence confidence of a pass or fail (1 - p-value of the exceedance test), null when
   *     none applies
   * @param dispersion the burst floor the test used: every operation's requests counted as at least
   *     this clustered (the largest dispersion of the store's steps so far that were not
   *     overloaded; 1 = independent); null in files written before it was recorded
   */
  @JsonPropertyOrder({"step", "rate_ops", "reason", "outcome", "confidence", "dispersion"})
  public record Probe(
      String step,
      long rateOps,
      String reason,
      String outcome,
      Double confidence,
      Double dispersion) {}
}
