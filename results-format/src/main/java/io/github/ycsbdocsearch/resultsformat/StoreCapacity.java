package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The content of {@code <store>/capacity.json}: what the store can do. Every number may be null: a
 * store whose sweep found no qualifying step still gets this file, and readers must report that,
 * not reject it. Immutable.
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
 * @param maxSustainableIndex the peak step's index (its first name, still written)
 * @param threads the peak step's threads (its first name, still written)
 * @param throughputOps the peak's throughput (its first name, still written)
 * @param capacitySearch how the capacity was found: the estimate, or in runs before it a
 *     bisection's bracket; null when the capacity was the highest passing fraction of the peak
 * @param rampOnly the sweep ran the closed-loop ramp alone and sought no capacity: written (true)
 *     by {@code bin/docsearch migrate} into the files of such runs ({@link RunMigration}), left out
 *     otherwise
 */
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
    Objective slo,
    String capacityReason,
    String reason,
    Integer maxSustainableIndex,
    Integer threads,
    Double throughputOps,
    CapacitySearchRecord capacitySearch,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean rampOnly) {

  /** Version written now, and the only one read ({@link RunMigration} upgrades older files). */
  public static final int FORMAT = 4;

  /**
   * This peak with a capacity under an objective: the file as written now ({@link #FORMAT}), the
   * peak's fields kept.
   *
   * @param search how the capacity was found; null when it came from the fixed steps alone
   */
  public StoreCapacity withCapacity(
      Double capacityOps,
      String capacityStep,
      Objective slo,
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
        search,
        rampOnly);
  }

  /** Whether the capacity is only a lower bound; null when not said (older formats). */
  public Boolean capacityLowerBound() {
    return capacitySearch == null ? null : capacitySearch.lowerBound();
  }

  /** The bracket as {@code [lo, hi]} ops/s text ({@code hi} "open" for a lower bound), or null. */
  public String capacityBracket() {
    if (capacitySearch == null || capacitySearch.lo() == null) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "[%.0f, %s]",
        capacitySearch.lo(),
        capacitySearch.hi() == null ? "open" : Numbers.fixed(capacitySearch.hi(), 0));
  }

  /**
   * Whether the sweep that wrote this file looked for a capacity under an objective: a run that ran
   * the ramp alone ({@link #rampOnly}) says nothing about the store by its missing capacity; any
   * other file without one means the store met no objective.
   */
  public boolean capacitySought() {
    return !rampOnly;
  }

  public boolean isPeakStep(String stepName) {
    return stepName.equals(peakStep);
  }

  /**
   * Reads {@code <storeDir>/capacity.json}, or null when there is none.
   *
   * @throws ResultsFormatException when it is malformed or of an older format (one line naming
   *     {@code bin/docsearch migrate})
   */
  public static StoreCapacity readOptional(Path storeDir) throws ResultsFormatException {
    Path f = storeDir.resolve(RunLayout.CAPACITY);
    if (!Files.isRegularFile(f)) {
      return null;
    }
    StoreCapacity c = Json.read(f, StoreCapacity.class);
    RunMigration.requireFormat(f, c.format(), FORMAT);
    return c;
  }

  /** Writes it into the store folder, atomically. */
  public void writeTo(Path storeDir) {
    AtomicFiles.writeJson(storeDir.resolve(RunLayout.CAPACITY), this);
  }
}
