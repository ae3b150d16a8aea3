package io.github.ycsbdocsearch.sweep.step;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RemainingTimeTest {
  @Test
  void aStoreThatEndsEarlyTakesItsUnrunStepsOffTheEstimate() {
    // Two stores of 10 planned steps, 10 s each plus the first guess of 3 s overhead; 30 s setup
    // for the second.
    RemainingTime t = new RemainingTime(10, 20, 2);
    assertEquals(Duration.ofSeconds(20 * 13 + 30), t.estimate());
    t.skipped(3); // kept from an earlier attempt: counts as the store's
    t.storeEnded(10); // saturated after those: its 7 other steps will not run
    assertEquals(
        Duration.ofSeconds(10 * 13),
        t.estimate(),
        "only the second store's plan is left, no setup after it");
    t.skipped(12); // more than planned (retried steps): the estimate stays at 0, never below
    t.storeEnded(10);
    assertEquals(Duration.ZERO, t.estimate());
  }

  @Test
  void aStoreThatFailsBeforeItsStepsLeavesOnlyTheOthers() {
    RemainingTime t = new RemainingTime(10, 30, 3);
    t.storeEnded(10);
    assertEquals(Duration.ofSeconds(20 * 13 + 30), t.estimate());
  }

  @Test
  void aSearchRunAgainAddsItsStepsAndLeavesNothingBehindWhenTheStoreEnds() {
    RemainingTime t = new RemainingTime(10, 20, 2);
    t.skipped(10); // the first store's plan ran
    t.planGrew(5); // and a second search was added to it
    assertEquals(Duration.ofSeconds(15 * 13 + 30), t.estimate());
    t.skipped(2); // interrupted after 2 of the 5
    t.storeEnded(10);
    assertEquals(Duration.ofSeconds(10 * 13), t.estimate(), "the second store's plan alone");
  }
}
