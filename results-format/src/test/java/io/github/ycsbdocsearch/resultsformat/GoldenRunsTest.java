package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepSummarizer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The folders real sweeps wrote read back through the format module, and agree with their own raw
 * logs.
 */
class GoldenRunsTest {

  @TempDir Path dir;

  @Test
  void everyStepSummaryTheRunnerWroteIsWhatItsLogsSay() throws IOException {
    RunFolder run = RunFolder.read(GoldenRuns.copy(GoldenRuns.NORMAL, dir));
    StoreRun store = run.stores().get(0);
    assertEquals(6, store.steps().size());
    for (StoreRun.Step s : store.steps()) {
      assertEquals(
          comparable(StepSummarizer.summarize(s.dir())),
          comparable(s.summary()),
          "summary.json of "
              + s.dir().getFileName()
              + " was written from the final step.json and its logs");
    }
    StoreCapacity sat = store.capacity();
    assertNotNull(sat.peakOps());
    assertNotNull(sat.capacityOps());
    StepSummary capacity =
        store.summaries().stream()
            .filter(s -> s.step().equals(sat.capacityStep()))
            .findFirst()
            .orElseThrow();
    assertTrue(capacity.usable() && capacity.phase() == Phase.LOAD);
    assertEquals(2, store.summaries().stream().filter(s -> s.phase() == Phase.FLOOR).count());
  }

  /**
   * A step summary without what the statistics rules decide: the golden summaries were written
   * before percentile support became the 95 % upper-bound rule, the rows got {@code
   * supported_up_to} and {@code p99_ub95_us}, and the throughput interval came from batch means
   * (scripts/tests/make-golden-runs.sh remakes them with real sweeps). The rest, counts, window,
   * throughput and every percentile the current rule supports, must agree exactly.
   */
  private static JsonNode comparable(StepSummary summary) {
    ObjectNode s = Json.MAPPER.valueToTree(summary);
    s.remove("throughput_ci95");
    s.remove(
        "format"); // format 2 files read into format 3 records: the version differs, the content
    // may not
    for (JsonNode row : s.get("rows")) {
      ObjectNode r = (ObjectNode) row;
      r.remove(List.of("supported_up_to", "p99_ub95_us"));
      for (Percentile p : Percentile.values()) {
        if (!p.supportedBy(r.get("count").asLong())) {
          r.putNull(p.column());
        }
      }
    }
    return s;
  }

  @Test
  void aStoreWithoutAQualifyingStepReadsWithEmptyNumbers() throws IOException {
    RunFolder run = RunFolder.read(GoldenRuns.copy(GoldenRuns.NO_PEAK, dir));
    StoreCapacity sat = run.stores().get(0).capacity();
    assertNull(sat.peakOps());
    assertNull(sat.capacityOps());
    assertNull(sat.peakOps());
    assertFalse(sat.reason().isEmpty());
    SummaryJson.of(run).writeTo(run.dir());
    assertNull(SummaryJson.read(run.dir()).stores().get("basicdb").capacity().capacityOps());
  }

  @Test
  void anInterruptedRunKeepsItsFinishedStepAndSaysSo() throws IOException {
    RunFolder run = RunFolder.read(GoldenRuns.copy(GoldenRuns.INTERRUPTED, dir));
    assertEquals("interrupted", run.manifest().get("status").asText());
    StoreRun store = run.stores().get(0);
    assertEquals(StepStatus.COMPLETE, store.summaries().get(0).stepStatus());
    assertEquals(StepStatus.INTERRUPTED, store.summaries().get(1).stepStatus());
    SummaryJson.of(run).writeTo(run.dir());
    assertTrue(
        SummaryJson.read(run.dir()).rows().stream()
            .anyMatch(r -> r.stepStatus() == StepStatus.INTERRUPTED),
        "interrupted steps stay visible in the rows");
  }
}
