package io.github.ycsbdocsearch.sweep.plan;

import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.ThreadPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the thread plan and the fixed rates into the ordered steps of one store. Without rates: one unthrottled
 * step per thread count. With rates: for each thread count (the explicit list, or {@link Defaults#RATE_THREADS} for
 * the automatic plan) one step per rate, in the order given. The sweep may stop before the last step (saturation).
 * Stateless.
 */
public final class StepPlanner {
  private StepPlanner() {
  }

  public static List<StepSpec> steps(ThreadPlan threads, List<Integer> rates) {
    List<StepSpec> out = new ArrayList<>();
    if (rates.isEmpty()) {
      for (int t : threads.counts()) {
        out.add(new StepSpec(out.size() + 1, t, 0));
      }
      return out;
    }
    List<Integer> counts = threads.auto() ? List.of(Defaults.RATE_THREADS) : threads.counts();
    for (int t : counts) {
      for (int r : rates) {
        out.add(new StepSpec(out.size() + 1, t, r));
      }
    }
    return out;
  }
}
