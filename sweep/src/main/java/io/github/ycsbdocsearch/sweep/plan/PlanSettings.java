package io.github.ycsbdocsearch.sweep.plan;

import io.github.ycsbdocsearch.resultsformat.Objective;
import java.util.List;

/**
 * What {@link StepPlanner} reads of a sweep's options. Declared here, and implemented by the
 * command line's options record, so that planning steps needs nothing of the command line (the
 * {@code cli} package depends on {@code plan}, never the other way round).
 */
public interface PlanSettings {
  /** Whether the sweep ramps closed-loop threads to find the peak. */
  boolean ramps();

  /** The ramp's thread counts, or the fixed-rate steps' when listed explicitly. */
  ThreadPlan threads();

  /** The explicit fixed rates (ops/s); empty when none were asked. */
  List<Integer> rates();

  /** The latency curve's offered loads, as fractions of the peak. */
  List<Double> loadFractions();

  /** The objective, whose bound sizes a fixed-rate step's thread pool. */
  Objective slo();
}
