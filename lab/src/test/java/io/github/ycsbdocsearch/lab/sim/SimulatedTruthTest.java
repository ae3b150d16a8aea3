package io.github.ycsbdocsearch.lab.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The stored true capacities of the stall scenarios, checked again on other random numbers: the
 * long-run share crosses the allowance between 5 % below and 5 % above them (the share is nearly
 * flat in the rate there: 10^7 requests pin the crossing to about 1 %); and the simulation
 * reproduces the closed form where there is one.
 */
class SimulatedTruthTest {
  private static final long REQUESTS = 10_000_000L;

  private static void straddles(Scenario sc, double truth) {
    double below = SimulatedTruth.share(sc, 0.95 * truth, REQUESTS, 4242);
    double above = SimulatedTruth.share(sc, 1.05 * truth, REQUESTS, 4242);
    assertTrue(
        below < sc.allowance() && above > sc.allowance(),
        sc.name() + ": share " + below + " at 0.95 x " + truth + ", " + above + " at 1.05 x");
  }

  @Test
  void theStoredTruthsHold() {
    for (Scenario sc : Scenario.stalling()) {
      straddles(sc, sc.truth());
    }
  }

  @Test
  void withoutStallsTheSimulationMeetsTheClosedForm() {
    straddles(Scenario.noStalls(), Scenario.noStalls().closedForm());
  }
}
