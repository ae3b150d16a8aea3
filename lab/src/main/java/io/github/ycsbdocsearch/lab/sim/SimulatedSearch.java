package io.github.ycsbdocsearch.lab.sim;

import io.github.ycsbdocsearch.sweep.search.CapacitySearch;
import java.util.List;
import java.util.Optional;

/**
 * One capacity search on the simulated clock: the runner's own {@link CapacitySearch}, with its
 * settings ({@link #settings}), over the latency curve's fractions of the peak, every window
 * simulated by a {@link SimulatedStore}. Stateless.
 */
public final class SimulatedSearch {

  /** The curve's fractions of the peak, as the runner's default. */
  static final List<Double> CURVE = List.of(0.25, 0.5, 0.75, 1.0);

  private SimulatedSearch() {}

  /**
   * Runs a search.
   *
   * @param settings the search's settings for the scenario's objective and peak
   * @param warmupS each step's warm-up, s
   * @param seed the run's seed (arrivals, service times, stalls, lags)
   */
  public static CapacitySearch.Result run(
      Scenario scenario, CapacitySearch.Settings settings, double peak, double warmupS, long seed) {
    SimulatedStore store = new SimulatedStore(scenario, seed);
    CapacitySearch search = new CapacitySearch(settings);
    int[] index = {0};
    return search.run(
        CURVE.stream().map(f -> Math.max(1, Math.round(peak * f)) * 1.0).toList(),
        p -> {
          index[0]++;
          long rate = Math.max(1, Math.round(p.rate()));
          return Optional.of(
              store.run(
                  "s" + index[0], rate, warmupS, p.windowS(), pool(rate, scenario.boundMs())));
        });
  }

  /** The runner's pool: twice the requests in flight at the bound, plus 8, at most 256. */
  static int pool(double rate, double boundMs) {
    long n = (long) Math.ceil(2 * rate * boundMs / 1000) + 8;
    return (int) Math.min(256, Math.max(8, n));
  }
}
