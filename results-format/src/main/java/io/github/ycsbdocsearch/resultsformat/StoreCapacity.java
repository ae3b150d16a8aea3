package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The content of {@code <store>/capacity.json}: what the store can do. Every number may be null: a
 * store whose sweep found no qualifying step still gets this file, and readers must report that,
 * not reject it. Format 1 files have only the last three fields (the closed-loop peak); they read
 * with the rest null. Immutable.
 *
 * @param peakOps the closed-loop ramp's peak, ops/s (an upper bound, not a sustainable rate)
 * @param peakStep the step folder of the peak
 * @param peakThreads its client threads
 * @param peakCi95 95 % confidence interval of the peak step's throughput
 * @param peakLowerBound the ramp ended at its largest thread count still growing: the peak is a
 *     lower bound
 * @param capacityOps the capacity, ops/s: the search's estimate from every fixed-rate window (the
 *     rate whose long-run share over the bound equals the objective's allowance), or a lower bound;
 *     in runs with fixed rates only, the highest rate that was sustained and met the objective
 * @param capacityStep the step folder that set it
 * @param slo the objective, e.g. {@code p99<=10ms} (intended latency, all requests, every
 *     operation)
 * @param capacityReason how the capacity was found, or why there is none
 * @param reason why the closed-loop ramp ended
 * @param maxSustainableIndex format 1 name: the peak step's index
 * @param threads format 1 name: the peak step's threads
 * @param throughputOps format 1 name: the peak's throughput
 * @param capacitySearch how the capacity was found (format 3): bracket, convergence, confidence,
 *     probes; null in older files, whose capacity was the highest passing fraction of the peak
 */
@JsonPropertyOrder({
  "format",
  "store",
  "peak_ops",
  "peak_step",
  "peak_threads",
  "peak_ci95",
  "peak_lower_bound",
  "capacity_ops",
  "capacity_step",
  "slo",
  "capacity_reason",
  "reason",
  "max_sustainable_index",
  "threads",
  "throughput_ops",
  "capacity_search"
})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record StoreCapacity(
    Integer format,
    String store,
    Double peakOps,
    String peakStep,
    Integer peakThreads,
    List<Double> peakCi95,
    Boolean peakLowerBound,
    Double capacityOps,
    String capacityStep,
    String slo,
    String capacityReason,
    String reason,
    Integer maxSustainableIndex,
    Integer threads,
    Double throughputOps,
    CapacitySearchRecord capacitySearch) {

  /** Version written now. */
  public static final int FORMAT = 4;

  /** Without a capacity search record (the peak alone, format-2 files). */
  public StoreCapacity(
      Integer format,
      String store,
      Double peakOps,
      String peakStep,
      Integer peakThreads,
      List<Double> peakCi95,
      Boolean peakLowerBound,
      Double capacityOps,
      String capacityStep,
      String slo,
      String capacityReason,
      String reason,
      Integer maxSustainableIndex,
      Integer threads,
      Double throughputOps) {
    this(
        format,
        store,
        peakOps,
        peakStep,
        peakThreads,
        peakCi95,
        peakLowerBound,
        capacityOps,
        capacityStep,
        slo,
        capacityReason,
        reason,
        maxSustainableIndex,
        threads,
        throughputOps,
        null);
  }

  /**
   * This peak with a capacity under an objective: the file as written now ({@link #FORMAT}), the
   * peak's fields kept.
   *
   * @param search how the capacity was found; null when it came from the fixed steps alone
   */
  public StoreCapacity withCapacity(
      Double capacityOps,
      String capacityStep,
      String slo,
      String capacityReason,
      CapacitySearchRecord search) {
    return new StoreCapacity(
        FORMAT,
        store,
        peakOps,
        peakStep,
        peakThreads,
        peakCi95,
        peakLowerBound,
        capacityOps,
        capacityStep,
        slo,
        capacityReason,
        reason,
        maxSustainableIndex,
        threads,
        throughputOps,
        search);
  }

  /**
   * Whether the capacity is only a lower bound; null when the file does not say (older formats).
   */
  @JsonIgnore
  public Boolean capacityLowerBound() {
    return capacitySearch == null ? null : capacitySearch.lowerBound();
  }

  /**
   * The capacity's bracket as {@code [lo, hi]} ops/s text ({@code hi} "open" for a lower bound), or
   * null.
   */
  @JsonIgnore
  public String capacityBracket() {
    if (capacitySearch == null || capacitySearch.lo() == null) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "[%.0f, %s]",
        capacitySearch.lo(),
        capacitySearch.hi() == null
            ? "open"
            : String.format(Locale.ROOT, "%.0f", capacitySearch.hi()));
  }

  /** The closed-loop peak, also from a format-1 file (where it was called throughput_ops). */
  public Double peak() {
    return peakOps != null ? peakOps : throughputOps;
  }

  /**
   * Whether the sweep that wrote this file looked for a capacity under an objective: every file
   * from format 2 on. A format-1 file holds the closed-loop peak alone, so its missing capacity
   * says nothing about the store; a later file without one means the store met no objective.
   */
  @JsonIgnore
  public boolean capacitySought() {
    return format != null && format >= 2;
  }

  /**
   * The peak's step as a reader names it: its folder ({@code peak_step}); a format-1 file, which
   * named no folder, by its thread count ({@code t8}); null when neither is known.
   */
  @JsonIgnore
  public String peakStepLabel() {
    return peakStep != null ? peakStep : threads != null ? "t" + threads : null;
  }

  /**
   * Whether a step is the peak this file names: by its folder, or in a format-1 file (which named
   * no folder) by its index.
   */
  public boolean isPeakStep(String stepName, int index) {
    return peakStep != null
        ? peakStep.equals(stepName)
        : maxSustainableIndex != null && maxSustainableIndex == index;
  }

  /** Reads {@code <storeDir>/capacity.json}, or null when there is none. */
  public static StoreCapacity readOptional(Path storeDir) throws ResultsFormatException {
    Path f = storeDir.resolve(RunLayout.CAPACITY);
    return Files.isRegularFile(f) ? Json.read(f, StoreCapacity.class) : null;
  }

  /** Writes it into the store folder, atomically. */
  public void writeTo(Path storeDir) {
    AtomicFiles.writeJson(storeDir.resolve(RunLayout.CAPACITY), this);
  }
}
