package io.github.ycsbdocsearch.sweep.plan;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.util.Locale;

/**
 * One step of a store's sweep: its number, why it runs, client threads and target rate (0 =
 * unthrottled). Its folder name is the results format's ({@link RunLayout#stepDirName}).
 *
 * @param offeredFraction load and search phases: the target as a fraction of the ramp's peak; soak
 *     and fault phases: of the capacity under the objective ({@link #fractionOf}); else null
 * @param windowS measured seconds when the step asks for its own window (a capacity probe near the
 *     estimate, long enough to hold the store's background cycles); null: its phase's
 */
public record StepSpec(
    int index, Phase phase, int threads, long targetOps, Double offeredFraction, Integer windowS) {

  /** A step with its phase's window. */
  public StepSpec(int index, Phase phase, int threads, long targetOps, Double offeredFraction) {
    this(index, phase, threads, targetOps, offeredFraction, null);
  }

  public StepSpec {
    if (windowS != null && windowS < 1) {
      throw new IllegalArgumentException("bad step window: " + windowS + " s");
    }
    if (index < 1 || threads < 1 || targetOps < 0) {
      throw new IllegalArgumentException(
          "bad step: index " + index + ", threads " + threads + ", target " + targetOps);
    }
    if (phase.fixedRate() != (targetOps > 0)) {
      throw new IllegalArgumentException(
          "a %s step %s target rate"
              .formatted(phase.jsonName(), targetOps > 0 ? "has no" : "needs a"));
    }
  }

  /** A closed-loop step of the ramp. */
  public static StepSpec ramp(int index, int threads) {
    return new StepSpec(index, Phase.RAMP, threads, 0, null);
  }

  /** The step's folder name, e.g. {@code 03-t8} or {@code 07-t16-r4500}. */
  public String dirName() {
    return RunLayout.stepDirName(index, threads, targetOps, phase);
  }

  /** What {@link #offeredFraction} is a fraction of: the capacity in steps after the search. */
  public String fractionOf() {
    return switch (phase) {
      case SOAK, FAULT_CONTROL, FAULT -> "capacity";
      default -> "peak";
    };
  }

  /** Human label for progress lines. */
  public String label() {
    String base = targetOps > 0 ? "t=" + threads + " @" + targetOps + "/s" : "t=" + threads;
    return phase.label()
        + " "
        + base
        + (offeredFraction == null
            ? ""
            : String.format(Locale.ROOT, " (%.0f%% of %s)", offeredFraction * 100, fractionOf()));
  }
}
