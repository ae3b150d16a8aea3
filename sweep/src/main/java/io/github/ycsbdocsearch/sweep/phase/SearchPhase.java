package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.plan.StepPlanner;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.search.BackgroundCycles;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Probe;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Reason;
import io.github.ycsbdocsearch.sweep.step.StepExecutor;
import io.github.ycsbdocsearch.sweep.step.StepResult;
import io.github.ycsbdocsearch.sweep.step.StepTiming;
import io.github.ycsbdocsearch.sweep.step.StepWindows;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Latency under offered load, then the capacity: the latency curve at fixed fractions of the
 * closed-loop peak (each a point of the latency-vs-offered-load chart), then the capacity search's
 * probes ({@link CapacitySearch}), each a fixed-rate step of its own window length; every one of
 * them is a window of the one estimate, and a point of the curve. A resumed run replays the search:
 * it is a function of the windows so far, so it asks for the same steps in the same order, and the
 * complete step folders of the earlier attempt answer them. Not thread-safe.
 */
public final class SearchPhase implements SweepPhase {

  /**
   * What the phase found: the search's result, every window in the order it ran (with the step and
   * why it ran), the curve's steps (the harness floor runs them again on BasicDB), why the search
   * ran again, when it did (null the first time), the forecast made after the curve (null without
   * one), the minutes the search took, and whether --max-minutes ended it.
   */
  public record Found(
      CapacitySearch.Result result,
      List<BackgroundCycles.Observed> windows,
      List<Probe> probes,
      List<StepSpec> curve,
      CapacitySearch.Settings settings,
      String again,
      CapacitySearch.Forecast forecast,
      double minutes,
      boolean timeLimited) {}

  private final SweepContext ctx;
  private final StepExecutor exec;
  private final StoreCapacity peak;
  private final String again;
  private int nextIndex;
  private Found found;

  /**
   * @param peak the ramp's result (its peak bounds the search)
   * @param again why the search runs again (null: the first); then its curve points are steps of
   *     the search phase, so that the latency curve and the history keep one step per fraction
   */
  public SearchPhase(SweepContext ctx, StepExecutor exec, StoreCapacity peak, String again) {
    this.ctx = ctx;
    this.exec = exec;
    this.peak = peak;
    this.again = again;
  }

  /** The index the next phase's first step gets, once {@link #run} ran. */
  public int nextIndex() {
    return nextIndex;
  }

  /** The result once {@link #run} returned without a stop; empty before, or when it could not. */
  public Optional<Found> found() {
    return Optional.ofNullable(found);
  }

  /**
   * Runs the curve and the search; the probes are numbered on from the curve.
   *
   * @param curve the latency curve's steps at fractions of the peak ({@code StepPlanner#curve})
   */
  @Override
  public Optional<PhaseStop> run(List<StepSpec> curve, int total) {
    double p = peak.peakOps();
    nextIndex = curve.get(0).index();
    RunPlan.Search limits = ctx.options().search();
    CapacitySearch.Settings settings =
        CapacitySearch.Settings.defaults(
            ctx.options().slo().allowance(),
            limits.precision(),
            p,
            ctx.options().stepSeconds(),
            limits.budgetS(),
            limits.probes());
    CapacitySearch search = new CapacitySearch(settings);
    Steps steps = new Steps(curve, total);
    CapacitySearch.Result result =
        search.run(curve.stream().map(s -> (double) s.targetOps()).toList(), steps);
    if (steps.stop != null) {
      return Optional.of(steps.stop);
    }
    found =
        new Found(
            result,
            search.observed(),
            search.probes(),
            steps.curveRun,
            settings,
            again,
            steps.forecast,
            steps.elapsedS() / 60,
            steps.timeLimited);
    ctx.progress()
        .storef(
            exec.session().name(),
            "capacity: %s%s (the search took %.1f min)",
            result.reason(),
            steps.timeLimited ? "; --max-minutes ended the search" : "",
            found.minutes());
    return Optional.empty();
  }

  /**
   * Runs the search's probes as steps of this store, within --max-minutes: a probe that would end
   * past it is not started (its length judged by the wall-clock pace of the steps so far).
   */
  private final class Steps implements CapacitySearch.Runner {
    /** Seconds a step takes beside its warm-up and window (client JVM start, settling). */
    private static final double STEP_OVERHEAD_S = 5;

    private final List<StepSpec> curve;
    private final int total;
    private final double maxMinutes = ctx.options().search().maxMinutes();
    private final long startedNs = System.nanoTime();
    private final List<StepSpec> curveRun = new ArrayList<>();
    private int curveNext;
    private PhaseStop stop;
    private CapacitySearch.Forecast forecast;
    private boolean timeLimited;
    private boolean toldNone;
    private double ranWallS;
    private double ranWindowS;

    Steps(List<StepSpec> curve, int total) {
      this.curve = curve;
      this.total = total;
    }

    double elapsedS() {
      return (System.nanoTime() - startedNs) / 1e9;
    }

    /** Wall seconds a step of {@code windowS} measured seconds is expected to take. */
    private double expectedS(double windowS) {
      return ranWindowS > 0
          ? windowS * ranWallS / ranWindowS
          : windowS + ctx.options().warmupSeconds() + STEP_OVERHEAD_S;
    }

    /**
     * Prints the search's forecast the first time it has one: after the curve when the curve's
     * windows close an interval, else after the bounding probe that does.
     */
    @Override
    public void probing(CapacitySearch search) {
      if (forecast != null) {
        return;
      }
      forecast = search.forecast().orElse(null);
      if (forecast == null) {
        if (!toldNone) {
          toldNone = true;
          ctx.progress()
              .store(
                  exec.session().name(),
                  "capacity search: no closed interval yet, so no forecast: bounding probes first");
        }
        return;
      }
      double probeS = Math.max(ctx.options().stepSeconds(), CapacitySearch.MAX_WINDOW_S);
      double wallMin = forecast.moreS() * expectedS(probeS) / probeS / 60;
      ctx.progress()
          .storef(
              exec.session().name(),
              "capacity search %s: %.0f ops/s +-%.1f %%; +-%.0f %% needs about %.1f more"
                  + " measured min (about %.0f min of steps at this run's pace)%s",
              forecast.afterS() > 0
                  ? String.format(Locale.ROOT, "after %.0f s of probes", forecast.afterS())
                  : "after the curve",
              forecast.capacity(),
              100 * forecast.halfWidth(),
              100 * search.settings().targetHalfWidth(),
              forecast.moreS() / 60,
              wallMin,
              limitsText(search.settings(), wallMin));
    }

    /** What will end the search before the target, when something will. */
    private String limitsText(CapacitySearch.Settings settings, double wallMin) {
      List<String> limits = new ArrayList<>();
      if (maxMinutes > 0 && elapsedS() / 60 + wallMin > maxMinutes) {
        limits.add(String.format(Locale.ROOT, "--max-minutes %.0f", maxMinutes));
      }
      if (forecast.afterS() + forecast.moreS() > settings.budgetS()) {
        limits.add(String.format(Locale.ROOT, "the budget of %.0f s", settings.budgetS()));
      }
      return limits.isEmpty() ? "" : "; " + String.join(" and ", limits) + " will end it sooner";
    }

    @Override
    public Optional<BackgroundCycles.Observed> run(Probe probe) {
      if (ctx.interrupts().requested()) {
        stop = PhaseStop.interrupted("interrupted during the capacity search");
        return Optional.empty();
      }
      if (probe.reason() != Reason.CURVE
          && maxMinutes > 0
          && elapsedS() + expectedS(probe.windowS()) > 60 * maxMinutes) {
        timeLimited = true;
        return Optional.empty();
      }
      StepSpec spec;
      if (probe.reason() == Reason.CURVE) {
        StepSpec planned = curve.get(curveNext++);
        spec =
            new StepSpec(
                planned.index(),
                again == null ? planned.phase() : Phase.SEARCH,
                planned.threads(),
                planned.targetOps(),
                planned.offeredFraction(),
                windowOf(probe));
        curveRun.add(spec);
      } else {
        long rate = Math.max(1, Math.round(probe.rate()));
        spec =
            new StepSpec(
                nextIndex,
                Phase.SEARCH,
                StepPlanner.poolThreads(rate, ctx.options().slo()),
                rate,
                rate / peak.peakOps(),
                windowOf(probe));
        ctx.progress()
            .storef(
                exec.session().name(),
                "capacity probe (%s) at %d ops/s, %d s window",
                probe.reason().jsonName(),
                rate,
                StepTiming.of(ctx.options(), spec).durationS());
      }
      nextIndex = spec.index() + 1;
      long before = System.nanoTime();
      StepResult r = exec.runOrReuse(spec, total, false);
      double wallS = (System.nanoTime() - before) / 1e9;
      if (wallS >= probe.windowS()) { // a reused step (resume) says nothing of the pace
        ranWallS += wallS;
        ranWindowS += probe.windowS();
      }
      if (r.status() == StepStatus.INTERRUPTED || r.storeLost()) {
        stop = PhaseStop.of(r, false).orElse(PhaseStop.failed("the store was lost"));
        return Optional.empty();
      }
      return Optional.of(
          StepWindows.observed(
              r,
              exec.session().stepsDir().resolve(spec.dirName()),
              StepTiming.of(ctx.options(), spec)));
    }

    /** The probe's own window when it differs from the phase's. */
    private Integer windowOf(Probe probe) {
      int w = (int) Math.round(probe.windowS());
      return w == ctx.options().stepSeconds() ? null : w;
    }
  }
}
