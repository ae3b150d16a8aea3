package io.github.ycsbdocsearch.lab.sim;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.sweep.search.CapacitySearch;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A probe whose window the split sized for its events says so in its reason ({@code
 * narrow_events}), so that a reader of capacity.json sees why a window ran four stall periods long;
 * a probe sized by the budget alone stays {@code narrow}. On the simulated clock with a 200 ms
 * stall every 35 s: four periods (140 s) are more than the cap, so such a window is the cap's 75 s.
 */
class ProbeReasonTest {

  /** The scenario's stall period, s (the estimated one may be a little shorter). */
  private static final double STALL_PERIOD_S = 35;

  @Test
  void aProbeSizedForTheEventsIsNamedSo() {
    Scenario sc = Scenario.periodicStalls();
    double peak = Math.min(sc.mu(), sc.clientCapOps()) * SimulatedStore.PEAK_SHARE;
    CapacitySearch.Settings settings =
        CapacitySearch.Settings.defaults(
            sc.allowance(),
            CapacitySearch.TARGET_HALF_WIDTH,
            peak,
            Calibration.BASE_WINDOW_S,
            CapacitySearch.BUDGET_S,
            CapacitySearch.MAX_PROBES);
    List<CapacitySearch.Probe> probes = new ArrayList<>();
    for (long seed = 1_000; seed < 1_020; seed++) {
      SimulatedStore store = new SimulatedStore(sc, seed);
      CapacitySearch search = new CapacitySearch(settings);
      int[] index = {0};
      search.run(
          SimulatedSearch.CURVE.stream().map(f -> Math.max(1, Math.round(peak * f)) * 1.0).toList(),
          p -> {
            index[0]++;
            long rate = Math.max(1, Math.round(p.rate()));
            return Optional.of(
                store.run(
                    "s" + index[0],
                    rate,
                    Calibration.WARMUP_S,
                    p.windowS(),
                    SimulatedSearch.pool(rate, sc.boundMs())));
          });
      probes.addAll(search.probes());
    }
    List<CapacitySearch.Probe> forEvents =
        probes.stream().filter(p -> p.reason() == Reason.NARROW_EVENTS).toList();
    assertFalse(forEvents.isEmpty(), "some probe of 20 searches was sized for the events");
    for (CapacitySearch.Probe p : forEvents) {
      assertTrue(
          p.windowS() >= STALL_PERIOD_S * 0.9 && p.windowS() <= CapacitySearch.MAX_WINDOW_S,
          p.toString());
    }
    assertTrue(
        probes.stream().anyMatch(p -> p.reason() == Reason.NARROW),
        "others stay narrow: " + probes);
  }
}
