package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The content of a baseline's {@code noise.json} (format 2), written by {@link BaselineBuilder} and
 * read by {@link NoiseModel} through the results format's mapper: {@code noise.<store>.<workload>}
 * holds the spread of the headline numbers and, per step ({@link StepKey#label()}) and latency
 * metric, the spread of that step. Immutable.
 *
 * @param format {@link #FORMAT}
 * @param createdUtc when it was made
 * @param minRuns fewest runs a spread was measured from
 * @param floors smallest thresholds, by metric family
 * @param method how compare turns a spread into a threshold, in words
 * @param light whether the baseline copy left out raw HDR logs
 * @param runs the repeated runs it was measured from
 * @param noise store -> workload -> spreads
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NoiseFile(
    int format,
    String createdUtc,
    int minRuns,
    Map<String, Double> floors,
    String method,
    boolean light,
    List<String> runs,
    Map<String, Map<String, StoreNoise>> noise) {

  /** Version written now. Format 1 (one spread per metric for all steps) is still read. */
  public static final int FORMAT = 2;

  /**
   * One store's spreads in one workload.
   *
   * @param capacityOps spread of capacity_ops, or null when fewer than the minimum runs had one
   * @param peakOps spread of peak_ops, or null likewise
   * @param steps step label -> latency metric -> spread
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record StoreNoise(
      Spread capacityOps, Spread peakOps, Map<String, Map<String, Spread>> steps) {}

  /**
   * One metric's spread over the repeated runs.
   *
   * @param cv coefficient of variation: sample standard deviation / mean
   * @param runs how many runs had the metric
   * @param mean its mean over those runs
   */
  public record Spread(double cv, int runs, double mean) {}
}
