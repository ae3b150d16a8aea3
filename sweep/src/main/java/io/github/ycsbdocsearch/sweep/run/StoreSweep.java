package io.github.ycsbdocsearch.sweep.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.Saturation;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.cli.SweepOptions;
import io.github.ycsbdocsearch.sweep.exec.ConnectionFile;
import io.github.ycsbdocsearch.sweep.exec.ServerCpu;
import io.github.ycsbdocsearch.sweep.plan.StepPlanner;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;

/**
 * One store's part of a run: start it alone (local) or reach it (hosts file), load it once, verify
 * search answers, then the phases: the capacity search (closed-loop thread ramp until the peak),
 * explicit --rates, the load phase (fixed rates at fractions of the peak), the harness floor
 * (BasicDB at every fixed-rate step's threads and rate); then {@code saturation.json} (peak and
 * capacity under the objective) and stop the store. Every phase resumes: a complete step folder
 * with the same name is kept. Not thread-safe.
 */
final class StoreSweep {

  /** How a store's sweep ended. */
  enum Outcome {
    COMPLETE,
    FAILED,
    INTERRUPTED
  }

  private final SweepContext ctx;
  private final SweepTarget target;
  private final RemainingTime remaining;
  private final Path storeDir;
  private final SaturationDetector detector;
  private final List<StepSpec> capacityPlan;
  private final List<StepSpec> ratesPlan;
  private SearchPhase.Found searchFound;

  StoreSweep(SweepContext ctx, SweepTarget target, RemainingTime remaining) {
    this.ctx = ctx;
    this.target = target;
    this.remaining = remaining;
    this.storeDir = ctx.runDir().resolve(target.name());
    this.detector =
        new SaturationDetector(
            SaturationDetector.Rules.of(ctx.options(), target.measuresAServer()));
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
      ctx.progress()
          .store(target.name(), e.outcome.name().toLowerCase(Locale.ROOT) + ": " + e.getMessage());
    } catch (RuntimeException e) {
      // A store that cannot be started, loaded or reached fails alone; the other stores still run.
      Outcome broken = ctx.interrupts().requested() ? Outcome.INTERRUPTED : Outcome.FAILED;
      ended = new Ended(broken, e instanceof SetupException ? e.getMessage() : e.toString());
      ctx.progress()
          .store(target.name(), broken.name().toLowerCase(Locale.ROOT) + ": " + ended.error);
    } finally {
      stopLocalStore();
    }
    // The steps of this store's plan that did not run (saturation, a failure) leave the remaining
    // time.
    remaining.storeEnded(expectedSteps(ctx.options()));
    return finish(ended.outcome, ended.error);
  }

  /** How the store's part ended: outcome and error. */
  private record Ended(Outcome outcome, String error) {}

  /** Connects (starting the local store), loads, verifies, then runs every phase. */
  private Ended connectLoadAndStep() {
    long setupStart = System.nanoTime();
    Properties connection = connect();
    Properties props = storeProperties(connection);
    describe(props);
    try (ConnectionFile conn = ConnectionFile.write(target.name(), connection)) {
      StoreSession session =
          new StoreSession(target.name(), target, props, conn.path(), storeDir, serverCpu(props));
      Optional<String> loadProblem = new LoadRunner(ctx).run(session);
      if (loadProblem.isPresent()) {
        throw new StoreFailure(
            ctx.interrupts().requested() ? Outcome.INTERRUPTED : Outcome.FAILED, loadProblem.get());
      }
      describe(
          props); // again after the load: the index settings and the data set beside the memory
      // budget
      if (target.kind().isPresent() && VerificationStep.applies(props)) {
        VerificationStep.run(ctx, session, target.kind().get());
      }
      remaining.setupTook(Duration.ofNanos(System.nanoTime() - setupStart));
      PhaseClock clock = new PhaseClock(setupStart);
      clock.ended("setup");
      recordResume(session);
      StepExecutor exec = new StepExecutor(ctx, session, remaining, detector);
      if (target.isStore() && !capacityPlan.isEmpty()) {
        new StoreWarmup(ctx).run(session);
        clock.ended("store_warmup");
      }
      int total = expectedSteps(ctx.options());
      Optional<PhaseStop> stop = new StepPhase(ctx, exec).run(capacityPlan, detector, total);
      clock.ended("capacity");
      if (stop.isEmpty() && !ratesPlan.isEmpty()) {
        stop = new StepPhase(ctx, exec).run(ratesPlan, null, total);
        clock.ended("rates");
      }
      List<StepSpec> fixed = new ArrayList<>(ratesPlan);
      int next = capacityPlan.size() + ratesPlan.size() + 1;
      if (stop.isEmpty() && hasPeak()) {
        SearchPhase search = new SearchPhase(ctx, exec, next);
        stop = search.run(detector.result(target.name(), capacityPlan.size()), total);
        next = search.nextIndex();
        searchFound = search.found().orElse(null);
        search.found().ifPresent(f -> fixed.addAll(f.curve()));
        clock.ended("load");
      }
      if (stop.isEmpty() && ctx.options().floorSeconds() > 0 && !fixed.isEmpty()) {
        List<StepSpec> floorSteps = StepPlanner.floor(fixed, next - 1);
        stop = floor(exec, floorSteps, total);
        next += floorSteps.size();
        clock.ended("floor");
      }
      if (stop.isEmpty() && ctx.options().soak().runs()) {
        Optional<StepSpec> soak = soakStep(next - 1);
        if (soak.isPresent()) {
          stop = new SoakPhase(ctx, exec).run(soak.get(), total);
          next += 1;
          clock.ended("soak");
        }
      }
      if (stop.isEmpty() && ctx.options().fault().runs()) {
        Optional<Long> rate = rateAt(ctx.options().fault().load(), "fault");
        if (rate.isPresent()) {
          stop =
              new FaultPhase(ctx, exec)
                  .run(
                      StepPlanner.fault(
                          ctx.options(),
                          rate.get(),
                          ratesOnly() ? null : ctx.options().fault().load(),
                          next - 1),
                      total);
          clock.ended("fault");
        }
      }
      ctx.manifest()
          .putStore(target.name(), "phase_seconds", Json.MAPPER.valueToTree(clock.seconds));
      ctx.manifest()
          .putStore(
              target.name(), "records_inserted_by_steps", Json.MAPPER.valueToTree(exec.inserted()));
      ctx.progress().store(target.name(), "time per phase (s): " + clock.seconds);
      return stop.map(p -> new Ended(p.outcome(), p.error()))
          .orElse(new Ended(Outcome.COMPLETE, null));
    }
  }

  /**
   * The soak step: at --soak-load of the capacity the search found, else (--rates alone) at the
   * first rate; empty, said why, when there is neither.
   */
  private Optional<StepSpec> soakStep(int after) {
    SweepOptions o = ctx.options();
    return rateAt(o.soak().load(), "soak")
        .map(rate -> StepPlanner.soak(o, rate, ratesOnly() ? null : o.soak().load(), after));
  }

  /**
   * The rate at {@code load} of the capacity the search found, else (--rates alone) the first rate;
   * empty, said why, when there is neither.
   */
  private Optional<Long> rateAt(double load, String what) {
    OptionalDouble capacity = capacity();
    if (capacity.isPresent()) {
      return Optional.of(Math.max(1, Math.round(capacity.getAsDouble() * load)));
    }
    if (!ctx.options().rates().isEmpty()) {
      return Optional.of((long) ctx.options().rates().get(0));
    }
    ctx.progress().store(target.name(), "no " + what + ": no capacity was found to run it at");
    return Optional.empty();
  }

  private OptionalDouble capacity() {
    return searchFound == null ? OptionalDouble.empty() : searchFound.result().capacity();
  }

  /**
   * Whether the rates come from --rates, not from a capacity (their fraction of it is then
   * unknown).
   */
  private boolean ratesOnly() {
    return capacity().isEmpty();
  }

  /** Whether the ramp found a peak to search under (says why not otherwise). */
  private boolean hasPeak() {
    if (ctx.options().loadFractions().isEmpty()) {
      return false;
    }
    Saturation peak = detector.result(target.name(), capacityPlan.size());
    if (peak.peakOps() == null) {
      ctx.progress().store(target.name(), "no load phase: the capacity search found no peak");
      return false;
    }
    ctx.progress()
        .store(
            target.name(),
            String.format(
                Locale.ROOT,
                "peak %.0f ops/s at %d threads (%s); latency "
                    + "curve at %d fractions of it, then the capacity search",
                peak.peakOps(),
                peak.peakThreads(),
                peak.reason(),
                ctx.options().loadFractions().size()));
    return true;
  }

  /** Wall time of each phase of one store, for the manifest and the progress line. */
  private static final class PhaseClock {
    private final Map<String, Long> seconds = new LinkedHashMap<>();
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
    return target
        .probe()
        .map(p -> ServerCpu.storeReported(() -> p.serverCpuNanos(props)))
        .orElse(ServerCpu.NONE);
  }

  /** The harness floor: the same threads and rates through YCSB's BasicDB, no store. */
  private Optional<PhaseStop> floor(StepExecutor exec, List<StepSpec> steps, int total) {
    SweepTarget basic = SweepTarget.byName(SweepTarget.BASICDB);
    Properties p = new Properties();
    p.putAll(exec.session().props());
    p.putAll(basicDbProperties());
    try (ConnectionFile conn = ConnectionFile.write(basic.name(), basicDbProperties())) {
      StepExecutor floorExec = exec.runBy(exec.session().runBy(basic, p, conn.path()));
      return new StepPhase(ctx, floorExec).run(steps, null, total);
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

  /**
   * Steps a store will run at most (the curve, search and floor are planned later): the progress
   * line's total and each store's share of the sweep's remaining time.
   */
  static int expectedSteps(SweepOptions options) {
    int capacity = StepPlanner.capacity(options).size();
    int curve = options.loadFractions().size();
    int fixed = StepPlanner.rates(options, capacity).size() + curve;
    return capacity
        + fixed
        + (curve > 0 ? options.searchProbes() : 0)
        + (options.floorSeconds() > 0 ? fixed : 0)
        + (options.soak().runs() ? 1 : 0)
        + (options.fault().runs() ? 2 : 0);
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
      ctx.progress()
          .store(
              target.name(),
              "starting the local store alone (the other stores are stopped)"
                  + ctx.pinning().serverCpus().map(c -> " on CPUs " + c).orElse(""));
      ctx.local().get().stop(Arrays.stream(StoreKind.values()).map(StoreKind::storeName).toList());
      if (ctx.interrupts().requested()) {
        throw new StoreFailure(Outcome.INTERRUPTED, "interrupted before the store started");
      }
      p.putAll(ctx.local().get().start(kind, ctx.pinning().serverCpus()));
      ctx.local()
          .get()
          .launchSettings(kind)
          .ifPresent(n -> ctx.manifest().putStore(target.name(), "local_settings", n));
    } else {
      p.putAll(ctx.options().hosts().orElseThrow().propertiesOf(kind));
    }
    ObjectNode conn = Json.MAPPER.valueToTree(HostsFile.masked(p));
    ctx.manifest().putStore(target.name(), "connection", conn);
    ctx.pinning()
        .serverCpus()
        .filter(c -> ctx.local().isPresent())
        .ifPresent(c -> ctx.manifest().putStore(target.name(), "server_cpus", c));
    return p;
  }

  /**
   * Workload file, record count, connection and -p values: what the store's probe and verification
   * read.
   */
  private Properties storeProperties(Properties connection) {
    Properties p = new Properties();
    p.putAll(ctx.options().workload().properties());
    p.setProperty("recordcount", String.valueOf(ctx.options().records()));
    p.putAll(connection);
    p.putAll(ctx.options().ycsbProperties());
    return p;
  }

  /**
   * Checks the store answers and records its version and settings (again after the load: index
   * settings).
   */
  private void describe(Properties props) {
    target
        .probe()
        .ifPresent(
            probe -> {
              probe.check(props);
              ctx.manifest()
                  .putStore(
                      target.name(), "describe", Json.MAPPER.valueToTree(probe.describe(props)));
              ctx.manifest().write();
            });
  }

  /**
   * A resumed run: which complete steps it keeps and which it runs again (recorded in the
   * manifest).
   */
  private void recordResume(StoreSession session) {
    Map<String, StepRecord> existing = ResumePlanner.existingSteps(session.stepsDir());
    if (existing.isEmpty()) {
      return;
    }
    ObjectNode n = Json.MAPPER.createObjectNode();
    n.put("utc", StepRunner.utc(Instant.now()));
    n.put("store", target.name());
    n.put("kept_complete_steps", existing.values().stream().filter(StepRecord::complete).count());
    var rerun = n.putArray("rerun");
    existing.values().stream()
        .filter(r -> !r.complete())
        .forEach(
            r ->
                rerun
                    .addObject()
                    .put("index", r.index())
                    .put("previous_status", r.status().jsonName())
                    .put("previous_error", r.error()));
    ctx.manifest().append("resumes", n);
    ctx.progress()
        .store(
            target.name(),
            "resuming: "
                + n.get("kept_complete_steps").asLong()
                + " complete steps "
                + "kept, "
                + rerun.size()
                + " to run again");
  }

  private Outcome finish(Outcome outcome, String error) {
    List<StepSummary> steps = new ArrayList<>();
    ResumePlanner.existingSteps(storeDir.resolve("steps"))
        .keySet()
        .forEach(
            name ->
                summaryOfPublished(storeDir.resolve("steps").resolve(name)).ifPresent(steps::add));
    Saturation sat =
        CapacityFinder.withCapacity(
            detector.result(target.name(), capacityPlan.size()),
            steps,
            ctx.options().slo(),
            Optional.ofNullable(searchFound));
    sat.writeTo(storeDir);
    status(outcome.name().toLowerCase(Locale.ROOT), error);
    ctx.manifest().putStore(target.name(), "saturation", Json.MAPPER.valueToTree(sat));
    ctx.manifest().write();
    if (outcome == Outcome.COMPLETE) {
      ctx.progress()
          .store(
              target.name(),
              String.format(
                  Locale.ROOT,
                  "peak %s ops/s%s; capacity %s ops/s under %s",
                  sat.peakOps() == null
                      ? "none"
                      : String.format(Locale.ROOT, "%.0f", sat.peakOps()),
                  Boolean.TRUE.equals(sat.peakLowerBound()) ? " (lower bound)" : "",
                  sat.capacityOps() == null
                      ? "none"
                      : String.format(Locale.ROOT, "%.0f", sat.capacityOps())
                          + (Boolean.TRUE.equals(sat.capacityLowerBound()) ? " (lower bound)" : "")
                          + (sat.capacityBracket() == null ? "" : " " + sat.capacityBracket()),
                  sat.slo()));
    }
    return outcome;
  }

  private static Optional<StepSummary> summaryOfPublished(Path stepDir) {
    try {
      return Optional.of(RunFolder.readStep(stepDir));
    } catch (IOException | RuntimeException e) {
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
