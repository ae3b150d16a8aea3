package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Measures run-to-run noise from repeated runs of the same workloads and turns it into the {@code noise} object of
 * {@code noise.json}: {@code noise.<store>.<workload>.<metric> = {cv, runs, threshold, floor, worst_step, steps}}.
 *
 * <p>Metrics: {@code max_throughput} (CV of the stores' maximum sustainable throughput over the runs) and
 * {@code <OP>.<kind>.<pct>} for p50, p99 and p99.9 of each operation and latency kind. A latency metric's CV is
 * measured per step (threads, target) and the largest is kept, so one threshold covers every step and a quiet step
 * cannot make a noisy one look stable. Only values present in at least {@link NoisePolicy#MIN_RUNS} runs count.
 *
 * <p>Stateless; safe to use from several threads.
 */
public final class NoiseEstimator {

  private NoiseEstimator() {
  }

  /**
   * @param sets repeated runs; each maps workload to run
   * @param workloads the workloads every set holds
   * @param k multiplier on the CV
   * @return the {@code noise} object
   */
  public static ObjectNode estimate(List<ResultsSet> sets, SortedSet<String> workloads, double k) {
    ObjectNode noise = Json.object();
    for (String workload : workloads) {
      List<ResultsRun> runs = new ArrayList<>();
      sets.forEach(set -> runs.add(set.byWorkload().get(workload)));
      SortedSet<String> stores = new TreeSet<>();
      runs.forEach(run -> stores.addAll(run.stores()));
      for (String store : stores) {
        ObjectNode metrics = Json.object();
        throughput(runs, store, k, metrics);
        latency(runs, store, k, metrics);
        if (!metrics.isEmpty()) {
          noise.withObjectProperty(store).set(workload, metrics);
        }
      }
    }
    return noise;
  }

  private static void throughput(List<ResultsRun> runs, String store, double k, ObjectNode metrics) {
    List<Double> values = new ArrayList<>();
    for (ResultsRun run : runs) {
      double value = run.stores().contains(store) ? run.maxThroughput(store) : Double.NaN;
      if (value > 0) {
        values.add(value);
      }
    }
    if (values.size() >= NoisePolicy.MIN_RUNS) {
      double cv = Stats.coefficientOfVariation(values);
      ObjectNode entry = metrics.putObject(NoisePolicy.THROUGHPUT_METRIC);
      entry.put("cv", cv);
      entry.put("runs", values.size());
      entry.put("threshold", NoisePolicy.threshold(cv, NoisePolicy.THROUGHPUT_FLOOR, k));
      entry.put("floor", NoisePolicy.THROUGHPUT_FLOOR);
    }
  }

  private static void latency(List<ResultsRun> runs, String store, double k, ObjectNode metrics) {
    // metric -> step -> values over runs
    SortedMap<String, SortedMap<StepKey, List<Double>>> samples = new TreeMap<>();
    for (ResultsRun run : runs) {
      for (SummaryRow row : run.rowsOf(store)) {
        for (Percentile p : Percentile.values()) {
          double value = row.latencyUs(p);
          if (value > 0) {
            samples.computeIfAbsent(NoisePolicy.latencyMetric(row.op(), row.latencyKind(), p), m -> new TreeMap<>())
                .computeIfAbsent(row.step(), s -> new ArrayList<>()).add(value);
          }
        }
      }
    }
    for (Map.Entry<String, SortedMap<StepKey, List<Double>>> metric : samples.entrySet()) {
      worstStep(metric.getValue()).ifPresent(worst -> {
        ObjectNode entry = metrics.putObject(metric.getKey());
        entry.put("cv", worst.cv());
        entry.put("runs", worst.runs());
        entry.put("threshold", NoisePolicy.threshold(worst.cv(), NoisePolicy.LATENCY_FLOOR, k));
        entry.put("floor", NoisePolicy.LATENCY_FLOOR);
        entry.put("worst_step", worst.step().label());
        entry.put("steps", worst.steps());
      });
    }
  }

  private static Optional<Worst> worstStep(SortedMap<StepKey, List<Double>> byStep) {
    Worst worst = null;
    int steps = 0;
    for (Map.Entry<StepKey, List<Double>> step : byStep.entrySet()) {
      List<Double> values = step.getValue();
      if (values.size() < NoisePolicy.MIN_RUNS) {
        continue;
      }
      steps++;
      double cv = Stats.coefficientOfVariation(values);
      if (worst == null || cv > worst.cv()) {
        worst = new Worst(step.getKey(), cv, values.size(), 0);
      }
    }
    return worst == null ? Optional.empty()
        : Optional.of(new Worst(worst.step(), worst.cv(), worst.runs(), steps));
  }

  /** The noisiest step of a metric. */
  private record Worst(StepKey step, double cv, int runs, int steps) {
  }
}
