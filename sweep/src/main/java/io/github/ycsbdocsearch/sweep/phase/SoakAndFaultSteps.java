package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.plan.StepPlanner;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Plans the steps that run after the search at a rate taken from its result: the soak at {@code
 * --soak-load} and the fault's pair at {@code --fault-load} of the capacity found, or, with {@code
 * --rates} alone, at the first rate (whose fraction of a capacity is then unknown). Kept apart from
 * {@code StoreSweep} so that where these rates come from is read in one place. Immutable.
 */
public final class SoakAndFaultSteps {
  private final SweepContext ctx;
  private final String store;
  private final OptionalDouble capacity;

  /**
   * @param search what the capacity search found; empty when it did not run or found nothing
   */
  public SoakAndFaultSteps(SweepContext ctx, String store, Optional<SearchPhase.Found> search) {
    this.ctx = ctx;
    this.store = store;
    this.capacity = search.map(f -> f.result().capacity()).orElse(OptionalDouble.empty());
  }

  /**
   * The soak step, numbered after {@code after}; none, said why, when there is no rate to run it
   * at.
   */
  public List<StepSpec> soak(int after) {
    RunPlan o = ctx.options();
    return rateAt(o.soak().load(), "soak")
        .map(
            rate -> List.of(StepPlanner.soak(o, rate, ratesOnly() ? null : o.soak().load(), after)))
        .orElse(List.of());
  }

  /**
   * The fault's control and fault steps, numbered after {@code after}; none, said why, when there
   * is no rate to run them at.
   */
  public List<StepSpec> fault(int after) {
    RunPlan o = ctx.options();
    return rateAt(o.fault().load(), "fault")
        .map(rate -> StepPlanner.fault(o, rate, ratesOnly() ? null : o.fault().load(), after))
        .orElse(List.of());
  }

  /**
   * The rate at {@code load} of the capacity the search found, else (--rates alone) the first rate;
   * empty, said why, when there is neither.
   */
  private Optional<Long> rateAt(double load, String what) {
    if (capacity.isPresent()) {
      return Optional.of(Math.max(1, Math.round(capacity.getAsDouble() * load)));
    }
    if (!ctx.options().rates().isEmpty()) {
      return Optional.of((long) ctx.options().rates().get(0));
    }
    ctx.progress().store(store, "no " + what + ": no capacity was found to run it at");
    return Optional.empty();
  }

  /**
   * Whether the rates come from --rates, not from a capacity (their fraction of it is then
   * unknown).
   */
  private boolean ratesOnly() {
    return capacity.isEmpty();
  }
}
