package io.github.ycsbdocsearch.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One store's part of a run: its steps (in step order) and its {@code saturation.json} and
 * {@code verification.json} when present. Not thread-safe (holds mutable histograms and JSON trees).
 *
 * @param name         store name (the folder's name)
 * @param steps        the steps with the histograms their summaries came from
 * @param saturation   saturation.json, or null
 * @param verification verification.json, or null
 */
record StoreRun(String name, List<LoadedStep> steps, JsonNode saturation, JsonNode verification) {

  /** A step folder, its summary and its merged histograms. */
  record LoadedStep(java.nio.file.Path dir, StepSummary summary, StepHistograms histograms) {
  }

  StoreRun {
    steps = List.copyOf(steps);
  }

  List<StepSummary> summaries() {
    return steps.stream().map(LoadedStep::summary).toList();
  }

  List<StepSummary> completeSteps() {
    return summaries().stream().filter(s -> s.step().complete()).toList();
  }

  /**
   * The step whose latency spectrum represents the store: the one saturation.json chose, else the complete
   * unthrottled step with the highest throughput, else the complete step with the highest throughput.
   */
  Optional<LoadedStep> representativeStep() {
    if (saturation != null && saturation.hasNonNull("max_sustainable_index")) {
      int index = saturation.get("max_sustainable_index").asInt();
      Optional<LoadedStep> chosen = steps.stream()
          .filter(s -> s.summary().step().index() == index && s.summary().step().complete()).findFirst();
      if (chosen.isPresent()) {
        return chosen;
      }
    }
    Comparator<LoadedStep> byThroughput = Comparator.comparingDouble(s -> s.summary().throughputOps());
    Optional<LoadedStep> unthrottled = steps.stream()
        .filter(s -> s.summary().step().complete() && !s.summary().step().fixedRate()).max(byThroughput);
    return unthrottled.isPresent() ? unthrottled
        : steps.stream().filter(s -> s.summary().step().complete()).max(byThroughput);
  }

  /** Whether any step of this store ran the SEARCH operation (then its answers must have been verified). */
  boolean ranSearch() {
    return summaries().stream().anyMatch(s -> s.operationNames().contains("SEARCH"));
  }
}
