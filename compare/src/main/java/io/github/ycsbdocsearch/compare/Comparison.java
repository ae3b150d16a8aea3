package io.github.ycsbdocsearch.compare;

import java.util.List;

/**
 * Everything one comparison found, ready for the output formats: per-metric changes with their thresholds and
 * verdicts, the new run's verification state, and the problems that are not metric changes (a store missing from the
 * new run) or that only deserve a note (a step only one side ran).
 *
 * <p>Immutable (lists are copied), safe to share between threads.
 *
 * @param baseline what was compared against
 * @param current the new results
 * @param noise where the thresholds came from
 * @param throughput maximum sustainable throughput per workload x store
 * @param latency latency percentile per workload x store x op x kind x step x percentile
 * @param errors error-rate changes, only for op x step where either side had errors
 * @param verification verification state of the new run's search stores
 * @param failures problems that fail the comparison but are not metric changes
 * @param warnings things worth reading that do not fail it
 */
public record Comparison(ResultsSet baseline, ResultsSet current, NoiseModel noise, List<ThroughputChange> throughput,
    List<LatencyChange> latency, List<ErrorChange> errors, List<VerificationCheck> verification,
    List<String> failures, List<String> warnings) {

  /** Exit code when nothing regressed. */
  public static final int EXIT_OK = 0;
  /** Exit code on a regression or a verification failure. */
  public static final int EXIT_REGRESSION = 1;
  /** Exit code when the inputs cannot be compared. */
  public static final int EXIT_BAD_INPUT = 2;

  /** Copies every list. */
  public Comparison {
    throughput = List.copyOf(throughput);
    latency = List.copyOf(latency);
    errors = List.copyOf(errors);
    verification = List.copyOf(verification);
    failures = List.copyOf(failures);
    warnings = List.copyOf(warnings);
  }

  /** @return how many metric changes are regressions */
  public long regressions() {
    return throughput.stream().filter(c -> c.verdict() == Verdict.REGRESSION).count()
        + latency.stream().filter(c -> c.verdict() == Verdict.REGRESSION).count()
        + errors.stream().filter(c -> c.verdict() == Verdict.REGRESSION).count();
  }

  /** @return how many metric changes are improvements */
  public long improvements() {
    return throughput.stream().filter(c -> c.verdict() == Verdict.IMPROVEMENT).count()
        + latency.stream().filter(c -> c.verdict() == Verdict.IMPROVEMENT).count()
        + errors.stream().filter(c -> c.verdict() == Verdict.IMPROVEMENT).count();
  }

  /** @return how many search stores did not prove identical answers */
  public long verificationFailures() {
    return verification.stream().filter(v -> !v.passed()).count();
  }

  /** @return true when any metric threshold was a default rather than measured */
  public boolean usedDefaultThresholds() {
    return throughput.stream().anyMatch(c -> c.threshold().isDefault())
        || latency.stream().anyMatch(c -> c.threshold().isDefault());
  }

  /** @return {@link #EXIT_REGRESSION} on any regression, verification failure or failure, else {@link #EXIT_OK} */
  public int exitCode() {
    return regressions() > 0 || verificationFailures() > 0 || !failures.isEmpty() ? EXIT_REGRESSION : EXIT_OK;
  }

  /** @return one line: the verdict, its counts and the exit code */
  public String verdictLine() {
    String head = exitCode() == EXIT_OK ? "OK" : "FAIL";
    return "VERDICT: " + head + " - " + regressions() + " regression(s), " + verificationFailures()
        + " verification failure(s), " + failures.size() + " other failure(s), " + improvements()
        + " improvement(s) (exit " + exitCode() + ")";
  }

  /**
   * A store's maximum sustainable throughput, before and after.
   *
   * @param workload workload
   * @param store store
   * @param baseThreads threads of the baseline's saturation step (0 when unknown)
   * @param newThreads threads of the new run's saturation step (0 when unknown)
   * @param base baseline ops/s
   * @param current new ops/s
   * @param threshold threshold applied
   * @param verdict result
   */
  public record ThroughputChange(String workload, String store, int baseThreads, int newThreads, double base,
      double current, Threshold threshold, Verdict verdict) {

    /** @return relative change */
    public double change() {
      return Verdict.relativeChange(base, current);
    }
  }

  /**
   * One latency percentile of one op at one step, before and after.
   *
   * @param workload workload
   * @param store store
   * @param op operation
   * @param latencyKind service or intended
   * @param step threads and target
   * @param percentile percentile
   * @param base baseline microseconds
   * @param current new microseconds
   * @param threshold threshold applied
   * @param verdict result
   */
  public record LatencyChange(String workload, String store, String op, String latencyKind, StepKey step,
      Percentile percentile, double base, double current, Threshold threshold, Verdict verdict) {

    /** @return relative change */
    public double change() {
      return Verdict.relativeChange(base, current);
    }
  }

  /**
   * The failed-operation rate of one op at one step, before and after.
   *
   * @param workload workload
   * @param store store
   * @param op operation
   * @param step threads and target
   * @param baseRate baseline errors / (successes + errors)
   * @param newRate new errors / (successes + errors)
   * @param newErrors new error count
   * @param verdict result, judged with {@link ResultsComparer#ERROR_RATE_SLACK}
   */
  public record ErrorChange(String workload, String store, String op, StepKey step, double baseRate, double newRate,
      long newErrors, Verdict verdict) {
  }

  /**
   * Whether a search store of the new run proved identical answers.
   *
   * @param workload workload
   * @param store store
   * @param result its verification file, or {@code null} when missing
   */
  public record VerificationCheck(String workload, String store, Verification result) {

    /** @return true when the file exists and every checked answer was identical */
    public boolean passed() {
      return result != null && result.passed();
    }

    /** @return {@code ok}, {@code FAILED} or {@code MISSING} */
    public String status() {
      if (result == null) {
        return "MISSING";
      }
      return result.passed() ? "ok" : "FAILED";
    }
  }
}
