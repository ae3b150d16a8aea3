package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.plan.StepPlanner;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BiFunction;

/**
 * Plans the steps that run after the search at a rate taken from its result: the soak at {@code
 * --soak-load} and the fault's pair at {@code --fault-load} of the capacity found, or, with {@code
 * --rates} alone, at the first rate (whose fraction of a capacity is then unknown). Kept apart from
 * {@code StoreSweep} so that where these rates come from is read in one place. Immutable.
 *
 * @param capacity what the capacity search found; empty when it did not run or found nothing
 */
public record SoakAndFaultSteps(SweepContext ctx, String store, OptionalDouble capacity) {
  public SoakAndFaultSteps(SweepContext ctx, String store, Optional<SearchPhase.Found> search) {
    this(ctx, store, search.map(f -> f.result().capacity()).orElse(OptionalDouble.empty()));
  }

  /** The soak step, numbered after {@code after}; none, said why, when it has no rate to run at. */
  public List<StepSpec> soak(int after) {
    RunPlan o = ctx.options();
    return planAt(
        o.soak().load(),
        "soak",
        (rate, fraction) -> List.of(StepPlanner.soak(o, rate, fraction, after)));
  }

  /** The control and fault steps, numbered after {@code after}; none, said why, without a rate. */
  public List<StepSpec> fault(int after) {
    RunPlan o = ctx.options();
    return planAt(
        o.fault().load(), "fault", (rate, fraction) -> StepPlanner.fault(o, rate, fraction, after));
  }

  /**
   * The steps {@code plan} makes at {@code load} of the capacity the search found, else (--rates
   * alone) at the first rate (its fraction then null); none, said why, if neither.
   */
  private List<StepSpec> planAt(
      double load, String what, BiFunction<Long, Double, List<StepSpec>> plan) {
    if (capacity.isPresent()) {
      return plan.apply(Math.max(1, Math.round(capacity.getAsDouble() * load)), load);
    }
    if (!ctx.options().rates().isEmpty()) {
      return plan.apply((long) ctx.options().rates().get(0), null);
    }
    ctx.progress().store(store, "no " + what + ": no capacity was found to run it at");
    return List.of();
  }
}
