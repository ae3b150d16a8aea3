package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.HarnessFloor;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.sweep.search.BackgroundCycles;
import io.github.ycsbdocsearch.sweep.search.CapacityEstimator;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch;
import io.github.ycsbdocsearch.sweep.search.RateWindow;
import io.github.ycsbdocsearch.sweep.search.ShareSplit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Capacity bounded by latency, as capacity.json records it. With a capacity search (the default),
 * the capacity is the search's estimate with its interval, or the lower bound it reached ({@link
 * SearchPhase}, {@link CapacitySearch}). A run of explicit {@code --rates} only has no search: its
 * capacity is the highest of those rates whose step was usable (complete, sustained, not
 * client-limited) and met the objective. Stateless.
 */
public final class CapacityFinder {

  private CapacityFinder() {}

  /** The highest usable fixed-rate step that met the objective (explicit rates, no search). */
  public static Optional<StepSummary> capacity(List<StepSummary> steps, Objective slo) {
    return steps.stream()
        .filter(
            s -> s.phase() == Phase.LOAD || s.phase() == Phase.RATES || s.phase() == Phase.SEARCH)
        .filter(StepSummary::usable)
        .filter(slo::metBy)
        .max(Comparator.comparingLong(StepSummary::targetOps));
  }

  /** The peak file, its capacity fields filled from the search, else the fixed-rate steps. */
  static StoreCapacity withCapacity(
      StoreCapacity peak,
      List<StepSummary> steps,
      Objective slo,
      Optional<SearchPhase.Found> search) {
    StoreCapacity c =
        search.isPresent()
            ? fromSearch(peak, slo, search.get(), steps)
            : withCapacity(peak, steps, slo);
    if (c.capacityOps() != null) {
      return c;
    }
    // No capacity: said of the store alone only when the machine met the objective itself.
    return HarnessFloor.missedObjective(steps)
        .map(
            m ->
                c.withCapacity(
                    null, null, c.slo(), c.capacityReason() + "; " + m, c.capacitySearch()))
        .orElse(c);
  }

  /** The peak file with the capacity from the fixed-rate {@code steps} (no search ran). */
  public static StoreCapacity withCapacity(
      StoreCapacity peak, List<StepSummary> steps, Objective slo) {
    Optional<StepSummary> c = capacity(steps, slo);
    long fixed =
        steps.stream().filter(s -> s.phase().fixedRate() && s.phase() != Phase.FLOOR).count();
    String why =
        c.isPresent()
            ? "capacity: the highest of %d fixed-rate steps that was sustained and met %s (no"
                + " capacity search ran)"
            : fixed == 0
                ? "no capacity: no fixed-rate step ran"
                : "no capacity: none of %d fixed-rate steps was complete, sustained, not"
                    + " client-limited and within %s";
    return peak.withCapacity(
        c.map(st -> (double) st.targetOps()).orElse(null),
        c.map(StepSummary::step).orElse(null),
        slo,
        String.format(Locale.ROOT, why, fixed, slo),
        null);
  }

  private static StoreCapacity fromSearch(
      StoreCapacity peak, Objective slo, SearchPhase.Found found, List<StepSummary> steps) {
    CapacitySearch.Result r = found.result();
    CapacitySearch.Settings settings = found.settings();
    CapacityEstimator.Estimate e = r.estimate();
    List<CapacitySearchRecord.Probe> windows = new ArrayList<>();
    for (int i = 0; i < found.windows().size(); i++) {
      windows.add(window(found.windows().get(i).window(), found.probes().get(i), e, settings));
    }
    Double capacity =
        r.capacity().isPresent() ? Numbers.round(r.capacity().getAsDouble(), 1) : null;
    Double lo = Double.isNaN(r.lo()) ? null : Numbers.round(r.lo(), 1);
    Double hi = Double.isNaN(r.hi()) || Double.isInfinite(r.hi()) ? null : Numbers.round(r.hi(), 1);
    double halfWidth = e.halfWidthShare();
    CapacitySearchRecord.Model model =
        e.line() == null
            ? null
            : new CapacitySearchRecord.Model(
                e.op(),
                Numbers.round(e.center(), 1),
                Numbers.round(e.bandwidth(), 4),
                Numbers.round(e.line().a(), 4),
                Numbers.round(e.line().b(), 4),
                settings.allowance(),
                e.blocks(),
                e.blockSeconds(),
                e.replicates());
    double deciding =
        found.windows().stream()
            .map(BackgroundCycles.Observed::window)
            .filter(w -> w.usable() && e.weightAt(w.rateOps()) > 0)
            .mapToDouble(RateWindow::seconds)
            .sum();
    List<CapacitySearchRecord.Cycle> cycles =
        r.cycles().stream()
            .map(
                c ->
                    new CapacitySearchRecord.Cycle(
                        c.kind(),
                        Numbers.round(c.periodS(), 1),
                        c.events(),
                        c.inside(),
                        c.covered(deciding)))
            .toList();
    CapacitySearchRecord rec =
        new CapacitySearchRecord(
            lo,
            hi,
            r.lowerBound(),
            r.targetReached(),
            null,
            settings.targetHalfWidth(),
            r.reason() + (found.timeLimited() ? "; --max-minutes ended the search" : ""),
            r.ending().name().toLowerCase(Locale.ROOT),
            Double.isFinite(halfWidth) ? Numbers.round(halfWidth, 4) : null,
            settings.budgetS(),
            r.budgetUsedS(),
            CapacitySearch.method(e),
            model,
            cycles,
            r.clientLimit(),
            split(e.split(), steps),
            found.forecast() == null
                ? null
                : new CapacitySearchRecord.Forecast(
                    Numbers.round(found.forecast().capacity(), 1),
                    Numbers.round(found.forecast().halfWidth(), 4),
                    Math.round(found.forecast().moreS()),
                    Math.round(found.forecast().afterS())),
            Numbers.round(found.minutes(), 1),
            windows);
    String capacityStep =
        capacity == null
            ? null
            : windows.stream()
                .filter(w -> w.clientLimit() == null)
                .min(Comparator.comparingDouble(w -> Math.abs(Math.log(w.rateOps() / capacity))))
                .map(CapacitySearchRecord.Probe::step)
                .orElse(null);
    String why =
        String.format(Locale.ROOT, "capacity under %s: %s", slo, rec.reason())
            + (found.again() == null ? "" : "; " + found.again());
    return peak.withCapacity(capacity, capacityStep, slo, why, rec);
  }

  /** The split behind a split estimate, with the harness floor near its capacity; else null. */
  static CapacitySearchRecord.Split split(ShareSplit.Split s, List<StepSummary> steps) {
    if (s == null) {
      return null;
    }
    Optional<double[]> floor = HarnessFloor.nearest(steps, s.capacity());
    List<CapacitySearchRecord.Kind> kinds =
        s.kinds().stream()
            .map(
                k ->
                    new CapacitySearchRecord.Kind(
                        k.kind(),
                        k.trigger().name().toLowerCase(Locale.ROOT),
                        k.events(),
                        Numbers.round(k.sampledSeconds(), 1),
                        k.blockFromS(),
                        k.blockToS(),
                        k.costed(),
                        Double.isFinite(k.periodAtCapacityS())
                            ? Numbers.round(k.periodAtCapacityS(), 1)
                            : null,
                        Numbers.round(k.overPerEvent(), 1),
                        share(k.costSeconds()),
                        share(k.shareAtCapacity())))
            .toList();
    List<CapacitySearchRecord.Window> windows =
        s.windows().stream()
            .map(
                w ->
                    new CapacitySearchRecord.Window(
                        w.step(),
                        w.rateOps(),
                        w.cleanSeconds(),
                        w.cleanRequests(),
                        w.cleanOver(),
                        w.kinds().entrySet().stream()
                            .map(
                                x ->
                                    new CapacitySearchRecord.WindowKind(
                                        x.getKey(),
                                        x.getValue()[0],
                                        x.getValue()[1],
                                        x.getValue()[2],
                                        x.getValue()[3]))
                            .toList()))
            .toList();
    return new CapacitySearchRecord.Split(
        s.op(),
        Numbers.round(s.capacity(), 1),
        share(s.cleanAtCapacity()),
        Double.isFinite(s.cleanCrossing()) ? Numbers.round(s.cleanCrossing(), 1) : null,
        floor.map(f -> f[0]).orElse(null),
        floor.map(f -> share(f[1])).orElse(null),
        kinds,
        windows);
  }

  /** A share or a cost to six significant digits. */
  private static double share(double v) {
    return Double.parseDouble(String.format(Locale.ROOT, "%.6g", v));
  }

  /** One window as capacity.json lists it. */
  private static CapacitySearchRecord.Probe window(
      RateWindow w,
      CapacitySearch.Probe why,
      CapacityEstimator.Estimate e,
      CapacitySearch.Settings settings) {
    // The first of the ops with the largest share over the bound.
    RateWindow.OpSeconds worst =
        w.ops().stream()
            .max(
                Comparator.comparingDouble(
                    o -> (double) o.totalOver() / Math.max(1, o.totalRequests())))
            .orElse(null);
    String outcome =
        !w.usable() ? "client_limited" : w.worstShare() <= settings.allowance() ? "pass" : "fail";
    return new CapacitySearchRecord.Probe(
        w.step(),
        Math.round(w.rateOps()),
        why.reason().jsonName(),
        outcome,
        null,
        null,
        w.seconds(),
        worst == null ? null : worst.op(),
        worst == null ? null : worst.totalRequests(),
        worst == null ? null : worst.totalOver(),
        w.usable() ? Numbers.round(e.weightAt(w.rateOps()), 3) : 0.0,
        w.clientLimit());
  }
}
