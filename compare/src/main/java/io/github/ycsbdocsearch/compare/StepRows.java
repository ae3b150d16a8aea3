package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One step of one store as the comparison sees it: its successes-only rows by operation and latency
 * kind, and whether its numbers may be compared at all. The same selection serves the comparison
 * and the noise estimate, so a threshold is always measured on the rows it is applied to.
 *
 * <p>Which rows count: successes-only rows ({@code requests=ok}; the all-requests rows repeat them
 * with failures mixed in, and failures are judged by their rate); intended latency only in
 * fixed-rate steps (in a closed loop a format-1 folder's intended rows equal service time); no
 * harness-floor steps (they measure YCSB, not the store). Immutable.
 *
 * @param key what identifies the step across runs
 * @param stepDir its folder name, e.g. {@code 07-t16-r4500}
 * @param unusable why its numbers cannot stand for the store (its rows' recorded {@code
 *     unusable_reason}: failed, client-bound, rate not sustained), or null when usable
 * @param throughput the step's throughput, ops/s
 */
public record StepRows(
    StepKey key, String stepDir, String unusable, double throughput, Map<RowKey, SummaryRow> rows) {

  public record RowKey(String op, LatencyKind kind) {}

  public StepRows {
    rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
  }

  /**
   * Groups one store's rows by step. When a run holds two steps with one key (a repeated ramp
   * step), the later usable one is kept.
   */
  public static SortedMap<StepKey, StepRows> of(List<SummaryRow> storeRows) {
    Map<Integer, List<SummaryRow>> byIndex = new LinkedHashMap<>();
    for (SummaryRow row : storeRows) {
      if (SummaryRow.OK.equals(row.requests())
          && !(row.kind() == LatencyKind.INTENDED && row.targetOps() == 0)
          && row.phase() != Phase.FLOOR) {
        byIndex.computeIfAbsent(row.step(), i -> new ArrayList<>()).add(row);
      }
    }
    SortedMap<StepKey, StepRows> steps = new TreeMap<>();
    for (List<SummaryRow> rows : byIndex.values()) {
      SummaryRow first = rows.get(0);
      Map<RowKey, SummaryRow> byOp = new LinkedHashMap<>();
      rows.forEach(r -> byOp.put(new RowKey(r.op(), r.kind()), r));
      StepRows step =
          new StepRows(
              StepKey.of(first),
              first.stepDir(),
              first.usable() ? null : first.unusableReason(),
              first.throughputOps(),
              byOp);
      steps.merge(
          step.key(),
          step,
          (earlier, later) -> later.usable() || !earlier.usable() ? later : earlier);
    }
    return steps;
  }

  public boolean usable() {
    return unusable == null;
  }
}
