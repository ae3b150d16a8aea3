package io.github.ycsbdocsearch.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Picks the median of repeated runs of one workload: the run whose stores' headline numbers
 * (capacity when every run has one, else the closed-loop peak) are, taken together, closest to each
 * store's median over the runs (smallest sum of |ln(value / median)|, so every store weighs the
 * same whatever its absolute throughput). Ties go to the earlier run.
 *
 * <p>Stateless; safe to use from several threads.
 */
public final class MedianRunPicker {

  private MedianRunPicker() {}

  /**
   * @param runs repeated runs of one workload, at least one
   * @return the index of the median run in {@code runs}
   */
  public static int pick(List<ResultsRun> runs) {
    double[] scores = scores(runs);
    int best = 0;
    for (int i = 1; i < scores.length; i++) {
      if (scores[i] < scores[best]) {
        best = i;
      }
    }
    return best;
  }

  /**
   * @param runs repeated runs of one workload
   * @return each run's distance from the medians (lower is closer); stores missing from a run count
   *     as far away
   */
  public static double[] scores(List<ResultsRun> runs) {
    SortedSet<String> stores = new TreeSet<>();
    runs.forEach(run -> stores.addAll(run.stores()));
    double[] scores = new double[runs.size()];
    for (String store : stores) {
      List<Headline> headlines =
          runs.stream()
              .map(run -> run.stores().contains(store) ? Headline.of(run, store) : null)
              .toList();
      boolean capacity = headlines.stream().allMatch(h -> h != null && h.capacity() != null);
      List<Double> values = new ArrayList<>();
      for (Headline h : headlines) {
        Double v = h == null ? null : capacity ? h.capacity() : h.peak();
        values.add(v == null ? Double.NaN : v);
      }
      List<Double> present = values.stream().filter(v -> v > 0).toList();
      if (present.isEmpty()) {
        continue;
      }
      double median = Stats.median(present);
      for (int i = 0; i < scores.length; i++) {
        double v = values.get(i);
        scores[i] +=
            v > 0 ? Math.abs(Math.log(v / median)) : Double.MAX_VALUE / (stores.size() + 1);
      }
    }
    return scores;
  }
}
