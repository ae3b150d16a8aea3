package io.github.ycsbdocsearch.sweep.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.resultsformat.HarnessFloor;
import io.github.ycsbdocsearch.resultsformat.HdrChecksums;
import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.exec.ConnectionFile;
import io.github.ycsbdocsearch.sweep.phase.CapacityFile;
import io.github.ycsbdocsearch.sweep.phase.FaultPhase;
import io.github.ycsbdocsearch.sweep.phase.LoadRunner;
import io.github.ycsbdocsearch.sweep.phase.PhaseStop;
import io.github.ycsbdocsearch.sweep.phase.SearchPhase;
import io.github.ycsbdocsearch.sweep.phase.SoakAndFaultSteps;
import io.github.ycsbdocsearch.sweep.phase.SoakPhase;
import io.github.ycsbdocsearch.sweep.phase.StepPhase;
import io.github.ycsbdocsearch.sweep.phase.StoreOutcome;
import io.github.ycsbdocsearch.sweep.phase.StoreWarmup;
import io.github.ycsbdocsearch.sweep.phase.SweepPhase;
import io.github.ycsbdocsearch.sweep.phase.VerificationStep;
import io.github.ycsbdocsearch.sweep.plan.StepPlanner;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.step.PeakDetector;
import io.github.ycsbdocsearch.sweep.step.RemainingTime;
import io.github.ycsbdocsearch.sweep.step.StepExecutor;
import io.github.ycsbdocsearch.sweep.step.StoreSession;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * One store's part of a run: start it alone (local) or reach it (hosts file), load it once, verify
 * search answers, then the phases: the ramp (closed loop, more threads until the peak), explicit
 * --rates, the harness floor (BasicDB at every fixed-rate step's threads and rate: the store rests
 * meanwhile), the load phase (fixed rates at fractions of the peak, then the capacity search), and
 * once more the search and its floor when the first found no capacity while the floor failed too;
 * then {@code capacity.json} (peak and capacity under the objective) and stop the store. Every
 * phase resumes: a complete step folder with the same name is kept. This class plans each phase's
 * steps (the curve once: the floor runs at its rates, the search runs it) and orders the phases,
 * each through {@link SweepPhase#run}; reaching and stopping the store is {@link StoreLifecycle}'s,
 * the soak's and fault's rates {@link SoakAndFaultSteps}', capacity.json {@link CapacityFile}'s.
 */
final class StoreSweep {

  /** What capacity.json's reason adds when the search ran a second time. */
  static final String SEARCHED_AGAIN =
      "searched again: the first search found no capacity while the harness floor (BasicDB, no"
          + " store) failed the objective too, so its windows could not tell the store's failures"
          + " from the machine's; this result is from the second search's windows alone";

  private final SweepContext ctx;
  private final SweepTarget target;
  private final StoreLifecycle store;
  private final RemainingTime remaining;
  private final Path storeDir;
  private final PeakDetector detector;
  private final List<StepSpec> rampPlan;
  private final List<StepSpec> ratesPlan;
  private SearchPhase.Found searchFound;

  StoreSweep(SweepContext ctx, SweepTarget target, RemainingTime remaining) {
    this.ctx = ctx;
    this.target = target;
    this.store = new StoreLifecycle(ctx, target);
    this.remaining = remaining;
    this.storeDir = ctx.runDir().resolve(target.name());
    this.detector =
        new PeakDetector(PeakDetector.Rules.of(ctx.options(), target.measuresAServer()));
    this.rampPlan = StepPlanner.ramp(ctx.options());
    this.ratesPlan = StepPlanner.rates(ctx.options(), rampPlan.size());
  }

  StoreOutcome run() {
    status("running", null);
    Ended ended;
    try {
      ended = connectLoadAndStep();
    } catch (StoreFailure e) {
      ended = new Ended(e.outcome(), e.getMessage());
      ctx.progress()
          .store(
              target.name(), e.outcome().name().toLowerCase(Locale.ROOT) + ": " + e.getMessage());
    } catch (RuntimeException e) {
      // A store that cannot be started, loaded or reached fails alone; the other stores still run.
      StoreOutcome broken =
          ctx.interrupts().requested() ? StoreOutcome.INTERRUPTED : StoreOutcome.FAILED;
      ended = new Ended(broken, e instanceof SetupException ? e.getMessage() : e.toString());
      ctx.progress()
          .store(target.name(), broken.name().toLowerCase(Locale.ROOT) + ": " + ended.error);
    } finally {
      store.stop();
    }
    // The planned steps that did not run (the peak passed, a failure) leave the remaining time.
    remaining.storeEnded(expectedSteps(ctx.options()));
    return finish(ended.outcome, ended.error);
  }

  /** How the store's part ended: outcome and error. */
  private record Ended(StoreOutcome outcome, String error) {}

  /** Connects (starting the local store), loads, verifies, then runs every phase. */
  private Ended connectLoadAndStep() {
    long setupStart = System.nanoTime();
    Properties connection = store.connect();
    Properties props = store.storeProperties(connection);
    store.describe(props);
    try (ConnectionFile conn = ConnectionFile.write(target.name(), connection)) {
      StoreSession session =
          new StoreSession(
              target.name(), target, props, conn.path(), storeDir, store.serverCpu(props));
      Optional<String> loadProblem = new LoadRunner(ctx).run(session);
      if (loadProblem.isPresent()) {
        throw new StoreFailure(
            ctx.interrupts().requested() ? StoreOutcome.INTERRUPTED : StoreOutcome.FAILED,
            loadProblem.get());
      }
      // Again after the load: the index settings and the data set beside the memory budget.
      store.describe(props);
      if (target.kind().isPresent() && VerificationStep.applies(props)) {
        VerificationStep.run(ctx, session, target.kind().get());
      }
      remaining.setupTook(Duration.ofNanos(System.nanoTime() - setupStart));
      PhaseClock clock = new PhaseClock(setupStart);
      clock.ended("setup");
      recordResume(session);
      StepExecutor exec = new StepExecutor(ctx, session, remaining, detector);
      if (target.isStore() && !rampPlan.isEmpty()) {
        new StoreWarmup(ctx).run(session);
        clock.ended("store_warmup");
      }
      RunPlan o = ctx.options();
      int total = expectedSteps(o);
      Optional<PhaseStop> stop = new StepPhase(ctx, exec, detector).run(rampPlan, total);
      clock.ended(Phase.RAMP.jsonName());
      stop = phase(stop, clock, "rates", new StepPhase(ctx, exec), ratesPlan, total);
      int afterRates = rampPlan.size() + ratesPlan.size();
      boolean floors = o.floorSeconds() > 0;
      // The harness floor runs before the curve, so the curve is numbered after the floor, which
      // runs at its rates: BasicDB needs no store, so the store gets no requests meanwhile, and the
      // overload the closed-loop ramp leaves behind does not carry into the curve's first window
      // (Elasticsearch's did, in every run measured:
      // docs/findings/2026-12-06-precision-and-busy-loops.md).
      List<StepSpec> curve =
          stop.isEmpty() && hasPeak()
              ? StepPlanner.curve(
                  o,
                  ramp().peakOps(),
                  afterRates + (floors ? ratesPlan.size() + o.loadFractions().size() : 0))
              : List.of();
      List<StepSpec> floorSteps =
          floors
              ? StepPlanner.floor(
                  Stream.concat(ratesPlan.stream(), curve.stream()).toList(), afterRates)
              : List.of();
      stop = phase(stop, clock, "floor", floor(exec), floorSteps, total);
      SearchPhase first = new SearchPhase(ctx, exec, ramp(), null);
      stop = phase(stop, clock, "load", first, curve, total);
      int next = curve.isEmpty() ? afterRates + floorSteps.size() + 1 : first.nextIndex();
      searchFound = first.found().orElse(null);
      if (stop.isEmpty() && machineStalledWithoutCapacity(exec, floorSteps)) {
        // The first search's windows were the machine's as much as the store's: a second search,
        // once, in another stretch of time, with its own harness floor.
        int planned = 2 * curve.size() + o.search().plannedProbes(o.stepSeconds());
        remaining.planGrew(planned);
        total += planned;
        ctx.progress()
            .store(
                target.name(),
                "no capacity, and the harness floor (BasicDB, no store) failed the objective too:"
                    + " the machine stalled during the search; searching again, once");
        SearchPhase again = new SearchPhase(ctx, exec, ramp(), SEARCHED_AGAIN);
        stop = again.run(StepPlanner.curve(o, ramp().peakOps(), next - 1), total);
        next = again.nextIndex();
        if (stop.isEmpty() && again.found().isPresent()) {
          searchFound = again.found().get();
          List<StepSpec> floorAgain = StepPlanner.floor(searchFound.curve(), next - 1);
          stop = floor(exec).run(floorAgain, total);
          next += floorAgain.size();
        }
        clock.ended("search_again");
      }
      SoakAndFaultSteps atCapacity =
          new SoakAndFaultSteps(ctx, target.name(), Optional.ofNullable(searchFound));
      List<StepSpec> soak =
          stop.isEmpty() && o.soak().runs() ? atCapacity.soak(next - 1) : List.of();
      stop = phase(stop, clock, "soak", new SoakPhase(ctx, exec), soak, total);
      next += soak.size();
      List<StepSpec> fault =
          stop.isEmpty() && o.fault().runs() ? atCapacity.fault(next - 1) : List.of();
      stop = phase(stop, clock, "fault", new FaultPhase(ctx, exec), fault, total);
      ctx.manifest().putStore(target.name(), "phase_seconds", clock.seconds());
      ctx.manifest().putStore(target.name(), "records_inserted_by_steps", exec.inserted());
      ctx.progress().store(target.name(), "time per phase (s): " + clock.seconds());
      return stop.map(p -> new Ended(p.outcome(), p.error()))
          .orElse(new Ended(StoreOutcome.COMPLETE, null));
    }
  }

  /** The ramp's result: its peak places the curve and bounds the search. */
  private StoreCapacity ramp() {
    return detector.result(target.name(), rampPlan.size());
  }

  /** Whether the ramp found a peak to search under (says why not otherwise). */
  private boolean hasPeak() {
    if (ctx.options().loadFractions().isEmpty()) {
      return false;
    }
    StoreCapacity peak = ramp();
    if (peak.peakOps() == null) {
      ctx.progress().store(target.name(), "no load phase: the ramp found no peak");
      return false;
    }
    ctx.progress()
        .storef(
            target.name(),
            "peak %.0f ops/s at %d threads (%s); latency curve at %d fractions of it (after the"
                + " harness floor), then the capacity search",
            peak.peakOps(),
            peak.peakThreads(),
            peak.reason(),
            ctx.options().loadFractions().size());
    return true;
  }

  /**
   * Whether the first capacity search found no capacity while a window of the harness floor just
   * before it failed the objective: a no-op store cannot be slow, so the machine stalled then, and
   * the search's failures cannot be told from the machine's ({@link HarnessFloor}).
   */
  private boolean machineStalledWithoutCapacity(StepExecutor exec, List<StepSpec> floorSteps) {
    return searchFound != null
        && searchAgain(searchFound, CapacityFile.published(exec.session().stepsDir(), floorSteps));
  }

  /**
   * Whether a search that found {@code found} runs again, given the summaries of the harness floor
   * after it: a first search without a capacity whose floor failed the objective.
   */
  static boolean searchAgain(SearchPhase.Found found, List<StepSummary> floor) {
    return found.again() == null
        && found.result().capacity().isEmpty()
        && HarnessFloor.missedObjective(floor).isPresent();
  }

  /**
   * The next phase: runs {@code phase}'s steps, timed as {@code name}, when it has steps and no
   * phase before ended the store's sweep ({@code stop}); says why the store's sweep ends.
   */
  private static Optional<PhaseStop> phase(
      Optional<PhaseStop> stop,
      PhaseClock clock,
      String name,
      SweepPhase phase,
      List<StepSpec> steps,
      int total) {
    if (stop.isPresent() || steps.isEmpty()) {
      return stop;
    }
    Optional<PhaseStop> end = phase.run(steps, total);
    clock.ended(name);
    return end;
  }

  /** The harness floor: the same threads and rates through YCSB's BasicDB, no store. */
  private SweepPhase floor(StepExecutor exec) {
    return (steps, total) -> {
      SweepTarget basic = SweepTarget.byName(SweepTarget.BASICDB);
      Properties p = new Properties();
      p.putAll(exec.session().props());
      p.putAll(StoreLifecycle.basicDbProperties());
      try (ConnectionFile conn =
          ConnectionFile.write(basic.name(), StoreLifecycle.basicDbProperties())) {
        StepExecutor floorExec = exec.runBy(exec.session().runBy(basic, p, conn.path()));
        return new StepPhase(ctx, floorExec).run(steps, total);
      }
    };
  }

  /**
   * Steps a store will run at most (the curve, search and floor are planned later): the progress
   * line's total and each store's share of the sweep's remaining time.
   */
  static int expectedSteps(RunPlan options) {
    int ramp = StepPlanner.ramp(options).size();
    int curve = options.loadFractions().size();
    int fixed = StepPlanner.rates(options, ramp).size() + curve;
    return ramp
        + fixed
        + (curve > 0 ? options.search().plannedProbes(options.stepSeconds()) : 0)
        + (options.floorSeconds() > 0 ? fixed : 0)
        + (options.soak().runs() ? 1 : 0)
        + (options.fault().runs() ? 2 : 0);
  }

  /** A resumed run: which complete steps it keeps and which it runs again (in the manifest). */
  private void recordResume(StoreSession session) {
    Map<String, StepRecord> existing = StepExecutor.existingSteps(session.stepsDir());
    if (existing.isEmpty()) {
      return;
    }
    ObjectNode n =
        ManifestSections.resume(
            target.name(),
            existing,
            name -> HdrChecksums.mismatch(session.stepsDir().resolve(name)),
            Instant.now());
    ctx.manifest().append("resumes", n);
    ctx.progress()
        .storef(
            target.name(),
            "resuming: %d complete steps kept, %d to run again",
            n.get("kept_complete_steps").asLong(),
            n.get("rerun").size());
  }

  private StoreOutcome finish(StoreOutcome outcome, String error) {
    StoreCapacity sat =
        CapacityFile.write(storeDir, ramp(), ctx.options().slo(), Optional.ofNullable(searchFound));
    status(outcome.name().toLowerCase(Locale.ROOT), error);
    ctx.manifest().putStore(target.name(), "capacity", sat);
    ctx.manifest().write();
    if (outcome == StoreOutcome.COMPLETE) {
      ctx.progress().store(target.name(), CapacityFile.headline(sat));
    }
    return outcome;
  }

  private void status(String status, String error) {
    ctx.manifest().putStore(target.name(), Manifest.STATUS, status);
    ctx.manifest().putStore(target.name(), Manifest.ERROR, error);
    ctx.manifest().write();
  }
}
