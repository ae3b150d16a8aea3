package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a reader asks of an older file, written into it by the migration ({@link RunMigration}) and
 * answered by its record, so that no reader branches on a format number: whether a capacity was
 * sought at all, which step is the peak, whether throughput counts composed operations' parts
 * again, the phase of a row written without one.
 */
class OlderFormatsTest {

  @TempDir Path dir;

  @Test
  void aFormat1CapacityFileSoughtNoCapacityAndNamesItsPeakByIndex() throws IOException {
    Path run = Files.createDirectories(dir.resolve("run"));
    Files.writeString(run.resolve(RunLayout.MANIFEST), "{\"run_id\": \"r\"}");
    Path store = Files.createDirectories(run.resolve("s"));
    RunFixture.stepJson(store.resolve("steps/02-t2"), "s", 2, 2, 0, 1, "complete");
    RunFixture.stepJson(store.resolve("steps/03-t4"), "s", 3, 4, 0, 1, "complete");
    Files.writeString(
        store.resolve(RunLayout.CAPACITY),
        "{\"store\": \"s\", \"max_sustainable_index\": 3, \"threads\": 4,"
            + " \"throughput_ops\": 1020.0, \"reason\": \"throughput fell\"}");
    assertEquals(
        store.resolve(RunLayout.CAPACITY)
            + ": format 1 is older than 4; upgrade its run folder with bin/docsearch migrate",
        assertThrows(ResultsFormatException.class, () -> StoreCapacity.readOptional(store))
            .getMessage());
    assertEquals(run + ": migrated: s/capacity.json format 1 -> 4", RunMigration.migrate(run));
    StoreCapacity s = StoreCapacity.readOptional(store);
    assertFalse(s.capacitySought(), "format 1 held the peak alone");
    assertEquals(1020.0, s.peakOps());
    assertEquals(4, s.peakThreads());
    assertEquals("03-t4", s.peakStep(), "the folder of the step its index named");
    assertTrue(s.isPeakStep("03-t4"));
    assertFalse(s.isPeakStep("02-t2"));
  }

  @Test
  void aCurrentCapacityFileSoughtOneAndNamesItsPeakByFolder() throws IOException {
    Files.writeString(
        dir.resolve(RunLayout.CAPACITY),
        "{\"format\": 4, \"store\": \"s\", \"peak_ops\": 900.0, \"peak_step\": \"05-t8\","
            + " \"peak_threads\": 8, \"capacity_ops\": null, \"capacity_reason\": \"no probe"
            + " passed\"}");
    StoreCapacity s = StoreCapacity.readOptional(dir);
    assertTrue(s.capacitySought(), "no capacity: the store met no objective");
    assertEquals("05-t8", s.peakStep());
    assertTrue(s.isPeakStep("05-t8"));
    assertFalse(s.isPeakStep("03-t4"), "a folder is named");
  }

  @Test
  void aFormat1RunSummaryCountsComposedPartsAndSoughtNoCapacity() throws IOException {
    Path run = runSummary();
    ObjectNode root = (ObjectNode) Json.readObject(run.resolve(RunLayout.SUMMARY_JSON));
    SummaryJson now = SummaryJson.read(run);
    assertTrue(now.capacitySought());
    assertFalse(now.throughputCountsComposedParts());

    root.remove("format");
    AtomicFiles.writeJson(run.resolve(RunLayout.SUMMARY_JSON), root);
    assertTrue(
        assertThrows(ResultsFormatException.class, () -> SummaryJson.read(run))
            .getMessage()
            .endsWith("summary.json format 1 -> 2); upgrade it with bin/docsearch migrate " + run));
    RunMigration.migrate(run);
    SummaryJson before = SummaryJson.read(run);
    assertFalse(before.capacitySought());
    assertTrue(before.throughputCountsComposedParts());
  }

  @Test
  void aRowWithoutAPhaseGetsTheOneItsTargetImplies() throws IOException {
    Path run = runSummary();
    ObjectNode root = (ObjectNode) Json.readObject(run.resolve(RunLayout.SUMMARY_JSON));
    for (JsonNode r : root.get("rows")) {
      ((ObjectNode) r).remove("phase");
    }
    AtomicFiles.writeJson(run.resolve(RunLayout.SUMMARY_JSON), root);
    assertEquals(
        run + ": migrated: summary.json rows -> phase and verdict", RunMigration.migrate(run));
    for (SummaryRow r : SummaryJson.read(run).rows()) {
      assertEquals(r.targetOps() > 0 ? Phase.RATES : Phase.RAMP, r.phase(), r.stepDir());
    }
  }

  private Path runSummary() throws IOException {
    Path run = GoldenRuns.copy(GoldenRuns.NORMAL, dir.resolve("run"));
    SummaryJson.of(RunFolder.read(run)).writeTo(run);
    return run;
  }
}
