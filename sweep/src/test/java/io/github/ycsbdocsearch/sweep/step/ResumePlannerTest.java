package io.github.ycsbdocsearch.sweep.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.run.ManifestSections;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResumePlannerTest {
  private static final List<StepSpec> PLAN =
      List.of(
          StepSpec.ramp(1, 1),
          StepSpec.ramp(2, 2),
          StepSpec.ramp(3, 4),
          StepSpec.ramp(4, 8),
          StepSpec.ramp(5, 16));

  private final Map<String, StepRecord> existing = new HashMap<>();
  private final Map<String, Double> throughput = new HashMap<>();

  private void step(int index, StepStatus status, double opsPerSec) {
    StepSpec s = PLAN.get(index - 1);
    existing.put(
        s.dirName(),
        new StepRecord(
            StepRecord.FORMAT,
            "mongodb",
            "workloada",
            index,
            s.threads(),
            0,
            5,
            15,
            status,
            "2026-01-01T00:00:00Z",
            "2026-01-01T00:00:20Z",
            0,
            status == StepStatus.COMPLETE ? null : "broken",
            Phase.RAMP,
            null,
            null,
            null,
            null,
            null,
            null,
            null));
    throughput.put(s.dirName(), opsPerSec);
  }

  private ResumePlanner.Plan plan() {
    return ResumePlanner.plan(
        PLAN,
        existing,
        s ->
            Optional.ofNullable(throughput.get(s.dirName()))
                .map(t -> Steps.summary(s, t, 0, null, null, null)),
        new PeakDetector(new PeakDetector.Rules(5, 2, 1, OptionalDouble.empty())));
  }

  private static List<Integer> indexes(List<StepSpec> steps) {
    return steps.stream().map(StepSpec::index).toList();
  }

  @Test
  void aFreshRunRunsEverything() {
    ResumePlanner.Plan p = plan();
    assertEquals(List.of(1, 2, 3, 4, 5), indexes(p.toRun()));
    assertTrue(p.reused().isEmpty());
    assertFalse(p.finished());
  }

  @Test
  void anInterruptedStepAndEverythingAfterItAreRunAgain() {
    step(1, StepStatus.COMPLETE, 1000);
    step(2, StepStatus.COMPLETE, 2000);
    step(3, StepStatus.INTERRUPTED, 0);
    ResumePlanner.Plan p = plan();
    assertEquals(List.of(1, 2), p.reused().stream().map(r -> r.spec().index()).toList());
    assertEquals(List.of(3, 4, 5), indexes(p.toRun()));
    assertEquals(List.of(3), p.replaced().stream().map(StepRecord::index).toList());
    assertEquals(StepStatus.INTERRUPTED, p.replaced().get(0).status());
  }

  @Test
  void aFailedStepIsRunAgain() {
    step(1, StepStatus.FAILED, 0);
    assertEquals(List.of(1, 2, 3, 4, 5), indexes(plan().toRun()));
    assertEquals(1, plan().replaced().size());
  }

  @Test
  void aCompleteStepWhoseLogsCannotBeReadIsRunAgain() {
    step(1, StepStatus.COMPLETE, 1000);
    step(2, StepStatus.COMPLETE, 2000);
    throughput.remove("02-t2");
    assertEquals(List.of(2, 3, 4, 5), indexes(plan().toRun()));
  }

  @Test
  void aSaturatedStoreHasNothingLeft() {
    step(1, StepStatus.COMPLETE, 1000);
    step(2, StepStatus.COMPLETE, 1010);
    step(3, StepStatus.COMPLETE, 1020);
    ResumePlanner.Plan p = plan();
    assertTrue(p.finished());
    assertTrue(p.toRun().isEmpty());
    assertEquals(3, p.reused().size());
  }

  @Test
  void aCompletePlanHasNothingLeft() {
    for (int i = 1; i <= 5; i++) {
      step(i, StepStatus.COMPLETE, 1000 * i);
    }
    ResumePlanner.Plan p = plan();
    assertTrue(p.finished());
    assertEquals(5, p.reused().size());
  }

  @Test
  void existingStepsAreReadFromPublishedFoldersOnly(@TempDir Path dir) {
    StepRecord r =
        new StepRecord(
            StepRecord.FORMAT,
            "x",
            "w",
            1,
            1,
            0,
            5,
            15,
            StepStatus.COMPLETE,
            "a",
            "b",
            0,
            null,
            Phase.RAMP,
            null,
            0.5,
            1,
            null,
            null,
            null,
            null);
    r.writeTo(dir.resolve("01-t1"));
    r.writeTo(dir.resolve(".02-t2.partial"));
    dir.resolve("03-t4").toFile().mkdirs();
    assertEquals(Map.of("01-t1", r), ResumePlanner.existingSteps(dir));
    assertEquals(Map.of(), ResumePlanner.existingSteps(dir.resolve("missing")));
  }

  @Test
  void theResumeEntryCountsACompleteStepWhoseHdrLogsChangedAsRunAgain() {
    step(1, StepStatus.COMPLETE, 100);
    step(2, StepStatus.COMPLETE, 200);
    step(3, StepStatus.FAILED, 0);
    String changed = PLAN.get(1).dirName();
    JsonNode n =
        ManifestSections.resume(
            "mongodb",
            existing,
            name -> name.equals(changed) ? Optional.of("hdr/READ.hdr changed") : Optional.empty(),
            Instant.EPOCH);
    assertEquals(1, n.get("kept_complete_steps").asLong());
    assertEquals(2, n.get("rerun").size());
    JsonNode second = null;
    for (JsonNode r : n.get("rerun")) {
      second = r.get("index").asInt() == 2 ? r : second;
    }
    assertEquals("complete", second.get("previous_status").asText());
    assertEquals(
        "its HDR logs changed since it completed: hdr/READ.hdr changed",
        second.get("previous_error").asText());
  }
}
