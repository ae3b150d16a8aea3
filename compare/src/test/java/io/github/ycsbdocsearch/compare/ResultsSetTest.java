package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsSetTest {

  @TempDir
  Path tmp;

  @Test
  void loadsASingleRunFolder() throws Exception {
    Path run = FixtureRun.search("workloadsearch").writeTo(tmp);

    ResultsSet set = ResultsSet.load(run);

    ResultsRun loaded = set.byWorkload().get("workloadsearch");
    assertEquals(3, loaded.stores().size());
    assertTrue(loaded.isSearch("mongodb"));
    assertEquals(1000, loaded.verification().get("mongodb").queries());
    assertEquals(4, loaded.saturation().get("redisjson").threads());
    assertEquals("0123abc", set.commit());
  }

  @Test
  void loadsAFolderOfRunsKeyedByWorkload() throws Exception {
    Path dir = Fixtures.scaledSet(tmp, "set", 1.0);

    assertEquals(Set.of(Fixtures.CRUD, Fixtures.SEARCH), ResultsSet.load(dir).byWorkload().keySet());
  }

  @Test
  void aFolderWithoutRunsIsNotAResultsFolder() throws Exception {
    Files.createDirectories(tmp.resolve("random/sub"));
    Files.writeString(tmp.resolve("random/notes.txt"), "hello");

    BadInputException e = assertThrows(BadInputException.class, () -> ResultsSet.load(tmp.resolve("random")));
    assertTrue(e.getMessage().contains("not a results folder"), e.getMessage());
  }

  @Test
  void aRunWithoutSummaryPointsToTheReportScript() throws Exception {
    Path run = FixtureRun.crud("workloada").writeTo(tmp);
    Files.delete(run.resolve("summary.csv"));

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
  void brokenSaturationJsonNamesTheFile() throws Exception {
    Path run = FixtureRun.crud("workloada").writeTo(tmp);
    Files.writeString(run.resolve("mongodb/saturation.json"), "{\"threads\": 4");

    BadInputException e = assertThrows(BadInputException.class, () -> ResultsSet.load(run));
    assertTrue(e.getMessage().contains("saturation.json"), e.getMessage());
  }
}
