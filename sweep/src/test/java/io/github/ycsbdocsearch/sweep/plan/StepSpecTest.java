package io.github.ycsbdocsearch.sweep.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.ThreadPlan;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StepSpecTest {

  @Test
  void folderNamesFollowTheResultsFormat() {
    assertEquals("01-t1", new StepSpec(1, 1, 0).dirName());
    assertEquals("03-t4", new StepSpec(3, 4, 0).dirName());
    assertEquals("02-t16-r6000", new StepSpec(2, 16, 6000).dirName());
    assertEquals("100-t64", new StepSpec(100, 64, 0).dirName());
  }

  @Test
  void folderNamesReadBack() {
    for (StepSpec s : List.of(new StepSpec(1, 1, 0), new StepSpec(12, 64, 250), new StepSpec(105, 3, 0))) {
      assertEquals(Optional.of(s), StepSpec.fromDirName(s.dirName()));
    }
    assertTrue(StepSpec.fromDirName(".01-t1.partial").isEmpty());
    assertTrue(StepSpec.fromDirName("1-t1").isEmpty());
    assertTrue(StepSpec.fromDirName("01-t0").isEmpty());
  }

  @Test
  void rejectsImpossibleSteps() {
    assertThrows(IllegalArgumentException.class, () -> new StepSpec(0, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> new StepSpec(1, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> new StepSpec(1, 1, -1));
  }

  @Test
  void unthrottledPlanHasOneStepPerThreadCount() {
    List<StepSpec> steps = StepPlanner.steps(ThreadPlan.doubling(8), List.of());
    assertEquals(List.of("01-t1", "02-t2", "03-t4", "04-t8"), steps.stream().map(StepSpec::dirName).toList());
  }

  @Test
  void ratePlanRunsEveryRateAtEachExplicitThreadCount() {
    List<StepSpec> steps = StepPlanner.steps(ThreadPlan.of(List.of(4, 8)), List.of(250, 6000));
    assertEquals(List.of("01-t4-r250", "02-t4-r6000", "03-t8-r250", "04-t8-r6000"),
        steps.stream().map(StepSpec::dirName).toList());
  }

  @Test
  void ratePlanWithAutomaticThreadsUsesTheRateThreadCount() {
    List<StepSpec> steps = StepPlanner.steps(ThreadPlan.doubling(64), List.of(100, 200));
    assertEquals(List.of(new StepSpec(1, Defaults.RATE_THREADS, 100), new StepSpec(2, Defaults.RATE_THREADS, 200)),
        steps);
  }
}
