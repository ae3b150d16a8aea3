package io.github.ycsbdocsearch.report.charts;

import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fixed-rate steps that share one time axis in the report: the load phase's steps at one offered
 * fraction (every store at the same share of its own peak), the steps at one explicit rate
 * (--rates), or one capacity-search probe (probes run at rates each store's search chose, so they
 * share an axis with nothing), or one step of a fault run ({@code --fault}: its control step and
 * its fault step each on its own, folded under the store, so a killed node's seconds never share an
 * axis with a steady step of the same rate). Floor steps are the harness, not a store: left out.
 * Immutable.
 *
 * @param slug file-name-safe key, e.g. {@code load-25pct}, {@code probe-mongodb-12-t73-r3204-probe}
 * @param title what the steps have in common, e.g. {@code Offered load 25 % of each store's peak},
 *     or the probe: {@code mongodb probe at 3,204 ops/s (narrow, 60 s, 0.82 % over: fail)}
 * @param folder heading the report folds the group under (one store's probes), or null: shown open
 * @param steps the steps, in the run's store order
 */
record FixedRateGroup(String slug, String title, String folder, List<StoreRun.Step> steps) {

  static List<FixedRateGroup> of(RunFolder run) {
    Map<String, FixedRateGroup> shared = new LinkedHashMap<>();
    // Groups of one step each (probes, fault runs), after the shared ones, in store order.
    List<FixedRateGroup> alone = new ArrayList<>();
    for (StoreRun store : run.stores()) {
      for (StoreRun.Step step : store.steps()) {
        StepSummary s = step.summary();
        if (!s.fixedRate() || s.phase() == Phase.FLOOR) {
          continue;
        }
        boolean probe = s.phase() == Phase.SEARCH;
        if (probe || s.phase() == Phase.FAULT || s.phase() == Phase.FAULT_CONTROL) {
          String what =
              probe
                  ? " probe"
                  : s.phase() == Phase.FAULT ? " fault step" : " control step (no fault)";
          alone.add(
              new FixedRateGroup(
                  (probe ? "probe-" : "fault-") + ChartAxes.slug(store.name() + "-" + s.step()),
                  store.name()
                      + what
                      + " at "
                      + Numbers.grouped(s.targetOps())
                      + " ops/s"
                      + (probe ? outcome(store.capacity(), s.step()) : ""),
                  (probe ? "Capacity search probes: " : "Fault run: ") + store.name(),
                  List.of(step)));
        } else {
          FixedRateGroup g = shared(s);
          shared.computeIfAbsent(g.slug(), k -> g).steps.add(step);
        }
      }
    }
    List<FixedRateGroup> groups = new ArrayList<>();
    shared.values().stream()
        .sorted((a, b) -> Double.compare(order(a), order(b)))
        .forEach(
            g -> groups.add(new FixedRateGroup(g.slug(), g.title(), null, List.copyOf(g.steps()))));
    groups.addAll(alone);
    return groups;
  }

  /** A load step's group by fraction of the peak, an explicit rate's by rate; steps added after. */
  private static FixedRateGroup shared(StepSummary s) {
    if (s.phase() == Phase.LOAD && s.offeredFraction() != null) {
      long pct = Math.round(s.offeredFraction() * 100);
      return new FixedRateGroup(
          "load-" + pct + "pct",
          "Offered load " + pct + " % of each store's peak",
          null,
          new ArrayList<>());
    }
    return new FixedRateGroup(
        "rate-" + s.targetOps(),
        "Fixed rate " + Numbers.grouped(s.targetOps()) + " ops/s",
        null,
        new ArrayList<>());
  }

  /** Load fractions first, by fraction, then explicit rates by rate (as the latency curve). */
  private static double order(FixedRateGroup g) {
    StepSummary first = g.steps().get(0).summary();
    return first.phase() == Phase.LOAD && first.offeredFraction() != null
        ? first.offeredFraction()
        : 1e3 + first.targetOps();
  }

  /**
   * Why the search asked for a window and what it showed, as capacity.json lists it, e.g. {@code
   * (narrow, 60 s, 0.82 % over: fail)}, {@code (bound up, client-limited: left out)}; format 3:
   * {@code (bisect, pass)}.
   */
  private static String outcome(StoreCapacity sat, String step) {
    if (sat == null || sat.capacitySearch() == null) {
      return "";
    }
    for (CapacitySearchRecord.Probe p : sat.capacitySearch().probes()) {
      if (step.equals(p.step())) {
        String seconds =
            p.seconds() == null ? "" : Numbers.rounded(p.seconds(), 0).toPlainString() + " s, ";
        String verdict =
            CapacityText.CLIENT_LIMITED.equals(p.outcome())
                ? "client-limited: left out"
                : p.share() == null
                    ? CapacityText.outcome(p)
                    : CapacityText.percent(p.share()) + " over: " + CapacityText.outcome(p);
        return " (" + CapacityText.reason(p) + ", " + seconds + verdict + ")";
      }
    }
    return "";
  }
}
