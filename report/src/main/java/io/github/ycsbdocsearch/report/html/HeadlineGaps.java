package io.github.ycsbdocsearch.report.html;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.Saturation;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.util.List;
import java.util.Optional;

/**
 * Why a store's headline number is missing or only a bound, in a few words a reader takes in at a
 * glance: "no result: step 03-t4 failed", "no capacity: no probe passed", "lower bound:
 * client-limited". Read from the files the sweep wrote (saturation.json, its capacity search record
 * and the steps' summaries), never guessed from the numbers. Stateless, thread-safe.
 */
final class HeadlineGaps {

  private static final String CLIENT_LIMITED = "client_limited";

  private HeadlineGaps() {}

  /** Why the store has no capacity, or null when it has one. */
  static String missingCapacity(StoreRun store) {
    Saturation sat = store.saturation();
    if (sat == null) {
      return noResult(store);
    }
    if (sat.capacityOps() != null) {
      return null;
    }
    List<StepSummary> offered =
        store.summaries().stream().filter(s -> s.fixedRate() && s.phase() != Phase.FLOOR).toList();
    if (offered.isEmpty()) {
      return stopped(store).orElse("no capacity: no fixed-rate step ran");
    }
    if (offered.stream().noneMatch(StepSummary::complete)) {
      return "no result: every fixed-rate step failed";
    }
    if (offered.stream().filter(StepSummary::complete).allMatch(StepSummary::clientBound)) {
      return "no capacity: every fixed-rate step client-limited";
    }
    return sat.capacitySearch() != null
        ? "no capacity: no probe passed"
        : "no capacity: no fixed-rate step passed";
  }

  /** Why the capacity is only a lower bound, or null when it is not one. */
  static String capacityBound(StoreRun store) {
    Saturation sat = store.saturation();
    if (sat == null
        || sat.capacityOps() == null
        || !Boolean.TRUE.equals(sat.capacityLowerBound())) {
      return null;
    }
    double lo = sat.capacityOps();
    boolean clientAbove =
        sat.capacitySearch().probes().stream()
            .anyMatch(p -> CLIENT_LIMITED.equals(p.outcome()) && p.rateOps() > lo);
    return clientAbove
        ? "lower bound: client-limited"
        : "lower bound: the top of the search range passed";
  }

  /** Why the store has no closed-loop peak, or null when it has one. */
  static String missingPeak(StoreRun store) {
    Saturation sat = store.saturation();
    if (sat == null) {
      return noResult(store);
    }
    if (sat.peak() != null) {
      return null;
    }
    return stopped(store).orElse("no peak: no capacity step finished");
  }

  /** Why the peak is only a lower bound, or null when it is not one. */
  static String peakBound(StoreRun store) {
    Saturation sat = store.saturation();
    if (sat == null || sat.peak() == null || !Boolean.TRUE.equals(sat.peakLowerBound())) {
      return null;
    }
    boolean client =
        store.completeSteps(Phase.CAPACITY).stream().anyMatch(StepSummary::clientBound);
    return client ? "lower bound: client-limited" : "lower bound: still growing";
  }

  /**
   * A peak the ramp never finished: the sweep was interrupted during it (saturation.json does not
   * flag that).
   */
  static String peakInterrupted(StoreRun store) {
    Saturation sat = store.saturation();
    if (sat == null || sat.peak() == null || Boolean.TRUE.equals(sat.peakLowerBound())) {
      return null;
    }
    return firstEnded(store, StepStatus.INTERRUPTED)
        .filter(s -> s.phase() == Phase.CAPACITY)
        .map(s -> "lower bound: interrupted at step " + s.step())
        .orElse(null);
  }

  /** A store without saturation.json: its sweep stopped before deciding anything. */
  private static String noResult(StoreRun store) {
    return stopped(store)
        .orElse(store.steps().isEmpty() ? "no result: no step ran" : "no result: sweep unfinished");
  }

  /**
   * The first step that failed, else the one the sweep was interrupted at, as the reason a result
   * is missing.
   */
  private static Optional<String> stopped(StoreRun store) {
    return firstEnded(store, StepStatus.FAILED)
        .map(s -> "no result: step " + s.step() + " failed")
        .or(
            () ->
                firstEnded(store, StepStatus.INTERRUPTED)
                    .map(s -> "no result: interrupted at step " + s.step()));
  }

  private static Optional<StepSummary> firstEnded(StoreRun store, StepStatus status) {
    return store.summaries().stream()
        .filter(s -> s.stepStatus() == status && s.phase() != Phase.FLOOR)
        .findFirst();
  }
}
