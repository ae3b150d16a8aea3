package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.SweepOptions;
import io.github.ycsbdocsearch.sweep.report.StepMetrics;
import io.github.ycsbdocsearch.sweep.results.StepStatus;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Decides, step after step, when a store's sweep is over, and which step was the max sustainable one.
 *
 * <p>The sweep ends when throughput grew less than {@code growthPct} over the best step so far for {@code flatSteps}
 * steps in a row, when a step's failed operations pass {@code maxErrorPct}, when its p99 (worst operation) passes
 * {@code maxP99Ms}, or when a step fails or is interrupted. The max sustainable step is the highest-throughput
 * complete step within both bounds. Not thread-safe: one detector per store sweep, fed in step order.
 */
public final class SaturationDetector {

  /**
   * The stopping rule. Immutable.
   *
   * @param growthPct   least growth over the best step that counts as growing, percent
   * @param flatSteps   consecutive non-growing steps that mean saturation
   * @param maxErrorPct error bound, percent of a step's operations
   * @param maxP99Ms    optional p99 bound, milliseconds
   */
  public record Rules(double growthPct, int flatSteps, double maxErrorPct, OptionalDouble maxP99Ms) {
    public static Rules of(SweepOptions o) {
      return new Rules(Defaults.GROWTH_PCT, Defaults.FLAT_STEPS, o.maxErrorPct(), o.maxP99Ms());
    }

    /** The rule in words, for the manifest. */
    public String describe() {
      return String.format(Locale.ROOT, "stop when throughput grew < %s%% over the best step for %d steps, "
          + "when > %s%% of a step's operations fail%s, or when a step fails", num(growthPct), flatSteps,
          num(maxErrorPct), maxP99Ms.isPresent() ? ", when a step's p99 passes " + num(maxP99Ms.getAsDouble())
              + " ms" : "");
    }
  }

  private final Rules rules;
  private StepResult best;
  private StepResult last;
  private int flat;
  private int offered;
  private String stopReason;

  public SaturationDetector(Rules rules) {
    this.rules = rules;
  }

  /** True when the step's failed share passes the error bound (such a step is marked failed). */
  public boolean exceedsErrorBound(StepMetrics m) {
    return m.errorFraction() * 100.0 > rules.maxErrorPct();
  }

  /** The error-bound message for a step, e.g. {@code errors 3.20% of operations > 1%}. */
  public String errorBoundMessage(StepMetrics m) {
    return String.format(Locale.ROOT, "errors %.2f%% of operations > %s%% (--max-error-pct)",
        m.errorFraction() * 100.0, num(rules.maxErrorPct()));
  }

  /**
   * Takes the next step's result.
   *
   * @return the reason to stop, or empty to go on
   */
  public Optional<String> offer(StepResult r) {
    if (stopReason != null) {
      return Optional.of(stopReason);
    }
    offered++;
    last = r;
    String at = " at step " + r.spec().dirName();
    if (r.status() == StepStatus.INTERRUPTED) {
      return stop("interrupted" + at);
    }
    if (r.status() == StepStatus.FAILED || r.metrics().isEmpty()) {
      if (r.failedOnErrorBound(this)) {
        return stop(errorBoundMessage(r.metrics().get()) + at);
      }
      return stop("step " + r.spec().dirName() + " failed: " + r.error());
    }
    StepMetrics m = r.metrics().get();
    if (exceedsErrorBound(m)) {
      return stop(errorBoundMessage(m) + at);
    }
    if (rules.maxP99Ms().isPresent() && m.worstP99Us().isPresent()
        && m.worstP99Us().getAsLong() / 1000.0 > rules.maxP99Ms().getAsDouble()) {
      return stop(String.format(Locale.ROOT, "p99 %.2f ms (%s) > %s ms (--max-p99-ms)%s",
          m.worstP99Us().getAsLong() / 1000.0, m.worstOp(), num(rules.maxP99Ms().getAsDouble()), at));
    }
    double bestOps = best == null ? 0 : best.metrics().orElseThrow().throughputOps();
    flat = best != null && m.throughputOps() < bestOps * (1 + rules.growthPct() / 100.0) ? flat + 1 : 0;
    if (best == null || m.throughputOps() > bestOps) {
      best = r;
    }
    if (flat >= rules.flatSteps()) {
      return stop(String.format(Locale.ROOT, "throughput grew < %s%% over the best step for %d steps",
          num(rules.growthPct()), rules.flatSteps()));
    }
    return Optional.empty();
  }

  /** True once a step made the sweep stop. */
  public boolean stopped() {
    return stopReason != null;
  }

  /**
   * The outcome for {@code saturation.json}.
   *
   * @param store        the store's name
   * @param plannedSteps how many steps the plan had (to tell "plan exhausted" from an early stop)
   */
  public Saturation result(String store, int plannedSteps) {
    String reason = stopReason;
    if (reason == null) {
      reason = offered >= plannedSteps ? "all " + plannedSteps + " planned steps ran"
          + (flat == 0 && last != null ? "; throughput was still growing at the last step" : "")
          : "sweep ended after " + offered + " of " + plannedSteps + " planned steps";
    }
    if (best == null) {
      return new Saturation(store, null, null, null, reason + "; no step finished within the bounds");
    }
    return new Saturation(store, best.spec().index(), best.spec().threads(),
        best.metrics().orElseThrow().throughputOps(), reason);
  }

  private Optional<String> stop(String reason) {
    stopReason = reason;
    return Optional.of(reason);
  }

  static String num(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf((long) d) : String.valueOf(d);
  }
}
