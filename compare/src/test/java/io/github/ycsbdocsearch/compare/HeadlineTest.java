package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.fixtures.SplitFixture;
import org.junit.jupiter.api.Test;

/** What set a store's capacity, as compare shows it for each run. */
class HeadlineTest {

  @Test
  void aSplitEstimateNamesWhatSetItInOneLine() {
    assertEquals(
        "aof_rewrite 0.800% of 1.000% (5100 requests over the bound each, every 60 s); between"
            + " events up to 19000 ops/s; harness floor 0.300%",
        Headline.setBy(SplitFixture.withSearch(SplitFixture.estimate(SplitFixture.BY_AOF))));
    assertEquals(
        "clean seconds 0.900% of 1.000%, wt_checkpoint 0.100%",
        Headline.setBy(SplitFixture.withSearch(SplitFixture.estimate(SplitFixture.BY_CLEAN))));
    assertEquals(
        "pooled: no split", Headline.setBy(SplitFixture.withSearch(SplitFixture.estimate(null))));
    assertNull(
        Headline.setBy(SplitFixture.withSearch(null)), "no estimate (an older format): nothing");
  }

  @Test
  void bothRunsAreShownBesideTheNote() {
    Comparison.HeadlineChange c =
        new Comparison.HeadlineChange(
            "workloada",
            "redisjson",
            NoisePolicy.CAPACITY_METRIC,
            8067.0,
            7000.0,
            null,
            null,
            Objective.parse("p99<=10ms"),
            null,
            Verdict.WITHIN_NOISE,
            null,
            "a note",
            "aof 0.8%",
            null);
    assertEquals(
        "a note; what set the capacity: baseline aof 0.8% | new -", c.notes(), "a missing side: -");
  }
}
