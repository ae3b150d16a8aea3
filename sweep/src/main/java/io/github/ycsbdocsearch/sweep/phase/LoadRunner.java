package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.common.StoreProbe;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.YcsbOutput;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.exec.ChildProcess;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.exec.StatusLine;
import io.github.ycsbdocsearch.sweep.exec.YcsbArgs;
import io.github.ycsbdocsearch.sweep.step.OperationBudget;
import io.github.ycsbdocsearch.sweep.step.StepPublisher;
import io.github.ycsbdocsearch.sweep.step.StepTiming;
import io.github.ycsbdocsearch.sweep.step.StoreSession;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Loads a store once per run: resets the table and its index ({@link StoreProbe#reset}), runs YCSB
 * {@code -load} with several threads (kept in {@code <store>/load/}, never counted as INSERT), then
 * checks that the store holds every record. Not thread-safe.
 */
public record LoadRunner(SweepContext ctx) {
  /** A load gets at least this long, plus a second per this many records. */
  private static final Duration MIN_TIMEOUT = Duration.ofMinutes(10);

  private static final int RECORDS_PER_SECOND_FLOOR = 50;

  /**
   * Loads the store and publishes {@code load/}.
   *
   * @return why the load failed (or was interrupted), empty when the store holds the data
   */
  public Optional<String> run(StoreSession s) {
    RunPlan o = ctx.options();
    Path tmp = s.storeDir().resolve(".load.partial");
    StepPublisher.prepare(tmp, false);
    Instant started = Instant.now();
    long expected = expectedRecords(s);
    Optional<StoreProbe> probe = s.target().probe();
    Optional<String> problem = Optional.empty();
    ChildResult child = null;
    try {
      probe.ifPresent(p -> p.reset(s.props(), s.table()));
    } catch (RuntimeException e) {
      problem = Optional.of("resetting table " + s.table() + " failed: " + e.getMessage());
    }
    if (problem.isEmpty()) {
      ctx.progress()
          .store(s.name(), "loading " + expected + " records with " + o.loadThreads() + " threads");
      long ops =
          OperationBudget.operationCount(
              o.workload().properties(), o.ycsbProperties(), o.stepRunSeconds(), 0, 0);
      List<String> args =
          YcsbArgs.load(
              s.target().dbClass(),
              o.workload().path(),
              s.connectionFile(),
              o.loadThreads(),
              o.records(),
              ops,
              o.ycsbProperties());
      Duration timeout = MIN_TIMEOUT.plusSeconds(expected / RECORDS_PER_SECOND_FLOOR);
      child =
          new ChildProcess(ctx.launcher().command(args), tmp, Map.of())
              .run(
                  tmp.resolve(RunLayout.YCSB_OUT),
                  tmp.resolve(RunLayout.YCSB_ERR),
                  timeout,
                  ctx.interrupts(),
                  line ->
                      StatusLine.parse(line)
                          .filter(l -> l.elapsedSeconds() > 0 && l.elapsedSeconds() % 5 == 0)
                          .ifPresent(
                              l ->
                                  ctx.progress()
                                      .storef(
                                          s.name(),
                                          "loading: %d of %d records after %d s",
                                          l.operations(),
                                          expected,
                                          l.elapsedSeconds())));
      problem =
          check(
              child,
              YcsbOutput.read(tmp.resolve(RunLayout.YCSB_OUT), tmp.resolve(RunLayout.YCSB_ERR)),
              timeout,
              (int) Math.min(o.loadThreads(), expected));
    }
    if (problem.isEmpty() && probe.isPresent()) {
      problem = countCheck(probe.get(), s, expected);
    }
    Instant ended = Instant.now();
    StepStatus status =
        child != null && child.interrupted()
            ? StepStatus.INTERRUPTED
            : problem.isPresent() ? StepStatus.FAILED : StepStatus.COMPLETE;
    new StepRecord(
            StepRecord.FORMAT,
            s.name(),
            o.workload().name(),
            0,
            o.loadThreads(),
            0,
            0,
            (int) Duration.between(started, ended).toSeconds(),
            status,
            StepTiming.utc(started),
            StepTiming.utc(ended),
            child == null || child.timedOut() || child.interrupted() ? null : child.exitCode(),
            problem.orElse(null),
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null)
        .writeTo(tmp);
    AtomicFiles.publish(tmp, s.storeDir().resolve("load"));
    return problem;
  }

  private static Optional<String> check(
      ChildResult child, YcsbOutput out, Duration timeout, int threads) {
    if (child.interrupted()) {
      return Optional.of("load interrupted (Ctrl-C or SIGTERM)");
    }
    if (child.timedOut()) {
      return Optional.of(
          "load did not finish within " + timeout.toMinutes() + " min and was killed");
    }
    if (child.exitCode() != 0) {
      return Optional.of(
          "YCSB load exited with code %s%s"
              .formatted(child.exitCode(), out.firstProblem().map(p -> ": " + p).orElse("")));
    }
    return out.failure(threads).map(f -> "load: " + f);
  }

  private static Optional<String> countCheck(StoreProbe probe, StoreSession s, long expected) {
    try {
      probe.refresh(s.props(), s.table());
      long held = probe.count(s.props(), s.table());
      return held == expected
          ? Optional.empty()
          : Optional.of(
              "the store holds " + held + " records after the load, expected " + expected);
    } catch (RuntimeException e) {
      return Optional.of("counting the loaded records failed: " + e.getMessage());
    }
  }

  /** YCSB loads {@code insertcount} records when set, else {@code recordcount}. */
  private static long expectedRecords(StoreSession s) {
    String insertCount = s.props().getProperty("insertcount");
    return insertCount == null
        ? Long.parseLong(s.props().getProperty("recordcount"))
        : Long.parseLong(insertCount.trim());
  }
}
