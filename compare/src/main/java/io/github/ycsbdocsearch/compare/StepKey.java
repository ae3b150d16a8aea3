package io.github.ycsbdocsearch.compare;

import java.util.Comparator;

/**
 * What identifies a sweep step across runs: its thread count and its target rate (0 = unthrottled). Step indexes are
 * not used because two runs with different plans number the same load differently.
 *
 * @param threads YCSB client threads
 * @param targetOps target throughput in ops/s, 0 for unthrottled
 */
public record StepKey(int threads, long targetOps) implements Comparable<StepKey> {

  private static final Comparator<StepKey> ORDER =
      Comparator.comparingLong(StepKey::targetOps).thenComparingInt(StepKey::threads);

  /** @return a short label such as {@code t4} or {@code t4-r1000}, matching the step folder names */
  public String label() {
    return targetOps > 0 ? "t" + threads + "-r" + targetOps : "t" + threads;
  }

  @Override
  public int compareTo(StepKey other) {
    return ORDER.compare(this, other);
  }
}
