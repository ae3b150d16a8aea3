package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * How {@code capacity_ops} was found (capacity.json {@code capacity_search}). Since format 4: one
 * estimate from every fixed-rate window the store decided, with its 95 % interval, the model that
 * gave it, the store's background cycles and every window. Format 3 files (a bisection's bracket)
 * read into the same record: there {@code lo}/{@code hi} are the bracket, {@code confidence} its
 * decisions' confidence and the format-4 fields null. Immutable.
 *
 * @param lo the 95 % interval's low end, ops/s (0: open below); format 3: the bracket's low end
 * @param hi its high end, ops/s; null when open above (or nothing failed, format 3)
 * @param lowerBound the capacity is only a lower bound (every rate measured met the objective, up
 *     to the search's ceiling, to what the client could offer, or to where the budget ended)
 * @param converged the interval's half-width came within the target (format 3: the bracket did and
 *     its low end was confirmed)
 * @param confidence format 3 only: the least confidence of the bracket's decisions; null now
 * @param resolution the target: the interval's half-width as a share of the capacity (format 3: the
 *     bracket's relative width)
 * @param reason how it ended, for people
 * @param probes every fixed-rate window, in the order they ran: the latency curve's, then the
 *     search's
 * @param ending how it ended: {@code estimate}, {@code lower_bound_top}, {@code
 *     lower_bound_client}, {@code lower_bound_budget}, {@code below_range} or {@code none}; null in
 *     format 3
 * @param halfWidth the interval's half-width as a share of the capacity; null when open or none
 * @param budgetS measured seconds the probes after the curve could take
 * @param budgetUsedS measured seconds they took
 * @param method the estimator, in words
 * @param model the fitted model the report draws; null without one
 * @param cycles the store's background work, slowest first, and how much of it the deciding windows
 *     held
 * @param clientLimit the client's reason, when client-limited windows capped the search; null
 *     otherwise
 */
@JsonPropertyOrder({
  "lo",
  "hi",
  "lower_bound",
  "converged",
  "confidence",
  "resolution",
  "reason",
  "ending",
  "half_width",
  "budget_s",
  "budget_used_s",
  "method",
  "model",
  "cycles",
  "client_limit",
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
    List<Probe> probes,
    String ending,
    Double halfWidth,
    Double budgetS,
    Double budgetUsedS,
    String method,
    Model model,
    List<Cycle> cycles,
    String clientLimit) {

  public CapacitySearchRecord {
    probes = probes == null ? List.of() : List.copyOf(probes);
    cycles = cycles == null ? List.of() : List.copyOf(cycles);
  }

  /** The {@link #ending} of an estimate whose crossing lies inside the rates measured. */
  public static final String ESTIMATE = "estimate";

  /** The {@link #ending} of a lower bound set by the client. */
  public static final String LOWER_BOUND_CLIENT = "lower_bound_client";

  /**
   * One fixed-rate window. Immutable.
   *
   * @param step its step folder
   * @param rateOps offered rate, ops/s
   * @param reason why it ran: {@code curve}, {@code bound_up}, {@code bound_down}, {@code narrow}
   *     (format 3: curve, bound_up, bound_down, bisect, extend, confirm)
   * @param outcome {@code pass} or {@code fail}: the window's own share over the bound against the
   *     allowance (for people; the estimate pools every window), or {@code client_limited} (left
   *     out of the estimate); format 3: the probe's decision
   * @param confidence format 3: the decision's confidence; null now
   * @param dispersion format 3: the burst floor its test used; null now
   * @param seconds the measured window, s (null in format 3)
   * @param op the operation with the largest share over the bound
   * @param requests that operation's requests in the window (unsent ones included)
   * @param over of those, over the bound
   * @param weight how much the window informed the local model at the estimate (kernel weight, 0-1;
   *     0 also for a client-limited window)
   * @param clientLimit why the client decided it; null when the store did
   */
  @JsonPropertyOrder({
    "step",
    "rate_ops",
    "reason",
    "outcome",
    "confidence",
    "dispersion",
    "seconds",
    "op",
    "requests",
    "over",
    "weight",
    "client_limit"
  })
  public record Probe(
      String step,
      long rateOps,
      String reason,
      String outcome,
      Double confidence,
      Double dispersion,
      Double seconds,
      String op,
      Long requests,
      Long over,
      Double weight,
      String clientLimit) {

    /** The window's share over the bound; null when not recorded (format 3). */
    public Double share() {
      return requests == null || over == null || requests == 0 ? null : (double) over / requests;
    }
  }

  /**
   * The local model at the estimate: {@code share = 1 / (1 + exp(-(intercept + slope * x)))} with
   * {@code x = ln(rate / center_ops)}, fitted with a kernel of half-width {@code bandwidth} in
   * ln(rate). Immutable.
   *
   * @param op the operation it describes (the one whose crossing is the capacity)
   * @param centerOps the kernel's centre, ops/s
   * @param bandwidth the kernel's half-width, in ln(rate)
   * @param intercept the line's intercept at the centre (logit of the share)
   * @param slope its slope per unit of ln(rate)
   * @param allowance the share allowed over the bound (1 - percentile)
   * @param blocks blocks the bootstrap drew from
   * @param blockS their least length, s
   * @param replicates bootstrap replicates
   */
  @JsonPropertyOrder({
    "op",
    "center_ops",
    "bandwidth",
    "intercept",
    "slope",
    "allowance",
    "blocks",
    "block_s",
    "replicates"
  })
  public record Model(
      String op,
      double centerOps,
      double bandwidth,
      double intercept,
      double slope,
      double allowance,
      int blocks,
      double blockS,
      int replicates) {

    /** The model's share over the bound at {@code rate}. */
    public double shareAt(double rate) {
      double z = intercept + slope * Math.log(rate / centerOps);
      return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
    }
  }

  /**
   * One kind of background work. Immutable.
   *
   * @param kind what it was ({@code aof_rewrite}, {@code wt_checkpoint}, ...)
   * @param periodS seconds from one to the next, on average
   * @param events how many the store's sampled steps recorded
   * @param inside how many fell inside the windows that decided the estimate
   * @param covered the deciding windows were, together, at least two of its cycles long
   */
  @JsonPropertyOrder({"kind", "period_s", "events", "inside", "covered"})
  public record Cycle(String kind, double periodS, int events, int inside, boolean covered) {}
}
