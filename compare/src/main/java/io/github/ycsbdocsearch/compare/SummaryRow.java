package io.github.ycsbdocsearch.compare;

import java.util.EnumMap;
import java.util.Map;

/**
 * One row of {@code summary.csv}: one store x step x operation x latency kind. Only the columns the comparison needs
 * are kept.
 *
 * <p>Immutable (the percentile map is copied), so safe to share between threads.
 *
 * @param store store name (folder name), e.g. {@code mongodb}
 * @param workload workload name
 * @param step threads and target rate of the step
 * @param throughputOps the step's overall throughput, all operations, ops/s
 * @param op YCSB operation name, e.g. {@code READ}
 * @param count successful operations after warm-up
 * @param errors failed operations ({@code <OP>-FAILED}) after warm-up
 * @param latencyKind {@code service} or {@code intended}
 * @param percentiles latency in microseconds; a percentile the sample count cannot support is absent
 */
public record SummaryRow(String store, String workload, StepKey step, double throughputOps, String op, long count,
    long errors, String latencyKind, Map<Percentile, Double> percentiles) {

  /** The latency kind measured from the actual start of each operation. */
  public static final String SERVICE = "service";

  /** Copies the percentile map so the record stays immutable. */
  public SummaryRow {
    percentiles = percentiles.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(percentiles));
  }

  /**
   * @param percentile which percentile
   * @return its value in microseconds, or {@link Double#NaN} when the row does not have it
   */
  public double latencyUs(Percentile percentile) {
    Double value = percentiles.get(percentile);
    return value == null ? Double.NaN : value;
  }

  /** @return the key that aligns this row with the same row of another run */
  public RowKey key() {
    return new RowKey(store, op, latencyKind, step);
  }

  /**
   * Alignment key of a row inside one workload.
   *
   * @param store store name
   * @param op operation
   * @param latencyKind service or intended
   * @param step threads and target
   */
  public record RowKey(String store, String op, String latencyKind, StepKey step) {
  }
}
