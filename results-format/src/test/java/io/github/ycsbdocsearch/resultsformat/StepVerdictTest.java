package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.analysis.HistoryRows;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import io.github.ycsbdocsearch.resultsformat.fixtures.RecordedVerdicts;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepSummarizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The step's verdict: the rule, its recording by the summarizer, the readers' upgrade of files
 * written before it was recorded, and readers that follow the recording even where the rule would
 * say otherwise.
 */
class StepVerdictTest {

  @TempDir Path dir;

  @Test
  void theFirstReasonThatAppliesWins() {
    assertEquals(new StepVerdict(true, null), StepVerdict.of(StepStatus.COMPLETE, false, null));
    assertEquals(new StepVerdict(true, null), StepVerdict.of(StepStatus.COMPLETE, false, true));
    assertEquals(
        StepVerdict.NOT_SUSTAINED,
        StepVerdict.of(StepStatus.COMPLETE, false, false).unusableReason());
    assertEquals(
        StepVerdict.CLIENT_BOUND,
        StepVerdict.of(StepStatus.COMPLETE, true, false).unusableReason());
    assertEquals(
        StepVerdict.FAILED, StepVerdict.of(StepStatus.FAILED, true, false).unusableReason());
    assertEquals(
        StepVerdict.INTERRUPTED,
        StepVerdict.of(StepStatus.INTERRUPTED, false, null).unusableReason());
    assertEquals(StepVerdict.NO_STATUS, StepVerdict.of(null, false, null).unusableReason());
    assertFalse(StepVerdict.of(StepStatus.COMPLETE, true, null).usable());
  }

  @Test
  void theSummarizerRecordsTheVerdictOnTheStepAndEachRow() throws Exception {
    Path run = GoldenRuns.copy(GoldenRuns.NORMAL, dir);
    Path step = run.resolve("basicdb/steps/03-t4-r1788");
    StepSummary made = StepSummarizer.summarize(step);
    assertEquals(StepSummary.FORMAT, made.format());
    made.writeTo(step);
    JsonNode written = Json.readObject(step.resolve(RunLayout.STEP_SUMMARY));
    assertTrue(written.get("usable").asBoolean());
    assertTrue(written.get("unusable_reason").isNull());
    for (JsonNode row : written.get("rows")) {
      assertTrue(row.get("usable").asBoolean(), row.toString());
    }
  }

  @Test
  void aFormat2StepSummaryGetsItsVerdictAndClientLimitOnMigrating() {
    ObjectNode step = format2Step(true);
    StepVerdict.fillIn(step, true);
    assertFalse(step.get("usable").asBoolean());
    assertEquals(StepVerdict.CLIENT_BOUND, step.get("unusable_reason").asText());
    assertEquals(StepVerdict.CLIENT_LIMIT_NOT_RECORDED, step.get("client_limit").asText());
    assertEquals(StepVerdict.CLIENT_BOUND, step.get("rows").get(0).get("unusable_reason").asText());

    ObjectNode storeBound = format2Step(false);
    StepVerdict.fillIn(storeBound, true);
    assertTrue(storeBound.get("usable").asBoolean());
    assertTrue(storeBound.get("client_limit").isNull());
    assertTrue(storeBound.get("rows").get(0).get("usable").asBoolean());
  }

  @Test
  void aRecordedVerdictIsKeptWhateverTheRuleWouldSay() {
    ObjectNode step = format2Step(true);
    step.put("usable", true).putNull("unusable_reason").put("client_limit", "recorded");
    ((ObjectNode) step.get("rows").get(0)).put("usable", true).putNull("unusable_reason");
    StepVerdict.fillIn(step, true);
    assertTrue(step.get("usable").asBoolean());
    assertEquals("recorded", step.get("client_limit").asText());
    assertTrue(step.get("rows").get(0).get("usable").asBoolean());
  }

  @Test
  void aRunSummaryRowWrittenBeforeTheVerdictGetsItOnMigrating() throws Exception {
    Path run = GoldenRuns.copy(GoldenRuns.NORMAL, dir);
    SummaryJson.of(RunFolder.read(run)).writeTo(run);
    ObjectNode root = (ObjectNode) Json.readObject(run.resolve(RunLayout.SUMMARY_JSON));
    for (JsonNode r : root.get("rows")) {
      ObjectNode row = (ObjectNode) r;
      row.remove(List.of("usable", "unusable_reason"));
      if (row.get("step_dir").asText().equals("04-t4-r3575")) {
        row.put("rate_sustained", false);
      }
    }
    AtomicFiles.writeJson(run.resolve(RunLayout.SUMMARY_JSON), root);
    RunMigration.migrate(run);
    for (SummaryRow r : SummaryJson.read(run).rows()) {
      boolean unsustained = r.stepDir().equals("04-t4-r3575");
      assertEquals(!unsustained, r.usable(), r.stepDir());
      assertEquals(unsustained ? StepVerdict.NOT_SUSTAINED : null, r.unusableReason());
    }
  }

  /**
   * Two steps whose recorded verdict contradicts the rule: the summaries and the history (from the
   * steps, and from a folder reduced to its run summary) follow the recording.
   */
  @Test
  void readersFollowTheRecordedVerdict() throws Exception {
    Path run = GoldenRuns.copy(GoldenRuns.NORMAL, dir);
    RecordedVerdicts.contradict(run.resolve("basicdb/steps/03-t4-r1788"), false);
    RecordedVerdicts.contradict(run.resolve("basicdb/steps/04-t4-r3575"), true);
    Map<String, StepSummary> steps =
        RunFolder.read(run).allSteps().stream()
            .collect(Collectors.toMap(StepSummary::step, s -> s));
    assertFalse(steps.get("03-t4-r1788").usable());
    assertEquals(RecordedVerdicts.REASON, steps.get("03-t4-r1788").unusableReason());
    assertTrue(steps.get("04-t4-r3575").usable());
    assertTrue(steps.get("04-t4-r3575").clientBound(), "the rule would call it client-bound");

    List<String> fromSteps = historyLatencySteps(run);
    assertEquals(List.of("load-100pct"), fromSteps);
    SummaryJson.of(RunFolder.read(run)).writeTo(run);
    try (Stream<Path> files = Files.walk(run.resolve("basicdb/steps"))) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
    assertEquals(fromSteps, historyLatencySteps(run), "a folder reduced to its summary.json");
  }

  private static List<String> historyLatencySteps(Path run) throws Exception {
    return HistoryRows.of(run).stream()
        .map(HistoryRows.Row::step)
        .filter(s -> !HistoryRows.NONE.equals(s))
        .distinct()
        .toList();
  }

  /** A format-2 step summary node with one row (no verdict, no client_limit). */
  private static ObjectNode format2Step(boolean clientBound) {
    ObjectNode step = Json.MAPPER.createObjectNode();
    step.put("format", 2).put("step_status", "complete").put("client_bound", clientBound);
    step.putNull("rate_sustained");
    ObjectNode row = step.putArray("rows").addObject();
    row.put("step_status", "complete").put("client_bound", clientBound);
    return step;
  }
}
