package io.github.ycsbdocsearch.sweep.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.run.ManifestSections;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResumeTest {
  private static final List<StepSpec> PLAN =
      List.of(
          StepSpec.ramp(1, 1),
          StepSpec.ramp(2, 2),
          StepSpec.ramp(3, 4),
          StepSpec.ramp(4, 8),
          StepSpec.ramp(5, 16));

  @TempDir Path dir;

  private final List<String> progress = new ArrayList<>();

  /** An earlier attempt's step folder: its step.json, and its summary when it completed. */
  private void step(int index, StepStatus status, double opsPerSec) {
    StepSpec s = PLAN.get(index - 1);
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
            null)
        .writeTo(dir.resolve(s.dirName()));
    if (status == StepStatus.COMPLETE) {
      Steps.summary(s, opsPerSec, 0, null, null, null).writeTo(dir.resolve(s.dirName()));
    }
  }

  /** Steps reused and steps to run, and whether nothing is left. */
  private record Replay(List<Integer> reused, List<Integer> toRun, boolean finished) {}

  /**
   * The plan as a resumed ramp goes through it ({@code StepPhase}): each step reused while {@link
   * StepExecutor#reusable} allows, fed to the stopping rule; the first that is not and every one
   * after it run.
   */
  private Replay replay() {
    Map<String, StepRecord> existing = StepExecutor.existingSteps(dir);
    PeakDetector detector =
        new PeakDetector(new PeakDetector.Rules(5, 2, 1, OptionalDouble.empty(), true));
    List<Integer> reused = new ArrayList<>();
    for (StepSpec s : PLAN) {
      Optional<StepSummary> kept =
          StepExecutor.reusable(
              existing.get(s.dirName()), 15, dir.resolve(s.dirName()), progress::add, () -> {});
      if (kept.isEmpty()) {
        return new Replay(reused, indexes(PLAN.subList(s.index() - 1, PLAN.size())), false);
      }
      reused.add(s.index());
      if (detector.offer(new StepResult(s, StepStatus.COMPLETE, null, kept)).isPresent()) {
        break;
      }
    }
    return new Replay(reused, List.of(), true);
  }

  /** The manifest's resume entry for what the folder holds. */
  private JsonNode resumeEntry() {
    return ManifestSections.resume(
        "mongodb", StepExecutor.existingSteps(dir), name -> Optional.empty(), Instant.EPOCH);
  }

  private static List<Integer> indexes(List<StepSpec> steps) {
    return steps.stream().map(StepSpec::index).toList();
  }

  @Test
  void aFreshRunRunsEverything() {
    Replay p = replay();
    assertEquals(List.of(1, 2, 3, 4, 5), p.toRun());
    assertTrue(p.reused().isEmpty());
    assertFalse(p.finished());
  }

  @Test
  void anInterruptedStepAndEverythingAfterItAreRunAgain() {
    step(1, StepStatus.COMPLETE, 1000);
    step(2, StepStatus.COMPLETE, 2000);
    step(3, StepStatus.INTERRUPTED, 0);
    Replay p = replay();
    assertEquals(List.of(1, 2), p.reused());
    assertEquals(List.of(3, 4, 5), p.toRun());
    JsonNode rerun = resumeEntry().get("rerun");
    assertEquals(1, rerun.size());
    assertEquals(3, rerun.get(0).get("index").asInt());
    assertEquals("interrupted", rerun.get(0).get("previous_status").asText());
  }

  @Test
  void aFailedStepIsRunAgain() {
    step(1, StepStatus.FAILED, 0);
    assertEquals(List.of(1, 2, 3, 4, 5), replay().toRun());
    assertEquals(1, resumeEntry().get("rerun").size());
  }

  @Test
  void aCompleteStepWhoseLogsCannotBeReadIsRunAgain() throws IOException {
    step(1, StepStatus.COMPLETE, 1000);
    step(2, StepStatus.COMPLETE, 2000);
    Files.delete(dir.resolve("02-t2").resolve(RunLayout.STEP_SUMMARY));
    assertEquals(List.of(2, 3, 4, 5), replay().toRun());
  }

  @Test
  void aCompleteStepOfAnotherDurationIsRunAgain() {
    step(1, StepStatus.COMPLETE, 1000);
    assertEquals(
        Optional.empty(),
        StepExecutor.reusable(
            StepExecutor.existingSteps(dir).get("01-t1"),
            30,
            dir.resolve("01-t1"),
            progress::add,
            () -> {}));
  }

  @Test
  void aSaturatedStoreHasNothingLeft() {
    step(1, StepStatus.COMPLETE, 1000);
    step(2, StepStatus.COMPLETE, 1010);
    step(3, StepStatus.COMPLETE, 1020);
    Replay p = replay();
    assertTrue(p.finished());
    assertTrue(p.toRun().isEmpty());
    assertEquals(3, p.reused().size());
  }

  @Test
  void aCompletePlanHasNothingLeft() {
    for (int i = 1; i <= 5; i++) {
      step(i, StepStatus.COMPLETE, 1000 * i);
    }
    Replay p = replay();
    assertTrue(p.finished());
    assertEquals(5, p.reused().size());
  }

  @Test
  void existingStepsAreReadFromPublishedFoldersOnly() {
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
    assertEquals(Map.of("01-t1", r), StepExecutor.existingSteps(dir));
    assertEquals(Map.of(), StepExecutor.existingSteps(dir.resolve("missing")));
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
            StepExecutor.existingSteps(dir),
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
