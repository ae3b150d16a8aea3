package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store's capacity file under its name now and under the name older folders used, and the
 * migration of such a folder: what it rewrites, that it leaves a current folder alone, and that the
 * readers refuse a folder it has not migrated.
 */
class RunMigrationTest {

  @TempDir Path dir;

  private static String peakOnly(double peakOps) {
    return "{\"format\": 4, \"store\": \"s\", \"peak_ops\": " + peakOps + "}";
  }

  /** A run folder of one store {@code s}, its capacity file under the old name. */
  private Path oldRun() throws IOException {
    Path run = Files.createDirectories(dir.resolve("run/s"));
    Files.writeString(run.resolve("saturation.json"), peakOnly(7.0));
    Files.writeString(
        run.getParent().resolve(RunLayout.MANIFEST),
        "{\"run_id\": \"r\", \"stores\": {\"s\": {\"saturation\": {\"peak_ops\": 7.0},"
            + " \"status\": \"complete\"}}}");
    Files.writeString(
        run.getParent().resolve(RunLayout.SUMMARY_JSON),
        "{\"format\": 2, \"run_id\": \"r\", \"rows\": [], \"stores\": {\"s\": {\"saturation\": "
            + peakOnly(7.0)
            + ", \"verification\": null}}}");
    return run.getParent();
  }

  private static List<String> keys(JsonNode n) {
    List<String> keys = new ArrayList<>();
    n.fieldNames().forEachRemaining(keys::add);
    return keys;
  }

  @Test
  void writesCapacityJsonOnly() throws IOException {
    new StoreCapacity(
            4, "s", 10.0, null, null, null, null, null, null, null, null, null, null, null, null,
            null, false)
        .writeTo(dir);
    assertTrue(Files.isRegularFile(dir.resolve(RunLayout.CAPACITY)));
    assertFalse(Files.exists(dir.resolve("saturation.json")));
    assertEquals(10.0, StoreCapacity.readOptional(dir).peakOps());
  }

  @Test
  void readsTheOldNameWhenTheNewIsAbsent() throws IOException {
    Path run = oldRun();
    assertEquals(
        run
            + ": migrated: s/saturation.json -> capacity.json, manifest.json stores.*.saturation ->"
            + " capacity, summary.json stores.*.saturation -> capacity",
        RunMigration.migrate(run));
    assertEquals(7.0, StoreCapacity.readOptional(run.resolve("s")).peakOps());
    assertFalse(Files.exists(run.resolve("s/saturation.json")));
    JsonNode summary = Json.readObject(run.resolve(RunLayout.SUMMARY_JSON));
    assertEquals(List.of("capacity", "verification"), keys(summary.at("/stores/s")));
    assertEquals(7.0, SummaryJson.read(run).stores().get("s").capacity().peakOps());
    JsonNode manifest = Json.readObject(run.resolve(RunLayout.MANIFEST));
    assertEquals(List.of("capacity", "status"), keys(manifest.at("/stores/s")));
  }

  @Test
  void theNewNameWinsOverTheOld() throws IOException {
    // a run written before the rename and resumed after it has both: the resumed sweep's is current
    Path run = oldRun();
    Files.writeString(run.resolve("s/capacity.json"), peakOnly(9.0));
    assertTrue(
        RunMigration.migrate(run)
            .contains("s/saturation.json -> removed (capacity.json is current)"));
    assertEquals(9.0, StoreCapacity.readOptional(run.resolve("s")).peakOps());
    assertFalse(Files.exists(run.resolve("s/saturation.json")));
  }

  @Test
  void neitherIsNull() throws IOException {
    assertNull(StoreCapacity.readOptional(dir));
  }

  @Test
  void aCurrentFolderIsLeftUntouched() throws IOException {
    Path run = oldRun();
    RunMigration.migrate(run);
    byte[] summary = Files.readAllBytes(run.resolve(RunLayout.SUMMARY_JSON));
    var modified = Files.getLastModifiedTime(run.resolve(RunLayout.SUMMARY_JSON));
    assertEquals(run + ": current, left untouched", RunMigration.migrate(run));
    assertEquals(new String(summary), Files.readString(run.resolve(RunLayout.SUMMARY_JSON)));
    assertEquals(modified, Files.getLastModifiedTime(run.resolve(RunLayout.SUMMARY_JSON)));
  }

  @Test
  void theReadersRefuseAnOldFolderNamingTheCommand() throws IOException {
    Path run = oldRun();
    String expected =
        run
            + ": written in an older format (s/saturation.json -> capacity.json, manifest.json"
            + " stores.*.saturation -> capacity, summary.json stores.*.saturation -> capacity);"
            + " upgrade it with bin/docsearch migrate "
            + run;
    assertEquals(
        expected,
        assertThrows(ResultsFormatException.class, () -> RunFolder.read(run)).getMessage());
    assertEquals(
        expected,
        assertThrows(ResultsFormatException.class, () -> SummaryJson.read(run)).getMessage());
    assertEquals(
        expected,
        assertThrows(ResultsFormatException.class, () -> RunOverview.read(run)).getMessage());
  }

  @Test
  void aFolderWithoutManifestIsNotARunFolder() {
    assertEquals(
        dir + ": not a run folder (no manifest.json)",
        assertThrows(ResultsFormatException.class, () -> RunMigration.migrate(dir)).getMessage());
  }

  @Test
  void everyGoldenRunMigratesAndThenReads() throws IOException {
    for (String name : List.of(GoldenRuns.NORMAL, GoldenRuns.NO_PEAK, GoldenRuns.INTERRUPTED)) {
      Path run = GoldenRuns.copy(name, dir); // migrated by the fixture
      assertFalse(Files.exists(run.resolve("basicdb/saturation.json")), name);
      assertTrue(Files.isRegularFile(run.resolve("basicdb/capacity.json")), name);
      JsonNode manifest = Json.readObject(run.resolve(RunLayout.MANIFEST));
      assertFalse(manifest.has("saturation_rule"), name);
      assertTrue(manifest.path(Manifest.PEAK_RULE).has("growth_pct"), name);
      assertEquals(run + ": current, left untouched", RunMigration.migrate(run));
      assertEquals(1, RunFolder.read(run).stores().size(), name);
    }
  }

  @Test
  void aGoldenRunOfOlderVersionsIsRefusedThenUpgradedOnceAndAnUpgradeCutShortFinishes()
      throws IOException {
    Path run = GoldenRuns.asWritten(GoldenRuns.NORMAL, dir);
    Path step = run.resolve("basicdb/steps/01-t1");
    byte[] asWritten = Files.readAllBytes(step.resolve(RunLayout.STEP_SUMMARY));
    String upgrades =
        "basicdb/saturation.json -> capacity.json, basicdb/capacity.json format 2 -> 4, 6 step.json"
            + " of format 1 or 2 -> 3, 6 step summary.json of format 2 or 3 -> 4 (the verdict"
            + " recorded), manifest.json"
            + " stores.*.saturation -> capacity, manifest.json saturation_rule -> peak_rule";
    assertEquals(
        run
            + ": written in an older format ("
            + upgrades
            + "); upgrade it with bin/docsearch migrate "
            + run,
        assertThrows(ResultsFormatException.class, () -> RunFolder.read(run)).getMessage());
    assertEquals(
        step.resolve(RunLayout.STEP_SUMMARY)
            + ": format 2 is older than 4; upgrade its run folder with bin/docsearch migrate",
        assertThrows(ResultsFormatException.class, () -> StepSummary.read(step)).getMessage());

    assertEquals(run + ": migrated: " + upgrades, RunMigration.migrate(run));
    StepSummary s = StepSummary.read(step);
    assertEquals(StepSummary.FORMAT, s.format());
    assertTrue(s.usable(), "a complete closed-loop step the client did not limit");
    StoreCapacity c = StoreCapacity.readOptional(run.resolve("basicdb"));
    assertEquals(StoreCapacity.FORMAT, c.format());
    assertTrue(c.capacitySought(), "format 2 sought a capacity");
    assertEquals("02-t2", c.peakStep());

    Files.write(step.resolve(RunLayout.STEP_SUMMARY), asWritten); // as if cut short before it
    assertEquals(
        run + ": migrated: 1 step summary.json of format 2 or 3 -> 4 (the verdict recorded)",
        RunMigration.migrate(run));
    assertEquals(s, StepSummary.read(step));
    assertEquals(run + ": current, left untouched", RunMigration.migrate(run));
  }
}
