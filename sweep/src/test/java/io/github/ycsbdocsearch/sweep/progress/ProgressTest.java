package io.github.ycsbdocsearch.sweep.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The progress lines a person reads while a step starts. */
class ProgressTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final Progress progress =
      new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8));

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8).strip();
  }

  @Test
  void aStepOfThePlanSaysWhereItIsInThePlan() {
    progress.remainingFrom(() -> Duration.ofSeconds(250));
    progress.stepStarted("mongodb", StepSpec.ramp(3, 4), 31, 20);
    assertEquals("[mongodb] step 3/31 ramp t=4: 20 s (4m10s left at most)", printed());
  }

  @Test
  void theStoreWarmUpIsNotStepOneOfOne() {
    progress.stepStarted("mongodb", StepSpec.ramp(1, 8), 0, 20);
    assertEquals(
        "[mongodb] store warm-up, 8 threads, not measured: 20 s (0s left at most)", printed());
  }
}
