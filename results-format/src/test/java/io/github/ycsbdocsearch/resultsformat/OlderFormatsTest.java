package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a reader asks of an older file, answered by its record so that no reader above the format
 * branches on a format number: whether a capacity was sought at all, which step is the peak,
 * whether throughput counts composed operations' parts again, the phase of a row written without
 * one.
 */
class OlderFormatsTest {

  @TempDir Path dir;

  @Test
  void aFormat1CapacityFileSoughtNoCapacityAndNamesItsPeakByIndex() throws IOException {
    Files.writeString(
        dir.resolve(RunLayout.CAPACITY),
        "{\"store\": \"s\", \"max_sustainable_index\": 3, \"threads\": 4,"
            + " \"throughput_ops\": 1020.0, \"reason\": \"throughput fell\"}");
    StoreCapacity s = StoreCapacity.readOptional(dir);
    assertFalse(s.capacitySought(), "format 1 held the peak alone");
    assertEquals(1020.0, s.peak());
    assertEquals("t4", s.peakStepLabel());
    assertTrue(s.isPeakStep("03-t4", 3));
    assertFalse(s.isPeakStep("02-t2", 2));
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
    assertEquals("05-t8", s.peakStepLabel());
    assertTrue(s.isPeakStep("05-t8", 5));
    assertFalse(s.isPeakStep("03-t4", 5), "a folder is named: the index does not decide");
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
