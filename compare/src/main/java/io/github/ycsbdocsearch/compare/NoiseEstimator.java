package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.compare.NoiseFile.Spread;
import io.github.ycsbdocsearch.compare.NoiseFile.StoreNoise;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Measures run-to-run noise from repeated runs of the same workloads: per store and workload the
 * spread of the headline numbers ({@code capacity_ops}, {@code peak_ops}) and, per step ({@link
 * StepKey}) and latency metric ({@code <OP>.<kind>.<pct>}), the spread of that step. Steps are
 * selected and aligned exactly as the comparison does ({@link StepRows}); unusable steps give no
 * sample. A spread needs the metric in at least {@link NoisePolicy#MIN_RUNS} runs. Stateless.
 */
public final class NoiseEstimator {

  private NoiseEstimator() {}

  /** The {@code noise} object of noise.json: store -> workload -> spreads. */
  public static SortedMap<String, Map<String, StoreNoise>> estimate(
      List<ResultsSet> sets, SortedSet<String> workloads) {
    SortedMap<String, Map<String, StoreNoise>> noise = new TreeMap<>();
    for (String workload : workloads) {
      List<ResultsRun> runs = sets.stream().map(set -> set.byWorkload().get(workload)).toList();
      SortedSet<String> stores = new TreeSet<>();
      runs.forEach(run -> stores.addAll(run.stores()));
      for (String store : stores) {
        List<ResultsRun> having = runs.stream().filter(r -> r.stores().contains(store)).toList();
        List<Headline> headlines = having.stream().map(r -> Headline.of(r, store)).toList();
        Spread capacity = spread(headlines, Headline::capacity);
        Spread peak = spread(headlines, Headline::peak);
        SortedMap<String, Map<String, Spread>> steps = steps(having, store);
        if (capacity != null || peak != null || !steps.isEmpty()) {
          noise
              .computeIfAbsent(store, s -> new TreeMap<>())
              .put(workload, new StoreNoise(capacity, peak, steps));
        }
      }
    }
    return noise;
  }

  private static Spread spread(List<Headline> headlines, Function<Headline, Double> value) {
    List<Double> values = new ArrayList<>();
    headlines.forEach(
        h -> {
          Double v = value.apply(h);
          if (v != null) {
            values.add(v);
          }
        });
    return spread(values);
  }

  private static Spread spread(List<Double> values) {
    if (values.size() < NoisePolicy.MIN_RUNS) {
      return null;
    }
    return new Spread(Stats.coefficientOfVariation(values), values.size(), Stats.mean(values));
  }

  private static SortedMap<String, Map<String, Spread>> steps(List<ResultsRun> runs, String store) {
    // step -> metric -> values over the runs
    SortedMap<StepKey, SortedMap<String, List<Double>>> samples = new TreeMap<>();
    for (ResultsRun run : runs) {
      for (StepRows step : run.steps(store).values()) {
        if (!step.usable()) {
          continue;
        }
        for (SummaryRow row : step.rows().values()) {
          for (Percentile p : NoisePolicy.PERCENTILES) {
            if (row.percentile(p).isPresent() && row.percentile(p).getAsLong() > 0) {
              samples
                  .computeIfAbsent(step.key(), k -> new TreeMap<>())
                  .computeIfAbsent(
                      NoisePolicy.latencyMetric(row.op(), row.kind(), p), m -> new ArrayList<>())
                  .add((double) row.percentile(p).getAsLong());
            }
          }
        }
      }
    }
    SortedMap<String, Map<String, Spread>> steps = new TreeMap<>();
    samples.forEach(
        (key, metrics) -> {
          SortedMap<String, Spread> spreads = new TreeMap<>();
          metrics.forEach(
              (metric, values) -> {
                Spread s = spread(values);
                if (s != null) {
                  spreads.put(metric, s);
                }
              });
          if (!spreads.isEmpty()) {
            steps.put(key.label(), spreads);
          }
        });
    return steps;
  }
}
