package io.github.ycsbdocsearch.sweep.step;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DisturbedStepTest {

  private static StepResult step(double ops, double lo, double hi) {
    StepSpec spec = StepSpec.ramp(1, 1);
    return new StepResult(
        spec,
        StepStatus.COMPLETE,
        null,
        Optional.of(Steps.summary(spec, ops, 0, 100L, List.of(lo, hi), null)));
  }

  @Test
  void aStepWhoseSecondsSwingIsRepeatedAndASteadyOneIsNot() {
    assertTrue(StepExecutor.disturbed(step(1000, 700, 1300)), "±30 %: the machine spoke");
    assertFalse(StepExecutor.disturbed(step(1000, 950, 1050)), "±5 %: steady");
    assertFalse(
        StepExecutor.disturbed(Steps.ok(1, 1000, 0, 100)),
        "no interval (too short): nothing to judge");
  }
}
