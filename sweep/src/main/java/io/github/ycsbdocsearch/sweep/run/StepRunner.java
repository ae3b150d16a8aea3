package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.SweepOptions;
import io.github.ycsbdocsearch.sweep.exec.ChildProcess;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.exec.StatusLine;
import io.github.ycsbdocsearch.sweep.exec.YcsbArgs;
import io.github.ycsbdocsearch.sweep.exec.YcsbOutput;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.report.StepMetrics;
import io.github.ycsbdocsearch.sweep.results.AtomicFiles;
import io.github.ycsbdocsearch.sweep.results.StepRecord;
import io.github.ycsbdocsearch.sweep.results.StepStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs one measured step in its own YCSB JVM and publishes its folder: the child writes into a hidden
 * {@code .NN-tT.partial} folder (its working directory), then {@code step.json} is written and the folder renamed
 * to {@code NN-tT}, so a step folder with a name is always whole. The child's exit code is not trusted (see
 * {@link YcsbOutput}). Not thread-safe; one step at a time.
 */
final class StepRunner {
  private static final double SHORT_RUN_SHARE = 0.9;

  private final SweepContext ctx;

  StepRunner(SweepContext ctx) {
    this.ctx = ctx;
  }

  /**
   * Runs the step.
   *
   * @param session        the store
   * @param step           the step
   * @param planned        steps in the store's plan (for progress)
   * @param records        YCSB recordcount: the loaded records plus those earlier steps inserted
   * @param operationCount YCSB operationcount
   * @param detector       owns the error bound
   */
  StepResult run(StoreSession session, StepSpec step, int planned, int records, long operationCount,
                 SaturationDetector detector) {
    SweepOptions o = ctx.options();
    Path dir = session.stepsDir().resolve(step.dirName());
    Path tmp = session.stepsDir().resolve("." + step.dirName() + ".partial");
    prepare(tmp, true);
    List<String> args = YcsbArgs.step(session.target().dbClass(), o.workload().path(), session.connectionFile(),
        step, o.stepRunSeconds(), records, operationCount, o.ycsbProperties());
    Instant started = Instant.now();
    ctx.progress().stepStarted(session.name(), step, planned, o.stepRunSeconds());
    ChildResult child = new ChildProcess(ctx.launcher().command(args), tmp, Map.of()).run(tmp.resolve("ycsb.out"),
        tmp.resolve("ycsb.err"), Duration.ofSeconds(o.stepRunSeconds() + Defaults.STEP_GRACE_SECONDS),
        ctx.interrupts(), line -> StatusLine.parse(line).ifPresent(
            s -> ctx.progress().live(session.name(), step, planned, o.stepRunSeconds(), s)));
    Instant ended = Instant.now();
    YcsbOutput out = YcsbOutput.read(tmp.resolve("ycsb.out"), tmp.resolve("ycsb.err"));
    Optional<String> problem = problem(child, out, step, operationCount);
    StepStatus status = child.interrupted() ? StepStatus.INTERRUPTED
        : problem.isPresent() ? StepStatus.FAILED : StepStatus.COMPLETE;
    String error = problem.orElse(null);
    Optional<StepMetrics> metrics = Optional.empty();
    if (status == StepStatus.COMPLETE) {
      record(session, step, status, null, started, ended, child).writeTo(tmp);
      try {
        metrics = Optional.of(ctx.report().summarize(tmp, step.targetOps() > 0));
      } catch (RuntimeException e) {
        status = StepStatus.FAILED;
        error = "cannot read the step's interval logs: " + e.getMessage();
      }
    }
    if (metrics.isPresent() && metrics.get().operations() == 0) {
      status = StepStatus.FAILED;
      error = "no operation succeeded after the " + o.warmupSeconds() + " s warm-up";
    } else if (metrics.isPresent() && detector.exceedsErrorBound(metrics.get())) {
      status = StepStatus.FAILED;
      error = detector.errorBoundMessage(metrics.get());
    }
    Optional<String> storeProblem = status == StepStatus.FAILED ? storeHealth(session) : Optional.empty();
    if (storeProblem.isPresent()) {
      error = error + "; store not answering: " + storeProblem.get();
    }
    record(session, step, status, error, started, ended, child).writeTo(tmp);
    AtomicFiles.publish(tmp, dir);
    long inserts = out.returnCounts().getOrDefault("INSERT", Map.of()).getOrDefault("OK", 0L);
    return new StepResult(step, status, error, metrics, inserts, storeProblem.isPresent());
  }

  /** Why the child's run cannot be trusted, or empty. */
  private Optional<String> problem(ChildResult child, YcsbOutput out, StepSpec step, long operationCount) {
    int runSeconds = ctx.options().stepRunSeconds();
    if (child.interrupted()) {
      return Optional.of("stopped by Ctrl-C or SIGTERM after " + child.elapsed().toSeconds() + " s");
    }
    if (child.timedOut()) {
      return Optional.of("YCSB did not finish within " + (runSeconds + Defaults.STEP_GRACE_SECONDS)
          + " s and was killed");
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
      return Optional.of(String.format(Locale.ROOT, "YCSB ended after %.1f s of the planned %d s (a client thread "
          + "stopped early)%s", ranMs / 1000.0, runSeconds, why));
    }
    return Optional.empty();
  }

  /** After a failure: does the store still answer? A dead store is named as such, not taken for saturation. */
  private static Optional<String> storeHealth(StoreSession session) {
    return session.target().probe().flatMap(p -> {
      try {
        p.check(session.props());
        return Optional.empty();
      } catch (RuntimeException e) {
        return Optional.of(String.valueOf(e.getMessage()));
      }
    });
  }

  private StepRecord record(StoreSession s, StepSpec step, StepStatus status, String error, Instant started,
                            Instant ended, ChildResult child) {
    SweepOptions o = ctx.options();
    return new StepRecord(StepRecord.FORMAT, s.name(), o.workload().name(), step.index(), step.threads(),
        step.targetOps(), o.warmupSeconds(), o.stepSeconds(), status, utc(started), utc(ended),
        child.timedOut() || child.interrupted() ? null : child.exitCode(), error);
  }

  static String utc(Instant t) {
    return t.truncatedTo(ChronoUnit.SECONDS).toString();
  }

  /** Empties a step's (or the load's) partial folder; {@code withHdr} also creates its {@code hdr/}. */
  static void prepare(Path tmp, boolean withHdr) {
    try {
      AtomicFiles.deleteTree(tmp);
      Files.createDirectories(withHdr ? tmp.resolve("hdr") : tmp);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + tmp, e);
    }
  }
}
