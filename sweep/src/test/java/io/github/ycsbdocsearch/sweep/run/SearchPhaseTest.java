package io.github.ycsbdocsearch.sweep.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Outcome;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Probe;
import org.junit.jupiter.api.Test;

/** When the latency curve stops early. */
class SearchPhaseTest {

  private static Probe at(double rate, Outcome o) {
    return new Probe(rate, o, Double.NaN);
  }

  @Test
  void aClientLimitedPointPastAFailureEndsTheCurve() {
    assertTrue(SearchPhase.endsTheCurve(at(3987, Outcome.FAIL), at(5980, Outcome.CLIENT_LIMITED)));
  }

  @Test
  void twoClientLimitedPointsInARowEndTheCurve() {
    assertTrue(
        SearchPhase.endsTheCurve(
            at(9781, Outcome.CLIENT_LIMITED), at(19562, Outcome.CLIENT_LIMITED)));
  }

  @Test
  void oneClientLimitedPointAloneDoesNot() {
    // The first point, or one above a pass: a noisy moment must not cut off the points above it.
    assertFalse(SearchPhase.endsTheCurve(null, at(500, Outcome.CLIENT_LIMITED)));
    assertFalse(SearchPhase.endsTheCurve(at(250, Outcome.PASS), at(500, Outcome.CLIENT_LIMITED)));
  }

  @Test
  void aPointTheStoreAnsweredNeverEndsTheCurve() {
    // Past the knee, points the client sent on time are the curve's hockey stick: they stay.
    assertFalse(SearchPhase.endsTheCurve(at(1370, Outcome.FAIL), at(2740, Outcome.FAIL)));
    assertFalse(SearchPhase.endsTheCurve(at(1370, Outcome.CLIENT_LIMITED), at(2740, Outcome.PASS)));
  }

  @Test
  void aLowerRateAfterAHigherOneIsNotAbovePastTheKnee() {
    // Fractions given out of order (--load-fractions 1,0.5): "below" means a lower rate.
    assertFalse(SearchPhase.endsTheCurve(at(8000, Outcome.FAIL), at(4000, Outcome.CLIENT_LIMITED)));
  }
}
