package io.github.ycsbdocsearch.report;

/**
 * The fields of a step's {@code step.json} (docs/results-format.md). Immutable, thread-safe.
 *
 * @param format     file format version (1)
 * @param store      store name, e.g. {@code mongodb}
 * @param workload   workload name
 * @param index      step number within the store's sweep
 * @param threads    YCSB client threads
 * @param targetOps  target rate in ops/s; 0 means unthrottled
 * @param warmupS    seconds at the start of each log that are excluded
 * @param durationS  planned step duration in seconds
 * @param status     {@code complete}, {@code failed} or {@code interrupted}
 * @param startedUtc UTC start, ISO-8601
 * @param endedUtc   UTC end, ISO-8601 (may be empty)
 * @param exitCode   YCSB's exit code (-1 when unknown)
 * @param error      why the step failed, or null
 */
public record StepInfo(int format, String store, String workload, int index, int threads, long targetOps,
    double warmupS, double durationS, String status, String startedUtc, String endedUtc, int exitCode,
    String error) {

  /** The status of a step that ran to its end. */
  public static final String STATUS_COMPLETE = "complete";

  /** Whether the step ran to its end. */
  public boolean complete() {
    return STATUS_COMPLETE.equals(status);
  }

  /** Whether the step ran at a fixed target rate (latency from the intended start is then meaningful). */
  public boolean fixedRate() {
    return targetOps > 0;
  }
}
