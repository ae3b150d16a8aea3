package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * How a fixed-rate step offered its load and what it was judged against (step.json {@code
 * open_loop}): one arrival schedule shared by all client threads, and the latency objective.
 * Immutable.
 *
 * @param arrivals the arrival process: {@code poisson} (exponential gaps) or {@code uniform}, one
 *     schedule shared by all threads; {@code per-thread} for a workload class that is not the
 *     suite's (YCSB's {@code -target}: each thread its own periodic schedule)
 * @param lagThresholdUs a send later than this after its arrival is late; a send-lag p99 above it
 *     with threads free means the client limited the step
 * @param slo the objective, e.g. {@code p99<=10ms}; written also as its percentile ({@code
 *     slo_percentile}, a fraction) and bound ({@code slo_bound_us}), which are read from the text
 * @param rampS seconds at the schedule's start over which the rate rises linearly from 0 to the
 *     step's rate, inside the warm-up (0: none; absent in results written before it existed)
 */
@JsonPropertyOrder({
  "arrivals",
  "seed",
  "lag_threshold_us",
  "slo",
  "slo_percentile",
  "slo_bound_us",
  "ramp_s"
})
public record OpenLoop(
    String arrivals, long seed, long lagThresholdUs, Objective slo, double rampS) {

  /** YCSB's own pacing: each thread keeps its own periodic schedule ({@code -target}). */
  public static final String PER_THREAD = "per-thread";

  /** Whether all threads share one schedule (else YCSB's {@code -target} paces). */
  public boolean shared() {
    return !PER_THREAD.equals(arrivals);
  }

  /** The objective's percentile as a fraction, written for readers of the file alone. */
  @JsonProperty(value = "slo_percentile", access = JsonProperty.Access.READ_ONLY)
  private double sloPercentile() {
    return slo.fraction();
  }

  /** The objective's bound, microseconds, written for readers of the file alone. */
  @JsonProperty(value = "slo_bound_us", access = JsonProperty.Access.READ_ONLY)
  private long sloBoundUs() {
    return slo.boundUs();
  }
}
