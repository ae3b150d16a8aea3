package io.github.ycsbdocsearch.sweep.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict.Decision;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.phase.SearchPhase;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch;
import io.github.ycsbdocsearch.sweep.step.Steps;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** When a store's capacity search runs a second time ({@link StoreSweep#searchAgain}). */
class SearchAgainTest {
  private static final List<StepSummary> FLOOR_FAILED =
      List.of(
          Steps.floor(20, 1000, Decision.FAIL, 10_000, 500),
          Steps.floor(21, 2000, Decision.PASS, 20_000, 10));
  private static final List<StepSummary> FLOOR_PASSED =
      List.of(
          Steps.floor(20, 1000, Decision.PASS, 10_000, 10),
          Steps.floor(21, 2000, Decision.PASS, 20_000, 10));

  private static SearchPhase.Found found(
      CapacitySearch.Ending ending, Double capacity, String again) {
    CapacitySearch.Result r =
        new CapacitySearch.Result(
            ending,
            capacity == null ? OptionalDouble.empty() : OptionalDouble.of(capacity),
            Double.NaN,
            Double.NaN,
            false,
            null,
            List.of(),
            null,
            0,
            "every window failed the objective, down to 44 ops/s");
    return new SearchPhase.Found(r, List.of(), List.of(), List.of(), null, again, null, 0, false);
  }

  @Test
  void noCapacityWhileTheFloorFailedTooSearchesAgain() {
    assertTrue(StoreSweep.searchAgain(found(CapacitySearch.Ending.NONE, null, null), FLOOR_FAILED));
    assertTrue(
        StoreSweep.searchAgain(found(CapacitySearch.Ending.BELOW_RANGE, null, null), FLOOR_FAILED),
        "'capacity below X' is no number either");
  }

  @Test
  void aCapacityAQuietFloorOrASecondSearchIsKept() {
    assertFalse(
        StoreSweep.searchAgain(found(CapacitySearch.Ending.ESTIMATE, 900.0, null), FLOOR_FAILED),
        "a capacity stands: its interval already says how much the stalls cost");
    assertFalse(
        StoreSweep.searchAgain(found(CapacitySearch.Ending.NONE, null, null), FLOOR_PASSED),
        "the machine met the objective itself: the failures were the store's");
    assertFalse(
        StoreSweep.searchAgain(
            found(CapacitySearch.Ending.NONE, null, StoreSweep.SEARCHED_AGAIN), FLOOR_FAILED),
        "at most once");
    assertFalse(
        StoreSweep.searchAgain(found(CapacitySearch.Ending.NONE, null, null), List.of()),
        "no floor ran: nothing shows the machine stalled");
  }
}
