package io.github.ycsbdocsearch.sweep.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.sweep.exec.ConnectionFile;
import io.github.ycsbdocsearch.sweep.plan.StepPlanner;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.report.StepMetrics;
import io.github.ycsbdocsearch.sweep.results.AtomicFiles;
import io.github.ycsbdocsearch.sweep.results.Json;
import io.github.ycsbdocsearch.sweep.results.StepRecord;
import io.github.ycsbdocsearch.sweep.results.StepStatus;
import io.github.ycsbdocsearch.sweep.target.SweepTarget;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * One store's part of a run: plan (or resume) its steps, start it alone (local) or reach it (hosts file), load it
 * once, verify search answers, run steps until saturation, write {@code saturation.json}, stop it. Not thread-safe.
 */
final class StoreSweep {

  /** How a store's sweep ended. */
  enum Outcome { COMPLETE, FAILED, INTERRUPTED }

  private final SweepContext ctx;
  private final SweepTarget target;
  private final RemainingTime remaining;
  private final Path storeDir;

  StoreSweep(SweepContext ctx, SweepTarget target, RemainingTime remaining) {
    this.ctx = ctx;
    this.target = target;
    this.remaining = remaining;
    this.storeDir = ctx.runDir().resolve(target.name());
  }

  Outcome run() {
    List<StepSpec> planned = StepPlanner.steps(ctx.options().threads(), ctx.options().rates());
    SaturationDetector detector = new SaturationDetector(SaturationDetector.Rules.of(ctx.options()));
    ResumePlanner.Plan plan = ResumePlanner.plan(planned, ResumePlanner.existingSteps(storeDir.resolve("steps")),
        this::metricsOfPublished, detector);
    remaining.skipped(plan.reused().size());
    if (plan.finished()) {
      ctx.progress().store(target.name(), "nothing left to run (" + plan.reused().size() + " complete steps kept)");
      return finish(detector, planned.size(), Outcome.COMPLETE, null, planned.size() - plan.reused().size());
    }
    if (!plan.reused().isEmpty() || !plan.replaced().isEmpty()) {
      recordResume(plan);
    }
    status("running", null);
    Ended ended;
    try {
      ended = connectLoadAndStep(plan, planned.size(), detector);
    } catch (StoreFailure e) {
      ended = new Ended(e.outcome, e.getMessage(), 0);
      ctx.progress().store(target.name(), e.outcome.name().toLowerCase(Locale.ROOT) + ": " + e.getMessage());
    } catch (RuntimeException e) {
      // A store that cannot be started, loaded or reached fails alone; the other stores still run.
      Outcome broken = ctx.interrupts().requested() ? Outcome.INTERRUPTED : Outcome.FAILED;
      ended = new Ended(broken, e instanceof SetupException ? e.getMessage() : e.toString(), 0);
      ctx.progress().store(target.name(), broken.name().toLowerCase(Locale.ROOT) + ": " + ended.error);
    } finally {
      stopLocalStore();
    }
    return finish(detector, planned.size(), ended.outcome, ended.error, plan.toRun().size() - ended.ran);
  }

  /** How the store's part ended: outcome, error, steps run. */
  private record Ended(Outcome outcome, String error, int ran) {
  }

  /** Connects (starting the local store), loads, verifies, then runs the remaining steps. */
  private Ended connectLoadAndStep(ResumePlanner.Plan plan, int planned, SaturationDetector detector) {
    long setupStart = System.nanoTime();
    Properties connection = connect();
    Properties props = storeProperties(connection);
    describe(props);
    try (ConnectionFile conn = ConnectionFile.write(target.name(), connection)) {
      StoreSession session = new StoreSession(target, props, conn.path(), storeDir);
      Optional<String> loadProblem = new LoadRunner(ctx).run(session);
      if (loadProblem.isPresent()) {
        throw new StoreFailure(ctx.interrupts().requested() ? Outcome.INTERRUPTED : Outcome.FAILED,
            loadProblem.get());
      }
      describe(props);
      if (target.kind().isPresent() && VerificationStep.applies(props)) {
        VerificationStep.run(ctx, session, target.kind().get());
      }
      remaining.setupTook(Duration.ofNanos(System.nanoTime() - setupStart));
      StepLoop loop = new StepLoop(session, plan, planned, detector);
      Outcome outcome = loop.run();
      return new Ended(outcome, loop.error, loop.ran);
    }
  }

  private void stopLocalStore() {
    if (ctx.local().isEmpty() || !target.isStore()) {
      return;
    }
    ctx.progress().store(target.name(), "stopping the local store");
    try {
      ctx.local().get().stop(List.of(target.name()));
    } catch (SetupException e) {
      ctx.progress().store(target.name(), "could not stop it: " + e.getMessage());
    }
  }

  /** Runs the steps the plan left, feeding the detector. */
  private final class StepLoop {
    private final StoreSession session;
    private final ResumePlanner.Plan plan;
    private final int planned;
    private final SaturationDetector detector;
    private int ran;
    private String error;

    StepLoop(StoreSession session, ResumePlanner.Plan plan, int planned, SaturationDetector detector) {
      this.session = session;
      this.plan = plan;
      this.planned = planned;
      this.detector = detector;
    }

    Outcome run() {
      double best = plan.reused().stream().mapToDouble(r -> r.metrics().orElseThrow().throughputOps()).max()
          .orElse(0);
      StepRunner steps = new StepRunner(ctx);
      // Every step is a new YCSB JVM whose inserts start at recordcount: counting the records earlier steps
      // inserted into this load keeps new keys new (no duplicate-key inserts) and makes them readable.
      long inserted = 0;
      for (StepSpec spec : plan.toRun()) {
        if (ctx.interrupts().requested()) {
          error = "interrupted before step " + spec.dirName();
          return Outcome.INTERRUPTED;
        }
        long ops = OperationBudget.operationCount(ctx.options().workload().properties(),
            ctx.options().ycsbProperties(), ctx.options().stepRunSeconds(), spec.targetOps(), best);
        remaining.stepStarted();
        int records = (int) Math.min(Integer.MAX_VALUE, ctx.options().records() + inserted);
        StepResult r = steps.run(session, spec, planned, records, ops, detector);
        inserted += r.inserts();
        remaining.stepEnded();
        ran++;
        report(r);
        best = Math.max(best, r.metrics().map(StepMetrics::throughputOps).orElse(0.0));
        Optional<String> stop = detector.offer(r);
        if (r.status() == StepStatus.INTERRUPTED) {
          error = r.error();
          return Outcome.INTERRUPTED;
        }
        if (r.status() == StepStatus.FAILED && !r.failedOnErrorBound(detector)) {
          error = "step " + spec.dirName() + " failed: " + r.error();
          return Outcome.FAILED;
        }
        if (stop.isPresent()) {
          ctx.progress().store(target.name(), "sweep ends: " + stop.get());
          return Outcome.COMPLETE;
        }
      }
      return Outcome.COMPLETE;
    }

    private void report(StepResult r) {
      String what = r.status() == StepStatus.COMPLETE ? r.metrics().map(StepMetrics::describe).orElse("")
          : r.status().jsonName() + ": " + r.error();
      ctx.progress().store(target.name(), "step " + r.spec().index() + "/" + planned + " " + r.spec().label()
          + " " + (r.status() == StepStatus.COMPLETE ? "complete: " + what : what));
    }
  }

  /** Starts the store alone (local) or finds it in the hosts file; basicdb needs nothing. */
  private Properties connect() {
    Properties p = new Properties();
    if (target.kind().isEmpty()) {
      p.setProperty("basicdb.verbose", "false");
      p.setProperty("basicdb.simulatedelay", "0");
      return p;
    }
    StoreKind kind = target.kind().get();
    if (ctx.local().isPresent()) {
      ctx.progress().store(target.name(), "starting the local store alone (the other stores are stopped)"
          + ctx.pinning().serverCpus().map(c -> " on CPUs " + c).orElse(""));
      ctx.local().get().stop(Arrays.stream(StoreKind.values()).map(StoreKind::storeName).toList());
      if (ctx.interrupts().requested()) {
        throw new StoreFailure(Outcome.INTERRUPTED, "interrupted before the store started");
      }
      p.putAll(ctx.local().get().start(kind, ctx.pinning().serverCpus()));
      ctx.local().get().settings(kind).ifPresent(n -> ctx.manifest().putStore(target.name(), "local_settings", n));
    } else {
      p.putAll(ctx.options().hosts().orElseThrow().propertiesOf(kind));
    }
    ObjectNode conn = Json.MAPPER.valueToTree(HostsFile.masked(p));
    ctx.manifest().putStore(target.name(), "connection", conn);
    ctx.pinning().serverCpus().filter(c -> ctx.local().isPresent())
        .ifPresent(c -> ctx.manifest().putStore(target.name(), "server_cpus", c));
    return p;
  }

  /** Workload file, record count, connection and -p values: what the store's probe and verification read. */
  private Properties storeProperties(Properties connection) {
    Properties p = new Properties();
    p.putAll(ctx.options().workload().properties());
    p.setProperty("recordcount", String.valueOf(ctx.options().records()));
    p.putAll(connection);
    p.putAll(ctx.options().ycsbProperties());
    return p;
  }

  /** Checks the store answers and records its version and settings (again after the load: index settings). */
  private void describe(Properties props) {
    target.probe().ifPresent(probe -> {
      probe.check(props);
      ctx.manifest().putStore(target.name(), "describe", Json.MAPPER.valueToTree(probe.describe(props)));
      ctx.manifest().write();
    });
  }

  private Optional<StepMetrics> metricsOfPublished(StepSpec spec) {
    Path dir = storeDir.resolve("steps").resolve(spec.dirName());
    try {
      return Optional.of(ctx.report().summarize(dir, spec.targetOps() > 0));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private void recordResume(ResumePlanner.Plan plan) {
    ObjectNode n = Json.MAPPER.createObjectNode();
    n.put("utc", StepRunner.utc(java.time.Instant.now()));
    n.put("store", target.name());
    n.put("kept_complete_steps", plan.reused().size());
    var rerun = n.putArray("rerun");
    for (StepRecord r : plan.replaced()) {
      ObjectNode step = rerun.addObject();
      step.put("index", r.index());
      step.put("previous_status", r.status().jsonName());
      step.put("previous_error", r.error());
    }
    ctx.manifest().append("resumes", n);
    ctx.progress().store(target.name(), "resuming: " + plan.reused().size() + " complete steps kept, "
        + plan.replaced().size() + " to run again");
  }

  private Outcome finish(SaturationDetector detector, int planned, Outcome outcome, String error, int unused) {
    Saturation sat = detector.result(target.name(), planned);
    AtomicFiles.writeJson(storeDir.resolve(Saturation.FILE_NAME), sat);
    remaining.storeEnded(Math.max(0, unused));
    status(outcome.name().toLowerCase(Locale.ROOT), error);
    ctx.manifest().putStore(target.name(), "saturation", Json.MAPPER.valueToTree(sat));
    ctx.manifest().write();
    if (outcome == Outcome.COMPLETE && sat.maxSustainableIndex() != null) {
      ctx.progress().store(target.name(), String.format(Locale.ROOT, "max sustainable: step %d, %d "
          + "threads, %.0f ops/s (%s)", sat.maxSustainableIndex(), sat.threads(), sat.throughputOps(), sat.reason()));
    }
    return outcome;
  }

  private void status(String status, String error) {
    ctx.manifest().putStore(target.name(), "status", status);
    ctx.manifest().putStore(target.name(), "error", error);
    ctx.manifest().write();
  }

  /** Ends a store's sweep early with an outcome and a reason. */
  private static final class StoreFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Outcome outcome;

    StoreFailure(Outcome outcome, String message) {
      super(message);
      this.outcome = outcome;
    }
  }
}
