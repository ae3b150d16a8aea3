package io.github.ycsbdocsearch.resultsformat;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One store's part of a run: its steps (in step order), {@code capacity.json} and {@code
 * verification.json} when present. Immutable.
 *
 * @param name store name (the folder's name)
 * @param steps the steps, each with its folder
 * @param capacity capacity.json (or an older run's capacity.json), or null
 * @param verification verification.json, or null
 */
public record StoreRun(
    String name, List<Step> steps, StoreCapacity capacity, Verification verification) {

  /** A step folder and its summary. */
  public record Step(Path dir, StepSummary summary) {}

  public StoreRun {
    steps = List.copyOf(steps);
  }

  public List<StepSummary> summaries() {
    return steps.stream().map(Step::summary).toList();
  }

  /** Steps of one phase that ran to their end. */
  public List<StepSummary> completeSteps(Phase phase) {
    return summaries().stream().filter(s -> s.complete() && s.phase() == phase).toList();
  }

  /** Steps of one phase whose recorded verdict is {@link StepSummary#usable()}. */
  public List<StepSummary> usableSteps(Phase phase) {
    return summaries().stream().filter(s -> s.usable() && s.phase() == phase).toList();
  }

  /** The store's representative step: the capacity step, else the peak, else the fastest usable. */
  public Optional<Step> representativeStep() {
    if (capacity != null) {
      for (String chosen : new String[] {capacity.capacityStep(), capacity.peakStep()}) {
        Optional<Step> s =
            steps.stream()
                .filter(t -> t.summary().step().equals(chosen) && t.summary().complete())
                .findFirst();
        if (chosen != null && s.isPresent()) {
          return s;
        }
      }
    }
    return steps.stream()
        .filter(s -> s.summary().usable() && s.summary().phase() != Phase.FLOOR)
        .max(Comparator.comparingDouble(s -> s.summary().throughputOps()));
  }

  /** Whether any step ran the SEARCH operation (then its answers must have been verified). */
  public boolean ranSearch() {
    return summaries().stream().anyMatch(s -> s.operationNames().contains("SEARCH"));
  }
}
