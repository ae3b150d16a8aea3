package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.RemoteClient;
import io.github.ycsbdocsearch.common.workload.DocSearchWorkload;
import io.github.ycsbdocsearch.common.workload.KeyLayout;
import io.github.ycsbdocsearch.common.workload.StartGateWorkload;
import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.OpenLoop;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.YcsbOutput;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.plan.ClientShare;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.LongConsumer;

/**
 * Runs one measured step in its own YCSB JVMs and publishes its folder: the clients write into a
 * hidden {@code .NN-tT.partial} folder; then {@code step.json} and the step's {@code summary.json}
 * are written once, and the folder is renamed to {@code NN-tT}, so a step folder with a name is
 * always whole. Everything after reads that summary. This class orchestrates: the clients start
 * through a {@link ClientRunner} (here, or over SSH), {@link StepEnding} decides the outcome (the
 * child's exit code is not trusted, see {@link YcsbOutput}), and {@link StepPublisher} records it.
 */
public record StepRunner(SweepContext ctx) {
  /**
   * Runs the step (the arguments as {@link ClientJob} has them).
   *
   * @param keys the records that exist (YCSB recordcount: the loaded ones plus those earlier steps
   *     inserted and the next step may read) and where the step's inserts start
   * @param detector owns the error bound
   * @param companion work that runs beside the step (the fault's kill and restart), if any
   */
  public StepResult run(
      StoreSession session,
      StepSpec step,
      int planned,
      KeyLayout keys,
      long operationCount,
      PeakDetector detector,
      StepTiming timing,
      Optional<StepCompanion> companion) {
    RunPlan o = ctx.options();
    Path dir = session.stepsDir().resolve(step.dirName());
    Path tmp = session.stepsDir().resolve("." + step.dirName() + ".partial");
    OpenLoop openLoop = openLoop(step, timing);
    List<ClientShare> shares = ClientShare.split(step, operationCount, openLoop, o.clients());
    StepPublisher.prepare(tmp, shares.size() == 1);
    Instant started = Instant.now();
    ctx.progress().stepStarted(session.name(), step, planned, timing.runSeconds());
    // The store's background work (snapshots, rewrites, merges...) over the step; not the floor's.
    Optional<BackgroundEvents> background =
        step.phase() == Phase.FLOOR
            ? Optional.empty()
            : session.target().probe().map(p -> new BackgroundEvents(p, session.props()));
    background.ifPresent(BackgroundEvents::start);
    // Several clients start together, and so does a step with a companion, whose work is timed
    // from that instant: after the ready barrier (every client's init done), or, for a workload
    // class without it, at a fixed instant late enough for every JVM to be up.
    LongConsumer companionStart = at -> companion.ifPresent(c -> c.start(at, timing));
    StartBarrier start =
        shares.size() == 1 && companion.isEmpty()
            ? StartBarrier.none()
            : gateCapable()
                ? StartBarrier.gate(shares.size(), companionStart)
                : StartBarrier.fixed(
                    System.currentTimeMillis() + Defaults.CLIENTS_START_DELAY_MS, companionStart);
    List<ClientRun> runs = null;
    List<BackgroundEvents.Sample> samples;
    try {
      runs = runClients(session, step, planned, keys, timing, shares, tmp, start);
    } finally {
      samples = background.map(BackgroundEvents::stop).orElse(List.of());
      ClientExits exits = ClientExits.of(runs);
      companion.ifPresent(c -> c.finish(tmp, exits));
    }
    Instant ended = Instant.now();
    ChildResult child = StepEnding.combined(runs);
    Optional<String> problem = StepEnding.problem(runs, timing);
    StepPublisher publisher = new StepPublisher(ctx, session, step, tmp);
    StepRecord ran =
        publisher.record(
            timing,
            StepEnding.status(child, problem),
            problem.orElse(null),
            started,
            ended,
            child,
            runs,
            openLoop);
    StepPublisher.Measured measured = publisher.measure(ran, runs, start.startAtEpochMs());
    StepEnding.Judged judged =
        StepEnding.judge(
            session, step, timing, ran, measured.unreadable(), measured.summary(), detector);
    // The summary of the final record (its status may have changed above), from the logs read once.
    StepRecord record = judged.record();
    Optional<StepSummary> summary = publisher.publish(record, measured.logs(), samples, dir);
    return new StepResult(
        step,
        record.status(),
        record.error(),
        summary,
        runs.stream().mapToLong(ClientRun::insertedOk).sum(),
        judged.storeDown(),
        keys.after(runs.stream().map(ClientRun::taken).toList()));
  }

  /**
   * Runs the step's clients: one JVM in the step folder itself, or several at once, each in its own
   * {@code clients/<i>/}, started as {@code start} says (this thread releases the barrier). Each
   * runs here or, client {@code i >= 1} with a hosts file naming other client machines, on one of
   * them. Only client 0 feeds the progress line.
   */
  private List<ClientRun> runClients(
      StoreSession session,
      StepSpec step,
      int planned,
      KeyLayout keys,
      StepTiming timing,
      List<ClientShare> shares,
      Path tmp,
      StartBarrier start) {
    ClientRunner local = new LocalClientRunner(ctx);
    List<RemoteClient> others = ctx.options().hosts().map(HostsFile::clients).orElse(List.of());
    Function<ClientShare, ClientRun> runOne =
        share -> {
          Path dir = shares.size() == 1 ? tmp : RunLayout.clientDir(tmp, share.index());
          ClientJob job =
              new ClientJob(session, step, planned, keys, shares.size(), timing, share, dir, start);
          // Client i runs on the hosts file's other client machine i - 1 when there is one.
          int i = share.index();
          return (i >= 1 && i - 1 < others.size()
                  ? new SshClientRunner(ctx, others.get(i - 1))
                  : local)
              .run(job);
        };
    if (!start.gated() && shares.size() == 1) {
      return List.of(runOne.apply(shares.get(0)));
    }
    ExecutorService pool = Executors.newFixedThreadPool(shares.size());
    try {
      List<Future<ClientRun>> futures = new ArrayList<>();
      for (ClientShare share : shares) {
        if (shares.size() > 1) {
          StepPublisher.prepare(RunLayout.clientDir(tmp, share.index()), true);
        }
        futures.add(pool.submit(() -> runOne.apply(share)));
      }
      start.awaitAndRelease(
          Duration.ofSeconds(Defaults.CLIENTS_READY_TIMEOUT_S),
          Duration.ofMillis(Defaults.CLIENTS_START_MARGIN_MS));
      List<ClientRun> runs = new ArrayList<>();
      for (Future<ClientRun> f : futures) {
        runs.add(f.get());
      }
      return runs;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the clients ran", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r
          ? r
          : new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Whether the workload file's class is the suite's own {@link DocSearchWorkload}, which the
   * runner may replace by {@link StartGateWorkload} for the ready barrier; another class (a user's
   * own, a subclass) starts at a fixed instant instead.
   */
  private boolean gateCapable() {
    String cls = ctx.options().workload().properties().getOrDefault("workload", "").trim();
    return cls.equals(DocSearchWorkload.class.getName())
        || cls.equals(StartGateWorkload.class.getName());
  }

  /**
   * The arrival schedule and objective of a fixed-rate step (its seed differs per step, its ramp is
   * {@link Defaults#ARRIVAL_RAMP_SHARE} of the warm-up with the shared schedule); null closed-loop.
   */
  private OpenLoop openLoop(StepSpec step, StepTiming timing) {
    if (step.targetOps() <= 0) {
      return null;
    }
    Objective slo = ctx.options().slo();
    boolean shared = sharedSchedule();
    String arrivals = shared ? ctx.options().arrivals() : OpenLoop.PER_THREAD;
    return new OpenLoop(
        arrivals,
        ctx.options().arrivalsSeed() + step.index(),
        // The send lag above which a step counts as client-limited: a tenth of the objective's
        // bound (a lag that cannot move a decision by more), at least timer and wake-up jitter.
        Math.max(Defaults.SEND_LAG_THRESHOLD_US, slo.boundUs() / 10),
        slo,
        shared ? Defaults.ARRIVAL_RAMP_SHARE * timing.warmupS() : 0); // -target cannot ramp
  }

  /**
   * Whether the workload class keeps the shared arrival schedule (the suite's {@code
   * DocSearchWorkload}, which every file in workloads/ names). Another workload class (a user's
   * file) is paced by YCSB's per-thread -target; its steps say so (open_loop.arrivals per-thread).
   */
  private boolean sharedSchedule() {
    String cls = ctx.options().workload().properties().getOrDefault("workload", "");
    try {
      return DocSearchWorkload.class.isAssignableFrom(
          Class.forName(cls.trim(), false, StepRunner.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
