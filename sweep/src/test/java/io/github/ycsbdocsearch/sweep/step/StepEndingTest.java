package io.github.ycsbdocsearch.sweep.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.YcsbOutput;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.exec.ServerCpu;
import io.github.ycsbdocsearch.sweep.plan.ClientShare;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The rules that decide a step's outcome, on made-up client runs: each rule's wording, and that an
 * interrupted step is never judged by its numbers.
 */
class StepEndingTest {
  private static final StepSpec STEP = StepSpec.ramp(1, 4);
  private static final StepTiming TIMING = new StepTiming(5, 15);
  private static final long BUDGET = 1_000_000;

  private static ChildResult exited(int code, long seconds) {
    return new ChildResult(code, false, false, Duration.ofSeconds(seconds));
  }

  /** What YCSB printed after {@code ranMs}, with {@code ops} reads done by every thread. */
  private static YcsbOutput printed(long ranMs, long ops, String problem) {
    return new YcsbOutput(
        OptionalLong.of(ranMs),
        OptionalDouble.of(ops * 1000.0 / ranMs),
        Map.of("READ", Map.of("OK", ops)),
        STEP.threads(),
        false,
        Optional.ofNullable(problem));
  }

  private static ClientRun client(int index, ChildResult child, YcsbOutput out) {
    return new ClientRun(
        new ClientShare(index, STEP, BUDGET, null),
        "local",
        0,
        child,
        out,
        null,
        null,
        1,
        null,
        null);
  }

  private static Optional<String> problem(ChildResult child, YcsbOutput out) {
    return StepEnding.problem(List.of(client(0, child, out)), TIMING);
  }

  @Test
  void aClientsRunIsTrustedOnlyWhenItRanItsWindowOrItsBudget() {
    YcsbOutput whole = printed(20_000, 5000, null);
    assertEquals(Optional.empty(), problem(exited(0, 20), whole));
    assertEquals(
        Optional.of("stopped by Ctrl-C or SIGTERM after 3 s"),
        problem(new ChildResult(130, false, true, Duration.ofSeconds(3)), whole));
    assertEquals(
        Optional.of(
            "YCSB did not finish within "
                + (20 + Defaults.STEP_GRACE_SECONDS)
                + " s and was killed"),
        problem(new ChildResult(-1, true, false, Duration.ofSeconds(99)), whole));
    assertEquals(
        Optional.of("YCSB exited with code 1: boom"),
        problem(exited(1, 20), printed(20_000, 5000, "boom")));
    assertEquals(
        Optional.of("YCSB ended after 5.0 s of the planned 20 s (a client thread stopped early)"),
        problem(exited(0, 5), printed(5_000, 100, null)));
    // The same short run that used its whole operation budget ended as planned.
    assertEquals(
        Optional.empty(),
        StepEnding.problem(
            List.of(
                new ClientRun(
                    new ClientShare(0, STEP, 100, null),
                    "local",
                    0,
                    exited(0, 5),
                    printed(5_000, 100, null),
                    null,
                    null,
                    1,
                    null,
                    null)),
            TIMING));
  }

  @Test
  void ofSeveralClientsTheFirstUntrustedOneIsNamed() {
    ClientRun fine = client(0, exited(0, 20), printed(20_000, 5000, null));
    ClientRun broken = client(1, exited(2, 20), printed(20_000, 5000, null));
    assertEquals(
        Optional.of("client 1: YCSB exited with code 2"),
        StepEnding.problem(List.of(fine, broken), TIMING));
    ClientRun neverRan =
        ClientRun.notStarted(
            new ClientShare(1, STEP, BUDGET, null),
            "u@h",
            YcsbOutput.read(Path.of("none", "ycsb.out"), Path.of("none", "ycsb.err")),
            "setup failed twice");
    assertEquals(
        Optional.of("client 1: setup failed twice"),
        StepEnding.problem(List.of(fine, neverRan), TIMING));
  }

  @Test
  void theClientsEndAsOneChild() {
    ChildResult one =
        StepEnding.combined(
            List.of(
                client(0, exited(0, 20), printed(20_000, 1, null)),
                client(1, exited(3, 21), printed(20_000, 1, null)),
                client(
                    2,
                    new ChildResult(0, true, false, Duration.ofSeconds(25)),
                    printed(1, 1, null))));
    assertEquals(new ChildResult(3, true, false, Duration.ofSeconds(25)), one);
    assertEquals(StepStatus.COMPLETE, StepEnding.status(one, Optional.empty()));
    assertEquals(StepStatus.FAILED, StepEnding.status(one, Optional.of("x")));
    assertEquals(
        StepStatus.INTERRUPTED,
        StepEnding.status(new ChildResult(0, false, true, Duration.ZERO), Optional.of("x")));
  }

  private static StepRecord record(StepStatus status, String error) {
    return new StepRecord(
        StepRecord.FORMAT,
        "basicdb",
        "w",
        1,
        4,
        0,
        5,
        15,
        status,
        "2026-01-01T00:00:00Z",
        "2026-01-01T00:00:20Z",
        0,
        error,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  @Test
  void logsThatCannotBeReadFailOnlyAStepThatRanToItsEnd() {
    StoreSession basic =
        new StoreSession(
            "basicdb",
            SweepTarget.byName(SweepTarget.BASICDB),
            new Properties(),
            Path.of("connection"),
            Path.of("store"),
            ServerCpu.NONE);
    StepEnding.Judged failed =
        StepEnding.judge(
            basic,
            STEP,
            TIMING,
            record(StepStatus.COMPLETE, null),
            Optional.of("truncated"),
            Optional.empty(),
            null);
    assertEquals(StepStatus.FAILED, failed.record().status());
    assertEquals("cannot read the step's interval logs: truncated", failed.record().error());
    assertFalse(failed.storeDown(), "BasicDB has no store to lose");
    StepEnding.Judged stopped =
        StepEnding.judge(
            basic,
            STEP,
            TIMING,
            record(StepStatus.INTERRUPTED, "stopped"),
            Optional.of("truncated"),
            Optional.empty(),
            null);
    assertEquals(record(StepStatus.INTERRUPTED, "stopped"), stopped.record());
  }
}
