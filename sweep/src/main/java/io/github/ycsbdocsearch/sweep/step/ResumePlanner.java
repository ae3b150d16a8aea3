package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Decides what a store still has to run. The planned steps are replayed in order: a {@code
 * complete} step whose logs can be read is reused (fed to the peak detector as if it had just run);
 * the first step that is not complete and every step after it are to be run (the detector may still
 * stop the sweep before the end). A fresh run is the case with no existing steps. The sweep itself
 * reuses steps one by one in {@code StepExecutor}, which also requires a step's HDR logs to match
 * its {@code hdr.sha256}; {@link #existingSteps} is shared by both. Stateless.
 */
public final class ResumePlanner {

  /**
   * What to do for one store. Immutable.
   *
   * @param reused complete steps kept from earlier
   * @param toRun steps to run, in order (the sweep may stop earlier)
   * @param replaced earlier records of steps that will be run again (failed or interrupted)
   * @param finished nothing left to run: the detector stopped or every planned step is complete
   */
  public record Plan(
      List<StepResult> reused, List<StepSpec> toRun, List<StepRecord> replaced, boolean finished) {
    public Plan {
      reused = List.copyOf(reused);
      toRun = List.copyOf(toRun);
      replaced = List.copyOf(replaced);
    }
  }

  private ResumePlanner() {}

  /**
   * Plans one store.
   *
   * @param planned the store's steps, in order
   * @param existing step folder name to its step.json, for the folders that have one
   * @param summaries reads a complete step's summary.json; empty when it cannot be read (the step
   *     is re-run)
   * @param detector receives every reused step (null for phases without a stopping rule)
   */
  public static Plan plan(
      List<StepSpec> planned,
      Map<String, StepRecord> existing,
      Function<StepSpec, Optional<StepSummary>> summaries,
      PeakDetector detector) {
    List<StepResult> reused = new ArrayList<>();
    for (int i = 0; i < planned.size(); i++) {
      StepSpec spec = planned.get(i);
      StepRecord rec = existing.get(spec.dirName());
      Optional<StepSummary> m =
          rec != null && rec.status() == StepStatus.COMPLETE
              ? summaries.apply(spec)
              : Optional.empty();
      if (m.isEmpty()) {
        List<StepSpec> rest = planned.subList(i, planned.size());
        List<StepRecord> replaced = new ArrayList<>();
        for (StepSpec s : rest) {
          Optional.ofNullable(existing.get(s.dirName())).ifPresent(replaced::add);
        }
        return new Plan(reused, rest, replaced, false);
      }
      StepResult r = new StepResult(spec, StepStatus.COMPLETE, null, m);
      reused.add(r);
      if (detector != null && detector.offer(r).isPresent()) {
        return new Plan(reused, List.of(), List.of(), true);
      }
    }
    return new Plan(reused, List.of(), List.of(), true);
  }

  /**
   * The step.json of every published step folder under {@code stepsDir} (none when the folder is
   * missing).
   */
  public static Map<String, StepRecord> existingSteps(Path stepsDir) {
    Map<String, StepRecord> out = new TreeMap<>();
    if (!Files.isDirectory(stepsDir)) {
      return out;
    }
    try (Stream<Path> dirs = Files.list(stepsDir)) {
      dirs.filter(Files::isDirectory)
          .filter(d -> !d.getFileName().toString().startsWith("."))
          .forEach(
              d -> StepRecord.readFrom(d).ifPresent(r -> out.put(d.getFileName().toString(), r)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + stepsDir, e);
    }
    return out;
  }
}
