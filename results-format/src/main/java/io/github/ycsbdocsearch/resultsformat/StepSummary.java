package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What one step measured, warm-up excluded: the content of the step's own {@code summary.json},
 * written once by the runner when the step ends; the peak, capacity, resume, the report and compare
 * all read this, none of them re-reads the HDR logs to decide anything. Immutable, thread-safe.
 *
 * @param format version of this layout ({@link #FORMAT})
 * @param step the step folder's name, e.g. {@code 07-t16-r4500}
 * @param offeredFraction load phase: offered rate / the ramp's peak
 * @param error why it failed or was interrupted, else null
 * @param rateSustained fixed-rate steps: achieved >= {@link #SUSTAINED_SHARE} of the target; null
 *     otherwise
 * @param achievedPct fixed-rate steps: throughput as a percentage of the target; null otherwise
 * @param clientBound the client used more than {@link #CLIENT_BOUND_SHARE} of its CPUs: the step
 *     measured the client as much as the store, so it never counts as the store's peak or capacity
 * @param windowS length of the measured window, seconds (ends at the requested stop)
 * @param throughputOps workload operations that succeeded in the window, per second (composed
 *     operations once)
 * @param throughputCi95 95 % confidence interval of the throughput by batch means over the rates of
 *     the window's intervals ({@link Statistics#batchMeansCi95}), or null when it has fewer than 6
 * @param operations workload operations that succeeded in the window (parts of composed ones not
 *     counted)
 * @param errors workload operations that failed in the window
 * @param rows per operation, latency kind and request set
 * @param clientJitCpuCores the client's JIT compiler threads over the window, cores (left out of
 *     the client's CPU)
 * @param clientLimit why the client limited the step (CPU, or late sends with threads free); null
 *     when it did not. A limited step has {@code clientBound} true and never stands for the store
 * @param pacing fixed-rate steps: what the shared arrival schedule did (sent, unsent, send lag)
 * @param objective fixed-rate steps: the latency objective's exceedance test, per operation
 * @param usable whether this step's numbers may stand for the store ({@link StepVerdict}, decided
 *     when the summary was made): complete, not client-bound, and sustained if throttled
 * @param unusableReason why not ({@link StepVerdict}'s reasons); null when usable
 */
public record StepSummary(
    int format,
    String store,
    String workload,
    String step,
    int index,
    Phase phase,
    Double offeredFraction,
    int threads,
    long targetOps,
    StepStatus stepStatus,
    String error,
    boolean usable,
    String unusableReason,
    Boolean rateSustained,
    Double achievedPct,
    boolean clientBound,
    Double clientCpuCores,
    Integer clientCpus,
    Double serverCpuCores,
    String serverCpuSource,
    double windowS,
    double throughputOps,
    List<Double> throughputCi95,
    long operations,
    long errors,
    Double clientJitCpuCores,
    String clientLimit,
    Pacing pacing,
    ObjectiveVerdict objective,
    List<SummaryRow> rows) {

  /**
   * Version of the step summary layout, and the only one read: 4 records the step's verdict ({@code
   * usable}, {@code unusable_reason}); {@link RunMigration} fills it into older files.
   */
  public static final int FORMAT = 4;

  /** A fixed-rate step is sustained when it achieved at least this share of its target. */
  public static final double SUSTAINED_SHARE = 0.95;

  /** ... and sent all but this share of the requests its schedule made due. */
  public static final double UNSENT_SHARE = 0.01;

  /** A step is client-bound when the client used more than this share of the CPUs it may use. */
  public static final double CLIENT_BOUND_SHARE = 0.90;

  public StepSummary {
    rows = List.copyOf(rows);
    throughputCi95 = throughputCi95 == null ? null : List.copyOf(throughputCi95);
  }

  /**
   * What the client paid per workload operation (summary.json {@code client_cpu_us_per_op}): its
   * CPU over the window (JIT compiler left out; with several clients, all of them) per operation
   * the window completed, successes and failures, µs; null when the CPU is not known or nothing
   * completed. What one client core can drive of this store is about a million over it.
   */
  @JsonProperty("client_cpu_us_per_op")
  public Double clientCpuUsPerOp() {
    long done = operations + errors;
    if (clientCpuCores == null || done == 0 || !(windowS > 0)) {
      return null;
    }
    return Math.round(clientCpuCores * windowS * 1e7 / done) / 10.0;
  }

  public boolean complete() {
    return stepStatus == StepStatus.COMPLETE;
  }

  public boolean fixedRate() {
    return targetOps > 0;
  }

  /** Failed share of the workload's operations, 0 when nothing ran. */
  public double errorFraction() {
    long all = operations + errors;
    return all == 0 ? 0.0 : (double) errors / all;
  }

  /** The row of an operation, latency kind and request set. */
  public Optional<SummaryRow> row(String op, LatencyKind kind, String requests) {
    return rows.stream()
        .filter(r -> r.op().equals(op) && r.kind() == kind && r.requests().equals(requests))
        .findFirst();
  }

  /** The distinct operations, in row order. */
  public List<String> operationNames() {
    return rows.stream().map(SummaryRow::op).distinct().toList();
  }

  /**
   * The latency a decision reads: intended latency in fixed-rate steps (what a user waiting on a
   * request sees), service time in closed-loop steps; all requests, so failures count against an
   * objective.
   */
  public LatencyKind decisionKind() {
    return fixedRate() ? LatencyKind.INTENDED : LatencyKind.SERVICE;
  }

  /** The highest {@code p} over the operations (decision latency, all requests), with its op. */
  public Optional<Worst> worst(Percentile p) {
    return rows.stream()
        .filter(
            r ->
                r.kind() == decisionKind()
                    && SummaryRow.ALL.equals(r.requests())
                    && r.percentile(p).isPresent())
        .max(Comparator.comparingLong(r -> r.percentile(p).getAsLong()))
        .map(r -> new Worst(r.op(), r.percentile(p).getAsLong()));
  }

  /** An operation and its latency at some percentile. */
  public record Worst(String op, long us) {}

  /** The worst p99 as an OptionalLong (for bounds). */
  public OptionalLong worstP99Us() {
    return worst(Percentile.P99).map(w -> OptionalLong.of(w.us())).orElse(OptionalLong.empty());
  }

  /**
   * Reads a step folder's {@code summary.json}.
   *
   * @throws ResultsFormatException when it is missing, malformed or of another format (an older one
   *     is upgraded by {@code bin/docsearch migrate})
   */
  public static StepSummary read(Path stepDir) throws ResultsFormatException {
    Path file = stepDir.resolve(RunLayout.STEP_SUMMARY);
    StepSummary s = Json.read(file, StepSummary.class);
    RunMigration.requireFormat(file, s.format(), FORMAT);
    return s;
  }

  /** Writes it into the step folder, atomically. */
  public void writeTo(Path stepDir) {
    AtomicFiles.writeJson(stepDir.resolve(RunLayout.STEP_SUMMARY), this);
  }
}
