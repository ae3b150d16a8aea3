package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.report.charts.svg.SvgChart.fmt;

import io.github.ycsbdocsearch.report.charts.CapacityText;
import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.HarnessFloor;
import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Why a store's headline number is missing or only a bound, in a few words a reader takes in at a
 * glance: "no result: step 03-t4 failed", "no capacity: every window failed the objective, down to
 * 24 ops/s", "client lower bound: the client limited 7,200 ops/s". Read from the files the sweep
 * wrote (capacity.json, its capacity search record: format 4's {@code ending}, or format 3's
 * bracket and probes; the steps' summaries), never guessed. Stateless, thread-safe.
 */
final class HeadlineGaps {

  private static final String CLIENT_LIMITED = CapacityText.CLIENT_LIMITED;

  private HeadlineGaps() {}

  /**
   * Why the store has no capacity, or null when it has one; with the machine's own failure when the
   * harness floor missed the objective too ({@link HarnessFloor}).
   */
  static String missingCapacity(StoreRun store) {
    StoreCapacity sat = store.capacity();
    if (sat == null) {
      return noResult(store);
    }
    if (sat.capacityOps() != null) {
      return null;
    }
    String why = storeWithoutCapacity(store, sat);
    return HarnessFloor.missedObjective(store.summaries()).map(m -> why + "; " + m).orElse(why);
  }

  private static String storeWithoutCapacity(StoreRun store, StoreCapacity sat) {
    List<StepSummary> offered =
        store.summaries().stream().filter(s -> s.fixedRate() && s.phase() != Phase.FLOOR).toList();
    if (offered.isEmpty()) {
      return stopped(store).orElse("no capacity: no fixed-rate step ran");
    }
    if (offered.stream().noneMatch(StepSummary::complete)) {
      return "no result: every fixed-rate step failed";
    }
    CapacitySearchRecord estimate = CapacityText.estimate(sat);
    if (estimate != null) {
      return noEstimate(estimate, store.summaries());
    }
    if (offered.stream().filter(StepSummary::complete).allMatch(StepSummary::clientBound)) {
      return "no capacity: every fixed-rate step client-limited";
    }
    return sat.capacitySearch() != null
        ? "no capacity: no probe passed"
        : "no capacity: no fixed-rate step passed";
  }

  /**
   * A format-4 search that ended without a capacity: the client limited every window (naming its
   * reason), or every window the store decided failed (down to the lowest rate).
   */
  private static String noEstimate(CapacitySearchRecord c, List<StepSummary> steps) {
    List<CapacitySearchRecord.Probe> decided =
        c.probes().stream().filter(p -> !CLIENT_LIMITED.equals(p.outcome())).toList();
    if (decided.isEmpty()) {
      String why =
          c.clientLimit() != null
              ? c.clientLimit()
              : c.probes().stream()
                  .map(CapacitySearchRecord.Probe::clientLimit)
                  .filter(Objects::nonNull)
                  .findFirst()
                  .orElse(null);
      return c.probes().isEmpty()
          ? "no capacity: no window ran"
          : "no capacity: the client limited every window" + (why == null ? "" : " (" + why + ")");
    }
    if (decided.stream().noneMatch(p -> "pass".equals(p.outcome()))) {
      long lowest =
          decided.stream().mapToLong(CapacitySearchRecord.Probe::rateOps).min().getAsLong();
      return "no capacity: every window failed the objective, down to "
          + Numbers.grouped(lowest)
          + " ops/s"
          + fewestOver(decided, steps);
    }
    // A window passed yet no estimate: the search's own words say why (it should not happen).
    return c.reason() == null ? "no capacity: no estimate" : c.reason();
  }

  /**
   * How near the store came: the decided window with the least share over the bound (format 4
   * records it per window; empty for a file without the counts), with its worst operation's latency
   * at the objective's percentile when its step's summary is there.
   */
  private static String fewestOver(
      List<CapacitySearchRecord.Probe> decided, List<StepSummary> steps) {
    return decided.stream()
        .filter(p -> p.share() != null)
        .min(Comparator.comparingDouble(CapacitySearchRecord.Probe::share))
        .map(
            p ->
                fmt(
                    "; the fewest over the bound: %.1f %% of requests at %s ops/s%s",
                    100 * p.share(),
                    Numbers.grouped(p.rateOps()),
                    latencyAtObjective(p.step(), steps)))
        .orElse("");
  }

  /** " (p99 13.1 ms, UPDATE)": the step's worst operation at the objective's percentile, or "". */
  private static String latencyAtObjective(String step, List<StepSummary> steps) {
    for (StepSummary s : steps) {
      if (!s.step().equals(step) || s.objective() == null) {
        continue;
      }
      Percentile q = s.objective().slo().percentile();
      return s.worst(q)
          .map(w -> " (" + q.label() + " " + Numbers.micros(w.us()) + ", " + w.op() + ")")
          .orElse("");
    }
    return "";
  }

  /**
   * Why the capacity is only a lower bound (format 4: by how the search ended) or an extrapolation,
   * or null when it is neither.
   */
  static String capacityBound(StoreRun store) {
    StoreCapacity sat = store.capacity();
    if (sat == null || sat.capacityOps() == null) {
      return null;
    }
    CapacitySearchRecord estimate = CapacityText.estimate(sat);
    if (estimate != null) {
      return estimateBound(estimate, sat.capacityOps());
    }
    if (!Boolean.TRUE.equals(sat.capacityLowerBound())) {
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

  private static String estimateBound(CapacitySearchRecord c, double capacity) {
    return switch (c.ending()) {
      case CapacitySearchRecord.LOWER_BOUND_CLIENT ->
          clientCap(c, capacity)
              .map(p -> "client lower bound: the client limited " + Numbers.grouped(p.rateOps()))
              .map(t -> t + " ops/s")
              .orElse("client lower bound");
      case CapacityText.LOWER_BOUND_TOP -> "lower bound: the top of the search range passed";
      case CapacityText.LOWER_BOUND_BUDGET -> "lower bound: the budget ended before a rate failed";
      case CapacityText.BELOW_RANGE -> "extrapolated below every rate measured";
      default -> null;
    };
  }

  /**
   * The client's reason behind a client lower bound (format 4), e.g. "client CPU 0.97 of 1 CPUs
   * (JIT compiler left out)"; null for any other capacity.
   */
  static String clientReason(StoreRun store) {
    StoreCapacity sat = store.capacity();
    CapacitySearchRecord c = CapacityText.estimate(sat);
    if (c == null
        || sat.capacityOps() == null
        || !CapacitySearchRecord.LOWER_BOUND_CLIENT.equals(c.ending())) {
      return null;
    }
    return c.clientLimit() != null
        ? c.clientLimit()
        : clientCap(c, sat.capacityOps()).map(CapacitySearchRecord.Probe::clientLimit).orElse(null);
  }

  /** The lowest client-limited window above the capacity: where the client stopped the search. */
  private static Optional<CapacitySearchRecord.Probe> clientCap(
      CapacitySearchRecord c, double capacity) {
    return c.probes().stream()
        .filter(p -> CLIENT_LIMITED.equals(p.outcome()) && p.rateOps() > capacity)
        .min(Comparator.comparingLong(CapacitySearchRecord.Probe::rateOps));
  }

  /** Why the store has no closed-loop peak, or null when it has one. */
  static String missingPeak(StoreRun store) {
    StoreCapacity sat = store.capacity();
    if (sat == null) {
      return noResult(store);
    }
    if (sat.peakOps() != null) {
      return null;
    }
    return stopped(store).orElse("no peak: no ramp step finished");
  }

  /** A peak the ramp never finished: the sweep was interrupted in it (capacity.json won't say). */
  static String peakInterrupted(StoreRun store) {
    StoreCapacity sat = store.capacity();
    if (sat == null || sat.peakOps() == null || Boolean.TRUE.equals(sat.peakLowerBound())) {
      return null;
    }
    return firstEnded(store, StepStatus.INTERRUPTED)
        .filter(s -> s.phase() == Phase.RAMP)
        .map(s -> "lower bound: interrupted at step " + s.step())
        .orElse(null);
  }

  /** A store without capacity.json: its sweep stopped before deciding anything. */
  private static String noResult(StoreRun store) {
    return stopped(store)
        .orElse(store.steps().isEmpty() ? "no result: no step ran" : "no result: sweep unfinished");
  }

  /** The first step that failed, else the one the sweep stopped at: why a result is missing. */
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
