package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.resultsformat.RampShape;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The closed-loop ramp's stopping rule: decides, step after step, when the ramp is over and which
 * step was the peak (the open-loop search for the capacity comes after, {@code SearchPhase}).
 *
 * <p>A step counts as growth only when it beats the best step so far by more than {@code growthPct}
 * percent and, when both have a confidence interval, its interval's low end clears the best's high
 * end; it counts as flat only when it is significantly not higher (its interval's high end does not
 * beat the best by the margin); a step that is neither leaves the count as it was: one noisy step
 * can neither end the ramp early nor become the headline. The ramp ends after {@code flatSteps}
 * flat steps, when a step's failed operations pass {@code maxErrorPct}, when its p99 passes {@code
 * maxP99Ms}, when the client was CPU-bound (more threads would measure the client), or when a step
 * fails. The peak is the highest-throughput complete step within both bounds, a client-bound one
 * included: what the client achieved is a lower bound on the store's peak whoever limited it (the
 * peak is then marked a lower bound). A ramp that runs out of planned steps has a lower-bound peak
 * only when its last step grew: last steps within the noise of the peak are a plateau, named so
 * ({@link RampShape}). Not thread-safe: one detector per store, fed in step order.
 */
public final class PeakDetector {

  /**
   * The stopping rule. Immutable.
   *
   * @param growthPct least growth over the best step that counts as growing, percent
   * @param flatSteps consecutive non-growing steps that end the ramp
   * @param maxErrorPct error bound, percent of a step's operations
   * @param maxP99Ms optional p99 bound, milliseconds
   * @param storeUnderTest a store is measured (not BasicDB, whose every closed-loop step is the
   *     client's own limit: there a client-bound step is the measurement, not a reason to stop)
   */
  public record Rules(
      double growthPct,
      int flatSteps,
      double maxErrorPct,
      OptionalDouble maxP99Ms,
      boolean storeUnderTest) {
    public static Rules of(RunPlan o, boolean storeUnderTest) {
      return new Rules(
          Defaults.GROWTH_PCT,
          Defaults.FLAT_STEPS,
          o.maxErrorPct(),
          o.maxP99Ms() == null ? OptionalDouble.empty() : OptionalDouble.of(o.maxP99Ms()),
          storeUnderTest);
    }

    /** The rule in words, for the manifest. */
    public String describe() {
      return String.format(
          Locale.ROOT,
          "ramp: stop when throughput did not beat the best step by > %s%% and by its"
              + " 95%% confidence interval for %d steps, when > %s%% of a step's operations fail%s,"
              + " when the client is CPU-bound, or when a step fails",
          num(growthPct),
          flatSteps,
          num(maxErrorPct),
          maxP99Ms.isPresent()
              ? ", when a step's p99 passes " + num(maxP99Ms.getAsDouble()) + " ms"
              : "");
    }
  }

  private final Rules rules;
  private StepSummary best;

  /** The complete steps within the bounds, in order: the ramp whose shape the result words. */
  private final List<StepSummary> judged = new ArrayList<>();

  private int flat;
  private int offered;
  private String stopReason;

  public PeakDetector(Rules rules) {
    this.rules = rules;
  }

  /** True when the step failed only on its error bound: the normal end of a ramp past its peak. */
  public boolean failedOnErrorBound(StepResult r) {
    return r.status() == StepStatus.FAILED
        && !r.storeLost()
        && r.summary().map(this::exceedsErrorBound).orElse(false);
  }

  /** True when the step's failed share passes the error bound (such a step is marked failed). */
  public boolean exceedsErrorBound(StepSummary m) {
    return m.errorFraction() * 100.0 > rules.maxErrorPct();
  }

  /** The error-bound message for a step, e.g. {@code errors 3.20% of operations > 1%}. */
  public String errorBoundMessage(StepSummary m) {
    return String.format(
        Locale.ROOT,
        "errors %.2f%% of operations > %s%% (--max-error-pct)",
        m.errorFraction() * 100.0,
        num(rules.maxErrorPct()));
  }

  /** Takes the next step's result: the reason to stop, or empty to go on. */
  public Optional<String> offer(StepResult r) {
    if (stopReason != null) {
      return Optional.of(stopReason);
    }
    offered++;
    String at = " at step " + r.spec().dirName();
    if (r.status() == StepStatus.INTERRUPTED) {
      return stop("interrupted" + at);
    }
    if (r.status() == StepStatus.FAILED || r.summary().isEmpty()) {
      if (failedOnErrorBound(r)) {
        return stop(errorBoundMessage(r.summary().get()) + at);
      }
      return stop("step " + r.spec().dirName() + " failed: " + r.error());
    }
    StepSummary m = r.summary().get();
    if (exceedsErrorBound(m)) {
      return stop(errorBoundMessage(m) + at);
    }
    if (m.clientBound() && rules.storeUnderTest()) {
      // What the client drove the store to is a lower bound on the store's peak, whoever limited
      // it: the step still counts as the best when it is.
      keepIfBest(m);
      return stop(
          String.format(
              Locale.ROOT,
              "the client was CPU-bound%s (%.2f of %d CPUs): more threads would "
                  + "measure the client, not the store",
              at,
              m.clientCpuCores(),
              m.clientCpus()));
    }
    if (rules.maxP99Ms().isPresent()
        && m.worstP99Us().isPresent()
        && m.worstP99Us().getAsLong() / 1000.0 > rules.maxP99Ms().getAsDouble()) {
      return stop(
          String.format(
              Locale.ROOT,
              "p99 %.2f ms > %s ms (--max-p99-ms)%s",
              m.worstP99Us().getAsLong() / 1000.0,
              num(rules.maxP99Ms().getAsDouble()),
              at));
    }
    judged.add(m);
    // Growth: above the best by the growth margin and, where both are known, by the confidence
    // intervals. A flat step is one significantly NOT higher (even its interval's high end does
    // not beat the best by the margin); one the intervals cannot place leaves the count.
    if (best == null || RampShape.grew(m, best, rules.growthPct())) {
      flat = 0;
    } else if (RampShape.surelyNotHigher(m, best, rules.growthPct())) {
      flat++;
    }
    keepIfBest(m);
    if (flat >= rules.flatSteps()) {
      return stop(
          String.format(
              Locale.ROOT,
              "throughput did not beat the best step by > %s%% and its confidence "
                  + "interval for %d steps",
              num(rules.growthPct()),
              rules.flatSteps()));
    }
    return Optional.empty();
  }

  /**
   * The peak part of {@code capacity.json} (capacity fields null: the load phase fills them).
   *
   * @param plannedSteps the plan's ramp steps (to tell "plan exhausted" from an early stop)
   */
  public StoreCapacity result(String store, int plannedSteps) {
    String reason = stopReason;
    boolean stillGrowing = false;
    if (reason == null) {
      // No flat steps is not growth: steps the intervals could not place either way leave the
      // count at 0 too. Only a last step that grew leaves the peak a lower bound.
      Optional<RampShape> shape = RampShape.of(judged, rules.growthPct());
      stillGrowing = offered >= plannedSteps && shape.isPresent() && shape.get().rising();
      reason =
          offered >= plannedSteps
              ? "all %s planned steps ran%s"
                  .formatted(plannedSteps, shape.map(s -> "; " + s.words()).orElse(""))
              : "sweep ended after " + offered + " of " + plannedSteps + " planned steps";
    }
    boolean lowerBound =
        stillGrowing || stopReason != null && stopReason.startsWith("the client was CPU-bound");
    Optional<StepSummary> b = Optional.ofNullable(best);
    return new StoreCapacity(
        StoreCapacity.FORMAT,
        store,
        b.map(StepSummary::throughputOps).orElse(null),
        b.map(StepSummary::step).orElse(null),
        b.map(StepSummary::threads).orElse(null),
        b.map(StepSummary::throughputCi95).orElse(null),
        b.map(x -> lowerBound).orElse(null),
        null,
        null,
        null,
        null,
        b.isPresent() ? reason : reason + "; no step finished within the bounds",
        b.map(StepSummary::index).orElse(null),
        b.map(StepSummary::threads).orElse(null),
        b.map(StepSummary::throughputOps).orElse(null),
        null,
        false);
  }

  /** Takes a complete step as the best when its throughput beats the best's so far. */
  private void keepIfBest(StepSummary m) {
    if (best == null || m.throughputOps() > best.throughputOps()) {
      best = m;
    }
  }

  private Optional<String> stop(String reason) {
    stopReason = reason;
    return Optional.of(reason);
  }

  static String num(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf((long) d) : String.valueOf(d);
  }
}
