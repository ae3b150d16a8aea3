package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict;
import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict.Decision;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StepVerdict;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Step summaries with chosen numbers, built as the results format builds them (one READ operation).
 */
public final class Steps {

  private Steps() {}

  /**
   * A complete step: throughput, errors, decision p99 (µs, null = not supported), its CI (null =
   * unknown).
   */
  static StepSummary summary(
      StepSpec spec,
      double opsPerSec,
      long errors,
      Long p99Us,
      List<Double> ci,
      Double clientCores) {
    long ops = (long) (opsPerSec * 10);
    Boolean sustained =
        spec.targetOps() > 0 ? opsPerSec >= StepSummary.SUSTAINED_SHARE * spec.targetOps() : null;
    boolean clientBound = clientCores != null && clientCores > StepSummary.CLIENT_BOUND_SHARE;
    StepVerdict verdict = StepVerdict.of(StepStatus.COMPLETE, clientBound, sustained);
    LatencyKind kind = spec.targetOps() > 0 ? LatencyKind.INTENDED : LatencyKind.SERVICE;
    List<SummaryRow> rows = new ArrayList<>();
    for (String requests : List.of(SummaryRow.OK, SummaryRow.ALL)) {
      rows.add(
          new SummaryRow(
              "x",
              "w",
              spec.threads(),
              spec.targetOps(),
              opsPerSec,
              "READ",
              ops,
              errors,
              p99Us,
              p99Us,
              p99Us,
              null,
              null,
              p99Us,
              kind.label(),
              spec.index(),
              p99Us,
              null,
              null,
              10.0,
              spec.dirName(),
              spec.phase(),
              spec.offeredFraction(),
              StepStatus.COMPLETE,
              sustained,
              requests,
              0,
              clientBound,
              clientCores,
              null,
              null,
              verdict.usable(),
              verdict.unusableReason()));
    }
    return new StepSummary(
        StepSummary.FORMAT,
        "x",
        "w",
        spec.dirName(),
        spec.index(),
        spec.phase(),
        spec.offeredFraction(),
        spec.threads(),
        spec.targetOps(),
        StepStatus.COMPLETE,
        null,
        verdict.usable(),
        verdict.unusableReason(),
        sustained,
        spec.targetOps() > 0 ? 100.0 * opsPerSec / spec.targetOps() : null,
        clientBound,
        clientCores,
        clientCores == null ? null : 1,
        null,
        null,
        10.0,
        opsPerSec,
        ci,
        ops,
        errors,
        null,
        null,
        null,
        null,
        rows);
  }

  /** A complete ramp step of {@code 2^(index-1)} threads. */
  static StepResult ok(int index, double opsPerSec, long errors, long p99Us) {
    StepSpec spec = StepSpec.ramp(index, 1 << (index - 1));
    return new StepResult(
        spec,
        StepStatus.COMPLETE,
        null,
        Optional.of(summary(spec, opsPerSec, errors, p99Us, null, null)));
  }

  /**
   * A harness-floor step at {@code target} ops/s (sustained) whose objective p99<=10ms decided
   * {@code decision} with {@code over} of {@code requests} READs over the bound.
   */
  public static StepSummary floor(
      int index, long target, Decision decision, long requests, long over) {
    StepSummary s =
        summary(new StepSpec(index, Phase.FLOOR, 8, target, null), target, 0, 1_000L, null, null);
    ObjectiveVerdict v =
        new ObjectiveVerdict(
            Objective.parse("p99<=10ms"),
            decision,
            0.99,
            0,
            null,
            List.of(
                new ObjectiveVerdict.Operation(
                    "READ", requests, over, 0, 1, decision, 0.01, null, null, null)),
            null);
    return new StepSummary(
        s.format(),
        s.store(),
        s.workload(),
        s.step(),
        s.index(),
        s.phase(),
        s.offeredFraction(),
        s.threads(),
        s.targetOps(),
        s.stepStatus(),
        s.error(),
        s.usable(),
        s.unusableReason(),
        s.rateSustained(),
        s.achievedPct(),
        s.clientBound(),
        s.clientCpuCores(),
        s.clientCpus(),
        s.serverCpuCores(),
        s.serverCpuSource(),
        s.windowS(),
        s.throughputOps(),
        s.throughputCi95(),
        s.operations(),
        s.errors(),
        s.clientJitCpuCores(),
        s.clientLimit(),
        s.pacing(),
        v,
        s.rows());
  }

  /**
   * A fixed-rate step of the load phase at {@code target} ops/s that achieved {@code achieved} with
   * a p99.
   */
  public static StepSummary load(int index, long target, double achieved, long p99Us) {
    return summary(
        new StepSpec(index, Phase.LOAD, 8, target, null), achieved, 0, p99Us, null, null);
  }
}
