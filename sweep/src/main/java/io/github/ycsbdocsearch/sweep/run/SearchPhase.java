package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.Saturation;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.plan.StepPlanner;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Next;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Probe;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Latency under offered load, then the capacity: the latency curve at fixed fractions of the
 * closed-loop peak (each a point of the latency-vs-offered-load chart), which also brackets the
 * capacity, up to a point past both the knee and the client ({@link #endsTheCurve}); then the
 * converging search ({@link CapacitySearch}) whose probes are fixed-rate steps judged by {@link
 * ProbeJudge}. Every probe is a point of the curve too. A resumed run replays the search: it asks
 * for the same rates in the same order, and the complete step folders of the earlier attempt answer
 * them. Not thread-safe.
 */
final class SearchPhase {

  /**
   * One probe as saturation.json records it. Immutable.
   *
   * @param step the step folder
   * @param rate offered rate, ops/s
   * @param reason {@code curve}, or why the search asked for it (bound_up, bisect, extend, confirm,
   *     ...)
   * @param outcome pass, fail, inconclusive or client_limited
   * @param confidence the decision's confidence (1 - p-value), null when none applies
   * @param dispersion the burst floor the decision used (1 = requests independent)
   */
  record ProbeRecord(
      String step,
      long rate,
      String reason,
      String outcome,
      Double confidence,
      double dispersion) {}

  /** What the phase found: the search's result and every probe, in the order they ran. */
  record Found(CapacitySearch.Result result, List<ProbeRecord> probes, List<StepSpec> curve) {}

  private final SweepContext ctx;
  private final StepExecutor exec;
  private int nextIndex;
  private Found found;

  /**
   * The largest burst dispersion of this store's fixed-rate steps so far ({@link
   * ProbeJudge#burstOf}): every later decision counts requests at least this clustered. It only
   * grows, in the order the steps ran, so a resumed run judges alike.
   */
  private double burstFloor = 1;

  SearchPhase(SweepContext ctx, StepExecutor exec, int firstIndex) {
    this.ctx = ctx;
    this.exec = exec;
    this.nextIndex = firstIndex;
  }

  /** The index the next phase's first step gets. */
  int nextIndex() {
    return nextIndex;
  }

  /**
   * The result, once {@link #run} returned without a stop; empty before or when the phase could not
   * run.
   */
  Optional<Found> found() {
    return Optional.ofNullable(found);
  }

  /**
   * Runs the curve and the search.
   *
   * @param peak the ramp's result (its peak brackets the search)
   * @param total the store's planned steps, for the progress line
   */
  Optional<PhaseStop> run(Saturation peak, int total) {
    double p = peak.peakOps();
    List<StepSpec> curve = new ArrayList<>();
    List<ProbeRecord> records = new ArrayList<>();
    List<Probe> seeds = new ArrayList<>();
    Probe below = null;
    for (StepSpec spec : StepPlanner.curve(ctx.options(), p, nextIndex - 1)) {
      Optional<PhaseStop> stop = new StepPhase(ctx, exec).run(List.of(spec), null, total);
      if (stop.isPresent()) {
        return stop;
      }
      curve.add(spec);
      nextIndex = spec.index() + 1;
      StepResult r = exec.resultOf(spec).orElse(null);
      if (r == null || r.status() == StepStatus.INTERRUPTED) {
        continue; // a curve step that did not run to its end: it brackets nothing
      }
      // Not forced: a curve point the test cannot decide brackets nothing (the search probes near
      // it instead).
      Probe judged = judge(spec, "curve", List.of(r), false, records);
      seeds.add(judged);
      if (endsTheCurve(below, judged)) {
        ctx.progress()
            .store(
                exec.session().name(),
                String.format(
                    Locale.ROOT,
                    "latency curve ends at %d ops/s: the client could not send it on time, and the"
                        + " point below already %s; higher points would measure the client",
                    spec.targetOps(),
                    below.outcome() == CapacitySearch.Outcome.FAIL
                        ? "failed the objective"
                        : "was client-limited"));
        break;
      }
      below = judged;
    }
    CapacitySearch search =
        new CapacitySearch(
            new CapacitySearch.Settings(
                Defaults.SEARCH_RESOLUTION,
                Math.max(1, p * Defaults.SEARCH_FLOOR_SHARE),
                Math.max(1, p * Defaults.SEARCH_CEILING_SHARE),
                ctx.options().searchProbes(),
                Defaults.SEARCH_MAX_EXTENSIONS));
    search.seed(seeds);
    Map<Long, List<StepResult>> byRate = new LinkedHashMap<>();
    for (Optional<Next> n = search.next(); n.isPresent(); n = search.next()) {
      if (ctx.interrupts().requested()) {
        return Optional.of(PhaseStop.interrupted("interrupted during the capacity search"));
      }
      long rate = Math.max(1, Math.round(n.get().rate()));
      StepSpec spec =
          new StepSpec(
              nextIndex++,
              Phase.SEARCH,
              StepPlanner.poolThreads(rate, ctx.options().slo()),
              rate,
              rate / p);
      ctx.progress()
          .store(
              exec.session().name(),
              String.format(
                  Locale.ROOT,
                  "capacity probe (%s) at %d ops/s",
                  n.get().reason().jsonName(),
                  rate));
      StepResult r = exec.runOrReuse(spec, total, false);
      if (r.status() == StepStatus.INTERRUPTED || r.storeLost()) {
        return PhaseStop.of(r, false);
      }
      List<StepResult> atRate =
          n.get().reason() == CapacitySearch.Reason.EXTEND
              ? byRate.computeIfAbsent(rate, k -> new ArrayList<>())
              : new ArrayList<>();
      atRate.add(r);
      byRate.put(rate, atRate);
      search.offer(judge(spec, n.get().reason().jsonName(), atRate, n.get().forced(), records));
    }
    found = new Found(search.result(), records, curve);
    ctx.progress().store(exec.session().name(), "capacity search: " + found.result().reason());
    return Optional.empty();
  }

  /**
   * Whether a curve point ends the curve: it was client-limited (its numbers are the client's, not
   * the store's) and the lower point before it already failed the objective or was client-limited
   * too. One client-limited point alone does not end it: a noisy moment at a low rate must not cut
   * off the points that bracket the capacity above it.
   */
  static boolean endsTheCurve(Probe below, Probe point) {
    return below != null
        && point.outcome() == CapacitySearch.Outcome.CLIENT_LIMITED
        && below.rate() < point.rate()
        && (below.outcome() == CapacitySearch.Outcome.FAIL
            || below.outcome() == CapacitySearch.Outcome.CLIENT_LIMITED);
  }

  /**
   * Judges the probes at one rate, the newest last, after raising the burst floor by the newest,
   * and records the outcome.
   */
  private Probe judge(
      StepSpec spec,
      String reason,
      List<StepResult> atRate,
      boolean forced,
      List<ProbeRecord> records) {
    burstFloor = Math.max(burstFloor, ProbeJudge.burstOf(atRate.get(atRate.size() - 1)));
    Probe judged = ProbeJudge.judge(spec.targetOps(), atRate, forced, burstFloor);
    records.add(record(spec, reason, judged, burstFloor));
    return judged;
  }

  private static ProbeRecord record(StepSpec spec, String reason, Probe p, double dispersion) {
    return new ProbeRecord(
        spec.dirName(),
        spec.targetOps(),
        reason,
        p.outcome().name().toLowerCase(Locale.ROOT),
        Double.isNaN(p.confidence()) ? null : Math.round(p.confidence() * 10000) / 10000.0,
        Math.round(dispersion * 1000) / 1000.0);
  }
}
