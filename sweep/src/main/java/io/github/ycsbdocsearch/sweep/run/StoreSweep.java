package io.github.ycsbdocsearch.sweep.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.Saturation;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.exec.ConnectionFile;
import io.github.ycsbdocsearch.sweep.exec.ServerCpu;
import io.github.ycsbdocsearch.sweep.plan.StepPlanner;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * One store's part of a run: start it alone (local) or reach it (hosts file), load it once, verify search answers,
 * then the phases: the capacity search (closed-loop thread ramp until the peak), explicit --rates, the load phase
 * (fixed rates at fractions of the peak), the harness floor (BasicDB at every fixed-rate step's threads and rate);
 * then {@code saturation.json} (peak and capacity under the objective) and stop the store. Every phase resumes: a
 * complete step folder with the same name is kept. Not thread-safe.
 */
final class StoreSweep {

  /** How a store's sweep ended. */
  enum Outcome { COMPLETE, FAILED, INTERRUPTED }

  private final SweepContext ctx;
  private final SweepTarget target;
  private final RemainingTime remaining;
  private final Path storeDir;
  private final SaturationDetector detector;
  private final List<StepSpec> capacityPlan;
  private final List<StepSpec> ratesPlan;

  StoreSweep(SweepContext ctx, SweepTarget target, RemainingTime remaining) {
    this.ctx = ctx;
    this.target = target;
    this.remaining = remaining;
    this.storeDir = ctx.runDir().resolve(target.name());
    this.detector = new SaturationDetector(SaturationDetector.Rules.of(ctx.options(), target.isStore()));
    this.capacityPlan = StepPlanner.capacity(ctx.options());
    this.ratesPlan = StepPlanner.rates(ctx.options(), capacityPlan.size());
  }

  Outcome run() {
    status("running", null);
    Ended ended;
    try {
      ended = connectLoadAndStep();
    } catch (StoreFailure e) {
      ended = new Ended(e.outcome, e.getMessage());
      ctx.progress().store(target.name(), e.outcome.name().toLowerCase(Locale.ROOT) + ": " + e.getMessage());
    } catch (RuntimeException e) {
      // A store that cannot be started, loaded or reached fails alone; the other stores still run.
      Outcome broken = ctx.interrupts().requested() ? Outcome.INTERRUPTED : Outcome.FAILED;
      ended = new Ended(broken, e instanceof SetupException ? e.getMessage() : e.toString());
      ctx.progress().store(target.name(), broken.name().toLowerCase(Locale.ROOT) + ": " + ended.error);
    } finally {
      stopLocalStore();
    }
    return finish(ended.outcome, ended.error);
  }

  /** How the store's part ended: outcome and error. */
  private record Ended(Outcome outcome, String error) {
  }

  /** Connects (starting the local store), loads, verifies, then runs every phase. */
  private Ended connectLoadAndStep() {
    long setupStart = System.nanoTime();
    Properties connection = connect();
    Properties props = storeProperties(connection);
    describe(props);
    try (ConnectionFile conn = ConnectionFile.write(target.name(), connection)) {
      StoreSession session = new StoreSession(target.name(), target, props, conn.path(), storeDir,
          serverCpu(props));
      Optional<String> loadProblem = new LoadRunner(ctx).run(session);
      if (loadProblem.isPresent()) {
        throw new StoreFailure(ctx.interrupts().requested() ? Outcome.INTERRUPTED : Outcome.FAILED,
            loadProblem.get());
      }
      describe(props); // again after the load: the index settings and the data set beside the memory budget
      if (target.kind().isPresent() && VerificationStep.applies(props)) {
        VerificationStep.run(ctx, session, target.kind().get());
      }
      remaining.setupTook(Duration.ofNanos(System.nanoTime() - setupStart));
      PhaseClock clock = new PhaseClock(setupStart);
      clock.ended("setup");
      StepLoop loop = new StepLoop(session);
      Optional<Ended> stop = loop.phase(capacityPlan, detector);
      clock.ended("capacity");
      if (stop.isEmpty() && !ratesPlan.isEmpty()) {
        stop = loop.phase(ratesPlan, null);
        clock.ended("rates");
      }
      List<StepSpec> loadPlan = List.of();
      if (stop.isEmpty()) {
        loadPlan = loadPlan();
        stop = loop.phase(loadPlan, null);
        clock.ended("load");
      }
      if (stop.isEmpty() && ctx.options().floorSeconds() > 0) {
        List<StepSpec> fixed = new ArrayList<>(ratesPlan);
        fixed.addAll(loadPlan);
        stop = floor(loop, fixed, capacityPlan.size() + ratesPlan.size() + loadPlan.size());
        clock.ended("floor");
      }
      ctx.manifest().putStore(target.name(), "phase_seconds", Json.MAPPER.valueToTree(clock.seconds));
      ctx.progress().store(target.name(), "time per phase (s): " + clock.seconds);
      return stop.orElse(new Ended(Outcome.COMPLETE, null));
    }
  }

  /** Wall time of each phase of one store, for the manifest and the progress line. */
  private static final class PhaseClock {
    private final java.util.Map<String, Long> seconds = new java.util.LinkedHashMap<>();
    private long since;

    PhaseClock(long startNanos) {
      since = startNanos;
    }

    void ended(String phase) {
      long now = System.nanoTime();
      seconds.put(phase, Math.round((now - since) / 1e9));
      since = now;
    }
  }

  /** The local server processes' CPU, else what the remote store reports; none for BasicDB. */
  private ServerCpu serverCpu(Properties props) {
    if (target.kind().isEmpty()) {
      return ServerCpu.NONE;
    }
    if (ctx.local().isPresent()) {
      return ServerCpu.localProcesses(ctx.local().get().serverPids(target.kind().get()));
    }
    return target.probe().map(p -> ServerCpu.storeReported(() -> p.serverCpuNanos(props))).orElse(ServerCpu.NONE);
  }

  /** The load phase's steps, once the capacity search has a peak; none without one. */
  private List<StepSpec> loadPlan() {
    Saturation peak = detector.result(target.name(), capacityPlan.size());
    if (peak.peakOps() == null || ctx.options().loadFractions().isEmpty()) {
      if (!ctx.options().loadFractions().isEmpty()) {
        ctx.progress().store(target.name(), "no load phase: the capacity search found no peak");
      }
      return List.of();
    }
    ctx.progress().store(target.name(), String.format(Locale.ROOT, "peak %.0f ops/s at %d threads (%s); load phase: "
        + "%d fixed rates", peak.peakOps(), peak.peakThreads(), peak.reason(), ctx.options().loadFractions().size()));
    return StepPlanner.load(ctx.options(), peak.peakOps(), peak.peakThreads(),
        capacityPlan.size() + ratesPlan.size());
  }

  /** The harness floor: the same threads and rates through YCSB's BasicDB, no store. */
  private Optional<Ended> floor(StepLoop loop, List<StepSpec> fixed, int after) {
    if (fixed.isEmpty()) {
      return Optional.empty();
    }
    SweepTarget basic = SweepTarget.byName(SweepTarget.BASICDB);
    Properties p = new Properties();
    p.putAll(loop.session.props());
    p.putAll(basicDbProperties());
    try (ConnectionFile conn = ConnectionFile.write(basic.name(), basicDbProperties())) {
      StepLoop floorLoop = new StepLoop(loop.session.runBy(basic, p, conn.path()));
      return floorLoop.phase(StepPlanner.floor(fixed, after), null);
    }
  }

  private static Properties basicDbProperties() {
    Properties p = new Properties();
    p.setProperty("basicdb.verbose", "false");
    p.setProperty("basicdb.simulatedelay", "0");
    return p;
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

  /** Runs the steps of one phase after another, resuming complete ones. */
  private final class StepLoop {
    private final StoreSession session;
    // Every step is a new YCSB JVM whose inserts start at recordcount: counting the records earlier steps
    // inserted into this load keeps new keys new (no duplicate-key inserts) and makes them readable.
    private long inserted;
    private double best;

    StepLoop(StoreSession session) {
      this.session = session;
    }

    /**
     * Runs a phase; {@code stopRule} (the capacity search's) may end it early, otherwise every step runs: the
     * growth rule never applies to fixed rates.
     *
     * @return how the store's sweep ended, when the phase ended it (failure, interrupt)
     */
    Optional<Ended> phase(List<StepSpec> planned, SaturationDetector stopRule) {
      if (planned.isEmpty()) {
        return Optional.empty();
      }
      ResumePlanner.Plan plan = ResumePlanner.plan(planned, ResumePlanner.existingSteps(session.stepsDir()),
          spec -> summaryOfPublished(session.stepsDir().resolve(spec.dirName())), stopRule);
      remaining.skipped(plan.reused().size());
      if (!plan.reused().isEmpty() || !plan.replaced().isEmpty()) {
        recordResume(plan);
      }
      plan.reused().forEach(r -> best = Math.max(best, r.summary().map(StepSummary::throughputOps).orElse(0.0)));
      StepRunner steps = new StepRunner(ctx);
      int total = Math.max(planned.get(planned.size() - 1).index(), expectedSteps());
      for (StepSpec spec : plan.toRun()) {
        if (ctx.interrupts().requested()) {
          return Optional.of(new Ended(Outcome.INTERRUPTED, "interrupted before step " + spec.dirName()));
        }
        long ops = OperationBudget.operationCount(ctx.options().workload().properties(),
            ctx.options().ycsbProperties(), StepRunner.Timing.of(ctx.options(), spec.phase()).runSeconds(),
            (int) Math.min(Integer.MAX_VALUE, spec.targetOps()), best);
        remaining.stepStarted();
        int records = (int) Math.min(Integer.MAX_VALUE, ctx.options().records() + inserted);
        StepResult r = steps.run(session, spec, total, records, ops, detector);
        inserted += r.inserts();
        remaining.stepEnded();
        report(r, total);
        if (stopRule != null && disturbed(r) && !ctx.interrupts().requested()) {
          // One noisy step must not decide the headline: measure it once more, the second one counts.
          ctx.progress().store(session.name(), "step " + spec.dirName() + " was disturbed (throughput varied by more "
              + "than " + Math.round(DISTURBED_SHARE * 100) + " % second to second): running it again");
          ctx.manifest().append("repeated_steps", Json.MAPPER.createObjectNode().put("store", session.name())
              .put("step", spec.dirName()).put("first_throughput_ops", r.summary().get().throughputOps())
              .putPOJO("first_ci95", r.summary().get().throughputCi95()));
          remaining.stepStarted();
          records = (int) Math.min(Integer.MAX_VALUE, ctx.options().records() + inserted);
          r = steps.run(session, spec, total, records, ops, detector);
          inserted += r.inserts();
          remaining.stepEnded();
          report(r, total);
        }
        best = Math.max(best, r.summary().map(StepSummary::throughputOps).orElse(0.0));
        Optional<String> stop = stopRule == null ? Optional.empty() : stopRule.offer(r);
        if (r.status() == StepStatus.INTERRUPTED) {
          return Optional.of(new Ended(Outcome.INTERRUPTED, r.error()));
        }
        // A failed harness-floor step says something about the client, not the store: recorded, not fatal.
        if (r.status() == StepStatus.FAILED && spec.phase() != Phase.FLOOR && (r.storeLost()
            || stopRule != null && !r.failedOnErrorBound(stopRule) || stopRule == null && r.summary().isEmpty())) {
          return Optional.of(new Ended(Outcome.FAILED, "step " + spec.dirName() + " failed: " + r.error()));
        }
        if (stop.isPresent()) {
          ctx.progress().store(session.name(), "capacity search ends: " + stop.get());
          break;
        }
      }
      return Optional.empty();
    }

    private void report(StepResult r, int total) {
      String what = r.status() == StepStatus.COMPLETE ? r.summary().map(StoreSweep::describe).orElse("")
          : r.status().jsonName() + ": " + r.error();
      ctx.progress().store(session.name(), "step " + r.spec().index() + "/" + total + " " + r.spec().label()
          + " " + (r.status() == StepStatus.COMPLETE ? "complete: " + what : what));
    }
  }

  /** A capacity step is disturbed when the half-width of its throughput's 95 % interval passes this share. */
  static final double DISTURBED_SHARE = 0.15;

  /** Whether a complete step's per-second throughput swung so much that the machine, not the store, spoke. */
  static boolean disturbed(StepResult r) {
    return r.status() == StepStatus.COMPLETE && r.summary().isPresent() && r.summary().get().throughputCi95() != null
        && r.summary().get().throughputOps() > 0
        && (r.summary().get().throughputCi95().get(1) - r.summary().get().throughputCi95().get(0)) / 2
        > DISTURBED_SHARE * r.summary().get().throughputOps();
  }

  /** Steps this store will run at most (the load and floor phases are planned later). */
  private int expectedSteps() {
    int fixed = ratesPlan.size() + ctx.options().loadFractions().size();
    return capacityPlan.size() + fixed + (ctx.options().floorSeconds() > 0 ? fixed : 0);
  }

  /** One line for people: {@code 8123 ops/s, p99 1.24 ms (READ), 0 errors, client 0.62 CPUs}. */
  static String describe(StepSummary s) {
    String p99 = s.worst(io.github.ycsbdocsearch.resultsformat.Percentile.P99)
        .map(w -> String.format(Locale.ROOT, ", p99 %.2f ms (%s)", w.us() / 1000.0, w.op())).orElse("");
    String flags = (Boolean.FALSE.equals(s.rateSustained()) ? String.format(Locale.ROOT, ", NOT SUSTAINED (%.0f%% "
        + "of target)", s.achievedPct()) : "") + (s.clientBound() ? ", CLIENT-BOUND" : "");
    String cpu = s.clientCpuCores() == null ? "" : String.format(Locale.ROOT, ", client %.2f CPUs",
        s.clientCpuCores());
    return String.format(Locale.ROOT, "%.0f ops/s%s, %d errors%s%s", s.throughputOps(), p99, s.errors(), cpu, flags);
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
      ctx.local().get().launchSettings(kind).ifPresent(n -> ctx.manifest().putStore(target.name(), "local_settings", n));
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

  private Outcome finish(Outcome outcome, String error) {
    List<StepSummary> steps = new ArrayList<>();
    ResumePlanner.existingSteps(storeDir.resolve("steps")).keySet()
        .forEach(name -> summaryOfPublished(storeDir.resolve("steps").resolve(name)).ifPresent(steps::add));
    Saturation sat = CapacityFinder.withCapacity(detector.result(target.name(), capacityPlan.size()), steps,
        ctx.options().slo());
    sat.writeTo(storeDir);
    status(outcome.name().toLowerCase(Locale.ROOT), error);
    ctx.manifest().putStore(target.name(), "saturation", Json.MAPPER.valueToTree(sat));
    ctx.manifest().write();
    if (outcome == Outcome.COMPLETE) {
      ctx.progress().store(target.name(), String.format(Locale.ROOT, "peak %s ops/s%s; capacity %s ops/s under %s",
          sat.peakOps() == null ? "none" : String.format(Locale.ROOT, "%.0f", sat.peakOps()),
          Boolean.TRUE.equals(sat.peakLowerBound()) ? " (lower bound)" : "",
          sat.capacityOps() == null ? "none" : String.format(Locale.ROOT, "%.0f", sat.capacityOps()), sat.slo()));
    }
    return outcome;
  }

  private Optional<StepSummary> summaryOfPublished(Path stepDir) {
    try {
      return Optional.of(RunFolder.readStep(stepDir));
    } catch (java.io.IOException | RuntimeException e) {
      return Optional.empty();
    }
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
