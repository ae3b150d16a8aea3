package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.Verification;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Everything one comparison found, ready for the output formats: the headline of every store,
 * per-step latency changes with their thresholds and verdicts, error rates, the new run's
 * verification, the steps that could not be compared, and problems that are not metric changes.
 * Immutable (lists are copied).
 *
 * @param rule the multiple-comparison rule applied to every threshold
 * @param headline per workload x store: capacity (or peak) with the peak beside it
 * @param latency per workload x store x step x op x kind x percentile
 * @param errors error-rate changes, only for op x step where either side had errors
 * @param verification verification state of the new run's search stores
 * @param unusable steps whose numbers were not compared (failed, client-bound, rate not sustained)
 * @param failures problems that fail the comparison but are not metric changes
 * @param warnings things worth reading that do not fail it
 */
public record Comparison(
    ResultsSet baseline,
    ResultsSet current,
    Rule rule,
    List<HeadlineChange> headline,
    List<LatencyChange> latency,
    List<ErrorChange> errors,
    List<VerificationCheck> verification,
    List<UnusableStep> unusable,
    List<String> failures,
    List<String> warnings) {

  /**
   * Exit codes: nothing regressed; a regression or verification failure; bad input; a failed run: a
   * store of the new run has no result (no qualifying step, or no capacity the baseline has) and
   * nothing regressed (not a regression: the run did not measure what it should).
   */
  public static final int EXIT_OK = 0;

  public static final int EXIT_REGRESSION = 1;
  public static final int EXIT_BAD_INPUT = 2;
  public static final int EXIT_FAILED_RUN = 3;

  /** Sides of a {@link Verdict#NO_RESULT}: the one without a result, or both. */
  public static final String BASELINE = "baseline";

  public static final String NEW = "new";
  public static final String BOTH = "both";

  public Comparison {
    headline = List.copyOf(headline);
    latency = List.copyOf(latency);
    errors = List.copyOf(errors);
    verification = List.copyOf(verification);
    unusable = List.copyOf(unusable);
    failures = List.copyOf(failures);
    warnings = List.copyOf(warnings);
  }

  private Stream<Verdict> verdicts() {
    return Stream.of(
            headline.stream().map(HeadlineChange::verdict),
            latency.stream().map(LatencyChange::verdict),
            errors.stream().map(ErrorChange::verdict))
        .flatMap(s -> s);
  }

  public long regressions() {
    return verdicts().filter(v -> v == Verdict.REGRESSION).count();
  }

  public long improvements() {
    return verdicts().filter(v -> v == Verdict.IMPROVEMENT).count();
  }

  /** How many search stores did not prove identical answers. */
  public long verificationFailures() {
    return verification.stream().filter(v -> !v.passed()).count();
  }

  /** The stores without a result on either side ({@link Verdict#NO_RESULT}), in headline order. */
  public List<HeadlineChange> noResults() {
    return headline.stream().filter(c -> c.verdict() == Verdict.NO_RESULT).toList();
  }

  /** The stores the new run has no result for (side {@code new} or {@code both}): a failed run. */
  public List<HeadlineChange> failedRunStores() {
    return noResults().stream().filter(c -> !BASELINE.equals(c.noResult())).toList();
  }

  /**
   * {@link #EXIT_REGRESSION} on any regression, verification failure or failure; else {@link
   * #EXIT_FAILED_RUN} when a store of the new run has no result; else {@link #EXIT_OK}. A store
   * without a result is never a regression.
   */
  public int exitCode() {
    if (regressions() > 0 || verificationFailures() > 0 || !failures.isEmpty()) {
      return EXIT_REGRESSION;
    }
    return failedRunStores().isEmpty() ? EXIT_OK : EXIT_FAILED_RUN;
  }

  /** {@code OK}, {@code FAILED RUN} or {@code FAIL}, after the exit code. */
  public String outcome() {
    int code = exitCode();
    return code == EXIT_OK ? "OK" : code == EXIT_FAILED_RUN ? "FAILED RUN" : "FAIL";
  }

  /** One line: the verdict, its counts and the exit code. */
  public String verdictLine() {
    List<HeadlineChange> failed = failedRunStores();
    String noResult =
        failed.isEmpty()
            ? ""
            : "no result for %d store(s) of the new run (%s), "
                .formatted(
                    failed.size(),
                    String.join(
                        ", ", failed.stream().map(c -> c.workload() + "/" + c.store()).toList()));
    return ("VERDICT: %s - %s%d regression(s), %d verification failure(s), %d other failure(s), %d"
            + " improvement(s) (exit %d)")
        .formatted(
            outcome(),
            noResult,
            regressions(),
            verificationFailures(),
            failures.size(),
            improvements(),
            exitCode());
  }

  /**
   * The multiple-comparison rule of this comparison: {@code metrics} figures judged against the
   * runs' intervals at a family-wise false-alarm rate {@code alpha} (Bonferroni), each 95 %
   * half-width widened {@code multiplier} times ({@link NoisePolicy#multiplier}).
   */
  public record Rule(double alpha, int metrics, double multiplier) {}

  /**
   * A store's headline, before and after.
   *
   * @param metric {@link NoisePolicy#CAPACITY_METRIC} when both runs have a capacity, else {@link
   *     NoisePolicy#PEAK_METRIC}
   * @param base the baseline's value of {@code metric}, or null
   * @param current the new value, or null (no qualifying step)
   * @param basePeak the baseline's peak, shown beside a capacity (null when none)
   * @param newPeak the new peak, likewise
   * @param slo the objective the capacities met, or null
   * @param threshold the threshold applied, null when the values could not be compared
   * @param noResult with {@link Verdict#NO_RESULT}: which side has no result ({@link #BASELINE},
   *     {@link #NEW}, {@link #BOTH}); else null
   * @param note why a value is missing or how it was found, or null
   * @param baseSetBy what set the baseline's capacity ({@link Headline#setBy}), or null
   * @param newSetBy what set the new one's, or null
   */
  public record HeadlineChange(
      String workload,
      String store,
      String metric,
      Double base,
      Double current,
      Double basePeak,
      Double newPeak,
      Objective slo,
      Threshold threshold,
      Verdict verdict,
      String noResult,
      String note,
      String baseSetBy,
      String newSetBy) {

    /** The verdict for people: {@code no result (new)} names the side. */
    public String verdictLabel() {
      return verdict == Verdict.NO_RESULT
          ? verdict.label() + " (" + noResult + ")"
          : verdict.label();
    }

    /**
     * The note and what set each side's capacity ("what set the capacity: baseline ... | new ..."),
     * for one cell; "" when neither.
     */
    public String notes() {
      String setBy =
          baseSetBy == null && newSetBy == null
              ? null
              : "what set the capacity: baseline %s | new %s"
                  .formatted(
                      Objects.requireNonNullElse(baseSetBy, "-"),
                      Objects.requireNonNullElse(newSetBy, "-"));
      return Stream.of(note, setBy).filter(Objects::nonNull).collect(Collectors.joining("; "));
    }

    /** Relative change, NaN when a side is missing. */
    public double change() {
      return base == null || current == null ? Double.NaN : Verdict.relativeChange(base, current);
    }
  }

  /** One latency percentile of one op at one step, before and after (microseconds). */
  public record LatencyChange(
      String workload,
      String store,
      StepKey step,
      String op,
      LatencyKind kind,
      Percentile percentile,
      double base,
      double current,
      Threshold threshold,
      Verdict verdict) {

    public double change() {
      return Verdict.relativeChange(base, current);
    }
  }

  /**
   * The failed-operation rate of one op at one step, before and after.
   *
   * @param baseRate baseline errors / (successes + errors)
   * @param newRate new errors / (successes + errors)
   * @param verdict judged with {@link ResultsComparer#ERROR_RATE_SLACK}
   */
  public record ErrorChange(
      String workload,
      String store,
      String op,
      StepKey step,
      double baseRate,
      double newRate,
      long newErrors,
      Verdict verdict) {}

  /**
   * A step that was not compared because its numbers cannot stand for the store.
   *
   * @param side {@code baseline}, {@code new} or {@code both}
   * @param reason e.g. {@code rate not sustained}, {@code client-bound}, {@code step failed}
   */
  public record UnusableStep(
      String workload, String store, StepKey step, String side, String reason) {}

  /**
   * Whether a search store of the new run proved identical answers.
   *
   * @param result its verification, or null when missing
   */
  public record VerificationCheck(String workload, String store, Verification result) {

    /** Whether it exists and every checked answer was identical. */
    public boolean passed() {
      return result != null && result.passed();
    }

    /** {@code ok}, {@code FAILED} or {@code MISSING}. */
    public String status() {
      return result == null ? "MISSING" : passed() ? "ok" : "FAILED";
    }
  }
}
