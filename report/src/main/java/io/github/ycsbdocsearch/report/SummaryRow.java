package io.github.ycsbdocsearch.report;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * One row of {@code summary.csv}/{@code summary.json}: one store x step x operation x latency kind. Immutable,
 * thread-safe.
 *
 * @param step      the step's summary (gives store, workload, threads, target, throughput, duration)
 * @param operation the operation and latency kind of this row
 */
record SummaryRow(StepSummary step, OperationSummary operation) {

  /** Every row of the given steps, in step order, then operation order. */
  static List<SummaryRow> of(List<StepSummary> steps) {
    List<SummaryRow> rows = new ArrayList<>();
    for (StepSummary s : steps) {
      for (OperationSummary o : s.operations()) {
        rows.add(new SummaryRow(s, o));
      }
    }
    return rows;
  }

  StepInfo info() {
    return step.step();
  }

  OptionalLong percentile(Percentile p) {
    return operation.latency().map(l -> l.percentileUs(p)).orElse(OptionalLong.empty());
  }

  OptionalLong minUs() {
    return operation.latency().map(l -> OptionalLong.of(l.minUs())).orElse(OptionalLong.empty());
  }

  OptionalLong maxUs() {
    return operation.latency().map(l -> OptionalLong.of(l.maxUs())).orElse(OptionalLong.empty());
  }
}
