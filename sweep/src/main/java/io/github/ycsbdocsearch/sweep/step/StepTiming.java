package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** A step's warm-up and measured seconds (floor steps are short), and the instants it records. */
public record StepTiming(int warmupS, int durationS) {
  public int runSeconds() {
    return warmupS + durationS;
  }

  public static StepTiming of(RunPlan o, StepSpec step) {
    StepTiming t =
        switch (step.phase()) {
          case FLOOR -> new StepTiming(Defaults.FLOOR_WARMUP_SECONDS, o.floorSeconds());
          case SOAK -> new StepTiming(o.warmupSeconds(), o.soak().seconds());
          case FAULT_CONTROL, FAULT ->
              new StepTiming(o.warmupSeconds(), o.fault().stepSeconds(o.stepSeconds()));
          default -> new StepTiming(o.warmupSeconds(), o.stepSeconds());
        };
    return step.windowS() == null ? t : new StepTiming(t.warmupS(), step.windowS());
  }

  /** An instant as step, load and manifest records write it: UTC, to the second. */
  public static String utc(Instant t) {
    return t.truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
