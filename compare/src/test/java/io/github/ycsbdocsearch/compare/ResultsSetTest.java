package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.SummaryJson;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsSetTest {

  @TempDir Path tmp;

  @Test
  void loadsASingleRunFolderThroughItsSummaryJson() throws Exception {
    Path run = FixtureRun.search("workloadsearch").writeTo(tmp);

    ResultsSet set = ResultsSet.load(run);

    ResultsRun loaded = set.byWorkload().get("workloadsearch");
    assertEquals(2, loaded.summary().format());
    assertEquals(Set.of("elasticsearch", "mongodb", "redisjson"), loaded.stores());
    assertTrue(loaded.isSearch("mongodb"));
    assertEquals(1000, loaded.verification().get("mongodb").queries());
    assertEquals(4, loaded.capacity("redisjson").peakThreads());
    assertEquals("0123abc", set.commit());
  }

  @Test
  void stepsAreKeyedByThreadsForCapacityAndByOfferedFractionForLoad() throws Exception {
    ResultsRun run =
        ResultsSet.load(FixtureRun.crud("workloada").writeTo(tmp)).byWorkload().get("workloada");

    List<StepKey> keys = List.copyOf(run.steps("mongodb").keySet());

    assertEquals(
        List.of("t1", "t4", "load-50%", "load-90%"), keys.stream().map(StepKey::label).toList());
    assertEquals(Phase.LOAD, keys.get(2).phase());
    assertEquals(0, new BigDecimal("50").compareTo(keys.get(2).offeredPercent()));
    StepRows t1 = run.steps("mongodb").get(keys.get(0));
    assertEquals(
        2,
        t1.rows().size(),
        "service rows of READ and UPDATE only: no intended rows in a closed loop,"
            + " no all-requests rows");
    assertEquals(
        4,
        run.steps("mongodb").get(keys.get(2)).rows().size(),
        "service and intended at a fixed rate");
  }

  @Test
  void unsustainedAndFailedStepsAreMarkedUnusable() throws Exception {
    ResultsRun run =
        ResultsSet.load(
                FixtureRun.crud("workloada")
                    .unsustained("redisjson", 0.9)
                    .noQualifyingStep("mongodb")
                    .writeTo(tmp))
            .byWorkload()
            .get("workloada");

    assertEquals(
        "rate not sustained",
        run.steps("redisjson").get(run.steps("redisjson").lastKey()).unusable());
    assertNull(run.steps("redisjson").get(run.steps("redisjson").firstKey()).unusable());
    assertTrue(
        run.steps("mongodb").values().stream().allMatch(s -> "step failed".equals(s.unusable())));
    assertNull(run.capacity("mongodb").peakOps(), "written by the format module with nulls");
  }

  @Test
  void loadsAFolderOfRunsKeyedByWorkload() throws Exception {
    Path dir = Fixtures.scaledSet(tmp, "set", 1.0);

    assertEquals(
        Set.of(Fixtures.CRUD, Fixtures.SEARCH), ResultsSet.load(dir).byWorkload().keySet());
  }

  @Test
  void aFolderWithoutRunsIsNotAResultsFolder() throws Exception {
    Files.createDirectories(tmp.resolve("random/sub"));
    Files.writeString(tmp.resolve("random/notes.txt"), "hello");

    BadInputException e =
        assertThrows(BadInputException.class, () -> ResultsSet.load(tmp.resolve("random")));
    assertTrue(e.getMessage().contains("not a results folder"), e.getMessage());
  }

  @Test
  void aRunWithoutSummaryJsonPointsToTheReportScript() throws Exception {
    Path run = FixtureRun.crud("workloada").writeTo(tmp);
    Files.delete(run.resolve("summary.json"));

    BadInputException e = assertThrows(BadInputException.class, () -> ResultsSet.load(run));
    assertTrue(e.getMessage().contains("scripts/report.sh"), e.getMessage());
  }

  @Test
  void twoRunsOfOneWorkloadInOneSetAreRejected() throws Exception {
    FixtureRun.crud("workloada").folder("20261121T010000Z-workloada").writeTo(tmp);
    FixtureRun.crud("workloada").folder("20261121T020000Z-workloada").writeTo(tmp);

    BadInputException e = assertThrows(BadInputException.class, () -> ResultsSet.load(tmp));
    assertTrue(e.getMessage().contains("two runs of workload 'workloada'"), e.getMessage());
  }

  @Test
  void brokenSummaryJsonNamesTheFileOnOneLine() throws Exception {
    Path run = FixtureRun.crud("workloada").writeTo(tmp);
    Files.writeString(run.resolve("summary.json"), "{\"format\": 2, \"rows\": [");

    BadInputException e = assertThrows(BadInputException.class, () -> ResultsSet.load(run));
    assertTrue(e.getMessage().contains("summary.json"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void format1SummaryIsReadWithoutItsClosedLoopIntendedRows() throws Exception {
    ResultsRun run =
        ResultsSet.load(FixtureRun.crud("workloada").format1().writeTo(tmp))
            .byWorkload()
            .get("workloada");

    // Migrated: the current version, with what format 1 meant written as fields.
    assertEquals(SummaryJson.FORMAT, run.summary().format());
    assertTrue(run.summary().rampOnly());
    assertTrue(run.summary().throughputCountsComposedParts());
    assertTrue(
        run.rowsOf("mongodb").stream().anyMatch(r -> r.latencyKind().equals("intended")),
        "the format-1 file holds intended rows of closed-loop steps");
    assertTrue(
        run.steps("mongodb").values().stream()
            .flatMap(s -> s.rows().keySet().stream())
            .noneMatch(k -> k.kind() == LatencyKind.INTENDED));
    Headline h = Headline.of(run, "mongodb");
    assertNull(h.capacity());
    assertEquals(600 * Math.pow(4, 0.8), h.peak(), 2.0, "format 1's throughput_ops is the peak");
  }
}
