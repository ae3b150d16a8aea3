package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.YcsbOutput;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides how a step ended from what was measured: whether its clients' runs can be trusted (exit
 * codes, time limits, Ctrl-C, a run cut short), whether its logs could be read, whether any
 * operation succeeded, whether it passed the error bound, and whether the store still answers after
 * a failure. Every rule that sets a step's status lives here, in the order the runner applies them.
 * Whether the step's numbers then count (usable or not, and why) is decided from that status once,
 * by results-format's {@code StepVerdict}, when the summary is made.
 */
final class StepEnding {
  /** A run shorter than this share of its planned seconds stopped early (unless its budget ran). */
  private static final double SHORT_RUN_SHARE = 0.9;

  private StepEnding() {}

  /** The clients as one: first non-zero exit, stopped or timed out if any was, longest run. */
  static ChildResult combined(List<ClientRun> runs) {
    int code =
        runs.stream().mapToInt(r -> r.child().exitCode()).filter(c -> c != 0).findFirst().orElse(0);
    return new ChildResult(
        code,
        runs.stream().anyMatch(r -> r.child().timedOut()),
        runs.stream().anyMatch(r -> r.child().interrupted()),
        runs.stream().map(r -> r.child().elapsed()).max(Duration::compareTo).orElse(Duration.ZERO));
  }

  /** The status of the clients' runs: interrupted, failed (with {@code problem}), or complete. */
  static StepStatus status(ChildResult child, Optional<String> problem) {
    return child.interrupted()
        ? StepStatus.INTERRUPTED
        : problem.isPresent() ? StepStatus.FAILED : StepStatus.COMPLETE;
  }

  /** Why a client's run cannot be trusted (the first such, named when there are several). */
  static Optional<String> problem(List<ClientRun> runs, StepTiming timing) {
    for (ClientRun r : runs) {
      if (r.setupError() != null) {
        return Optional.of("client " + r.share().index() + ": " + r.setupError());
      }
      Optional<String> p =
          problem(r.child(), r.out(), r.share().step(), r.share().operationCount(), timing);
      if (p.isPresent()) {
        return runs.size() == 1 ? p : Optional.of("client " + r.share().index() + ": " + p.get());
      }
    }
    return Optional.empty();
  }

  /** Why the child's run cannot be trusted, or empty. */
  private static Optional<String> problem(
      ChildResult child, YcsbOutput out, StepSpec step, long operationCount, StepTiming timing) {
    int runSeconds = timing.runSeconds();
    if (child.interrupted()) {
      return Optional.of(
          "stopped by Ctrl-C or SIGTERM after " + child.elapsed().toSeconds() + " s");
    }
    if (child.timedOut()) {
      return Optional.of(
          "YCSB did not finish within %s s and was killed"
              .formatted(runSeconds + Defaults.STEP_GRACE_SECONDS));
    }
    String why = out.firstProblem().map(p -> ": " + p).orElse("");
    if (child.exitCode() != 0) {
      return Optional.of("YCSB exited with code " + child.exitCode() + why);
    }
    Optional<String> failure = out.failure(step.threads());
    if (failure.isPresent()) {
      return failure;
    }
    long ranMs = out.overallRuntimeMs().orElse(0);
    boolean budgetUsed = out.totalOperations() >= operationCount - step.threads();
    if (!budgetUsed && ranMs < SHORT_RUN_SHARE * runSeconds * 1000) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "YCSB ended after %.1f s of the planned %d s (a client thread " + "stopped early)%s",
              ranMs / 1000.0,
              runSeconds,
              why));
    }
    return Optional.empty();
  }

  /**
   * A step's record once its numbers are known.
   *
   * @param record the record after the clients' runs were judged
   * @param storeDown the store stopped answering: a failure of the store, not its limit
   */
  record Judged(StepRecord record, boolean storeDown) {}

  /**
   * Judges a step by its numbers, after its clients' runs: logs that cannot be read fail a complete
   * step; a step that ran to its end fails when no operation succeeded, or (a store's step) when it
   * passed {@code detector}'s error bound; a failed store step whose store no longer answers says
   * so. An interrupted step stays interrupted.
   *
   * @param unreadableLogs why the step's logs could not be read; empty when they were
   * @param summary the step's summary, when its logs were read
   * @param detector owns the error bound; null when none applies
   */
  static Judged judge(
      StoreSession session,
      StepSpec step,
      StepTiming timing,
      StepRecord record,
      Optional<String> unreadableLogs,
      Optional<StepSummary> summary,
      PeakDetector detector) {
    if (unreadableLogs.isPresent() && record.status() == StepStatus.COMPLETE) {
      record =
          record.withStatus(
              StepStatus.FAILED, "cannot read the step's interval logs: " + unreadableLogs.get());
    }
    // Only a step that ran to its end is judged by its numbers; an interrupted one stays so.
    boolean ranToEnd = record.status() == StepStatus.COMPLETE;
    if (ranToEnd && summary.isPresent() && summary.get().operations() == 0) {
      record =
          record.withStatus(
              StepStatus.FAILED,
              "no operation succeeded after the " + timing.warmupS() + " s warm-up");
    } else if (ranToEnd
        && summary.isPresent()
        && step.phase() != Phase.FLOOR
        && detector != null
        && detector.exceedsErrorBound(summary.get())) {
      record = record.withStatus(StepStatus.FAILED, detector.errorBoundMessage(summary.get()));
    }
    Optional<String> storeProblem =
        record.status() == StepStatus.FAILED && step.phase() != Phase.FLOOR
            ? storeHealth(session)
            : Optional.empty();
    if (storeProblem.isPresent()) {
      record =
          record.withStatus(
              StepStatus.FAILED, record.error() + "; store not answering: " + storeProblem.get());
    }
    return new Judged(record, storeProblem.isPresent());
  }

  /** After a failure: does the store answer? A dead one is named so, not taken as at its limit. */
  private static Optional<String> storeHealth(StoreSession session) {
    return session
        .target()
        .probe()
        .flatMap(
            p -> {
              try {
                p.check(session.props());
                return Optional.empty();
              } catch (RuntimeException e) {
                return Optional.of(String.valueOf(e.getMessage()));
              }
            });
  }
}
