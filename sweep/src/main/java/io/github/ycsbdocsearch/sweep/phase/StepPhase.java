package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.step.PeakDetector;
import io.github.ycsbdocsearch.sweep.step.StepExecutor;
import io.github.ycsbdocsearch.sweep.step.StepResult;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import java.util.List;
import java.util.Optional;

/**
 * A phase with its steps known in advance: the closed-loop thread ramp (with its stopping rule),
 * the explicit {@code --rates}, the latency curve at fixed fractions of the peak, the harness
 * floor. Steps run in order; a resumed run keeps every complete step folder of the same name.
 *
 * @param stopRule the ramp's (may end the phase early; its disturbed steps get one retry), or null
 */
public record StepPhase(SweepContext ctx, StepExecutor exec, PeakDetector stopRule)
    implements SweepPhase {

  /** A phase whose every step runs; a step failing its error bound is a result, not an end. */
  public StepPhase(SweepContext ctx, StepExecutor exec) {
    this(ctx, exec, null);
  }

  @Override
  public Optional<PhaseStop> run(List<StepSpec> steps, int total) {
    for (StepSpec spec : steps) {
      if (ctx.interrupts().requested()) {
        return Optional.of(PhaseStop.interrupted("interrupted before step " + spec.dirName()));
      }
      StepResult r = exec.runOrReuse(spec, total, stopRule != null);
      Optional<String> stop = stopRule == null ? Optional.empty() : stopRule.offer(r);
      Optional<PhaseStop> end = PhaseStop.of(r, stopRule == null || stopRule.failedOnErrorBound(r));
      if (end.isPresent()) {
        return end;
      }
      if (stop.isPresent()) {
        ctx.progress().store(exec.session().name(), "ramp ends: " + stop.get());
        break;
      }
    }
    return Optional.empty();
  }
}
