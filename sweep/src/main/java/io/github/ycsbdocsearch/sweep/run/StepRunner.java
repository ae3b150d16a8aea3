package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.common.workload.DocSearchWorkload;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.OpenLoop;
import io.github.ycsbdocsearch.sweep.plan.Slo;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StepHistograms;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummarizer;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.SweepOptions;
import io.github.ycsbdocsearch.sweep.exec.ChildProcess;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.exec.CpuWindow;
import io.github.ycsbdocsearch.sweep.exec.StatusLine;
import io.github.ycsbdocsearch.sweep.exec.YcsbArgs;
import io.github.ycsbdocsearch.sweep.exec.YcsbOutput;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
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
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one measured step in its own YCSB JVM and publishes its folder: the child writes into a hidden
 * {@code .NN-tT.partial} folder (its working directory); then {@code step.json} (with the CPU both sides used over
 * the window) and the step's {@code summary.json} are written once, and the folder is renamed to {@code NN-tT}, so
 * a step folder with a name is always whole. Everything after reads that summary. The child's exit code is not
 * trusted (see {@link YcsbOutput}). Not thread-safe; one step at a time.
 */
final class StepRunner {
  private static final double SHORT_RUN_SHARE = 0.9;

  private final SweepContext ctx;

  StepRunner(SweepContext ctx) {
    this.ctx = ctx;
  }

  /** Warm-up and measured seconds of a step: the harness floor runs short steps. */
  record Timing(int warmupS, int durationS) {
    int runSeconds() {
      return warmupS + durationS;
    }

    static Timing of(SweepOptions o, Phase phase) {
      return phase == Phase.FLOOR ? new Timing(Defaults.FLOOR_WARMUP_SECONDS, o.floorSeconds())
          : new Timing(o.warmupSeconds(), o.stepSeconds());
    }
  }

  /**
   * Runs the step.
   *
   * @param session        the store (or BasicDB for a floor step)
   * @param step           the step
   * @param planned        steps in the store's plan (for progress)
   * @param records        YCSB recordcount: the loaded records plus those earlier steps inserted
   * @param operationCount YCSB operationcount
   * @param detector       owns the error bound
   */
  StepResult run(StoreSession session, StepSpec step, int planned, int records, long operationCount,
                 SaturationDetector detector) {
    return run(session, step, planned, records, operationCount, detector, Timing.of(ctx.options(), step.phase()));
  }

  /** {@link #run(StoreSession, StepSpec, int, int, long, SaturationDetector)} with another warm-up and window. */
  StepResult run(StoreSession session, StepSpec step, int planned, int records, long operationCount,
                 SaturationDetector detector, Timing timing) {
    SweepOptions o = ctx.options();
    Path dir = session.stepsDir().resolve(step.dirName());
    Path tmp = session.stepsDir().resolve("." + step.dirName() + ".partial");
    prepare(tmp, true);
    OpenLoop openLoop = openLoop(step);
    List<String> args = YcsbArgs.step(session.target().dbClass(), o.workload().path(), session.connectionFile(),
        step, timing.runSeconds(), records, operationCount, userProperties(step), openLoop);
    Instant started = Instant.now();
    ctx.progress().stepStarted(session.name(), step, planned, timing.runSeconds());
    AtomicReference<CpuWindow> cpu = new AtomicReference<>();
    java.util.concurrent.atomic.AtomicLong pid = new java.util.concurrent.atomic.AtomicLong(-1);
    ChildResult child;
    try {
      // The CPU window starts with YCSB's client threads (its first status line), not at the JVM's spawn.
      child = new ChildProcess(ctx.launcher().command(args), tmp, Map.of())
          .onStart(p -> pid.set(p.pid()))
          .run(tmp.resolve("ycsb.out"), tmp.resolve("ycsb.err"),
              Duration.ofSeconds(timing.runSeconds() + Defaults.STEP_GRACE_SECONDS), ctx.interrupts(),
              line -> StatusLine.parse(line).ifPresent(s -> {
                if (cpu.get() == null && pid.get() > 0) {
                  Duration warm = Duration.ofSeconds(Math.max(0, timing.warmupS() - s.elapsedSeconds()));
                  cpu.compareAndSet(null, CpuWindow.start(pid.get(), session.serverCpu(), warm,
                      Duration.ofSeconds(timing.durationS())));
                }
                ctx.progress().live(session.name(), step, planned, timing.runSeconds(), s);
              }));
    } finally {
      Optional.ofNullable(cpu.get()).ifPresent(CpuWindow::close);
    }
    Instant ended = Instant.now();
    YcsbOutput out = YcsbOutput.read(tmp.resolve("ycsb.out"), tmp.resolve("ycsb.err"));
    Optional<String> problem = problem(child, out, step, operationCount, timing);
    StepStatus status = child.interrupted() ? StepStatus.INTERRUPTED
        : problem.isPresent() ? StepStatus.FAILED : StepStatus.COMPLETE;
    StepRecord record = record(session, step, timing, status, problem.orElse(null), started, ended, child, cpu.get(),
        openLoop);
    record.writeTo(tmp);
    Optional<StepHistograms> logs = Optional.empty();
    Optional<StepSummary> summary = Optional.empty();
    try {
      logs = Optional.of(StepHistograms.forStep(tmp));
      summary = Optional.of(StepSummarizer.summarize(tmp, record, step.dirName(), logs.get()));
    } catch (IOException | RuntimeException e) {
      if (status == StepStatus.COMPLETE) {
        record = record.withStatus(StepStatus.FAILED, "cannot read the step's interval logs: " + e.getMessage());
      }
    }
    // Only a step that ran to its end is judged by its numbers; an interrupted one stays interrupted.
    boolean ranToEnd = record.status() == StepStatus.COMPLETE;
    if (ranToEnd && summary.isPresent() && summary.get().operations() == 0) {
      record = record.withStatus(StepStatus.FAILED, "no operation succeeded after the " + timing.warmupS()
          + " s warm-up");
    } else if (ranToEnd && summary.isPresent() && step.phase() != Phase.FLOOR && detector != null
        && detector.exceedsErrorBound(summary.get())) {
      record = record.withStatus(StepStatus.FAILED, detector.errorBoundMessage(summary.get()));
    }
    Optional<String> storeProblem = record.status() == StepStatus.FAILED && step.phase() != Phase.FLOOR
        ? storeHealth(session) : Optional.empty();
    if (storeProblem.isPresent()) {
      record = record.withStatus(StepStatus.FAILED, record.error() + "; store not answering: " + storeProblem.get());
    }
    record.writeTo(tmp);
    // The summary of the final record (its status may have changed above), from the logs read once.
    StepRecord last = record;
    summary = logs.map(h -> StepSummarizer.summarize(tmp, last, step.dirName(), h));
    summary.ifPresent(s -> s.writeTo(tmp));
    AtomicFiles.publish(tmp, dir);
    long inserts = out.returnCounts().getOrDefault("INSERT", Map.of()).getOrDefault("OK", 0L);
    return new StepResult(step, record.status(), record.error(), summary, inserts, storeProblem.isPresent());
  }

  /** The -p properties of a step; the harness floor keeps BasicDB a no-op whatever the user set for basicdb. */
  private Map<String, String> userProperties(StepSpec step) {
    Map<String, String> p = new java.util.LinkedHashMap<>(ctx.options().ycsbProperties());
    if (step.phase() == Phase.FLOOR) {
      p.keySet().removeIf(k -> k.startsWith("basicdb."));
    }
    // The search workload writes the pages it asked and the questions' hit counts into the step's folder (the
    // YCSB child's working directory).
    p.putIfAbsent(SearchWorkloadConfig.QUERY_STATS_DIR, ".");
    return p;
  }

  /** Why the child's run cannot be trusted, or empty. */
  private Optional<String> problem(ChildResult child, YcsbOutput out, StepSpec step, long operationCount,
                                   Timing timing) {
    int runSeconds = timing.runSeconds();
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

  private StepRecord record(StoreSession s, StepSpec step, Timing timing, StepStatus status, String error,
                            Instant started, Instant ended, ChildResult child, CpuWindow cpu, OpenLoop openLoop) {
    Optional<CpuWindow> c = Optional.ofNullable(cpu);
    Double server = c.flatMap(CpuWindow::serverCores).orElse(null);
    return new StepRecord(StepRecord.FORMAT, s.name(), ctx.options().workload().name(), step.index(),
        step.threads(), step.targetOps(), timing.warmupS(), timing.durationS(), status, utc(started), utc(ended),
        child.timedOut() || child.interrupted() ? null : child.exitCode(), error, step.phase(),
        step.offeredFraction(), c.flatMap(CpuWindow::clientCores).orElse(null), ctx.pinning().clientCpuCount(),
        server, server == null ? null : c.get().serverSource(), c.flatMap(CpuWindow::clientJitCores).orElse(null),
        openLoop);
  }

  /**
   * The send lag above which a step counts as client-limited: a tenth of the objective's bound (a lag that cannot
   * move a decision by more than that), at least {@link Defaults#SEND_LAG_THRESHOLD_US} (timer and wake-up jitter).
   */
  static long lagThresholdUs(Slo slo) {
    return Math.max(Defaults.SEND_LAG_THRESHOLD_US, slo.boundUs() / 10);
  }

  /** The arrival schedule and objective of a fixed-rate step (its seed differs per step); null in a closed loop. */
  private OpenLoop openLoop(StepSpec step) {
    if (step.targetOps() <= 0) {
      return null;
    }
    Slo slo = ctx.options().slo();
    String arrivals = sharedSchedule() ? ctx.options().arrivals() : OpenLoop.PER_THREAD;
    return new OpenLoop(arrivals, ctx.options().arrivalsSeed() + step.index(),
        lagThresholdUs(slo), slo.text(), slo.percentile().value() / 100.0, slo.boundUs());
  }

  /**
   * Whether the workload class keeps the shared arrival schedule (the suite's {@code DocSearchWorkload}, which every
   * file in workloads/ names). Another YCSB workload class (a user's own file) is paced by YCSB's per-thread
   * {@code -target}, and its steps say so ({@code open_loop.arrivals = per-thread}).
   */
  private boolean sharedSchedule() {
    String cls = ctx.options().workload().properties().getOrDefault("workload", "");
    try {
      return DocSearchWorkload.class.isAssignableFrom(Class.forName(cls.trim(), false,
          StepRunner.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
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
