package io.github.ycsbdocsearch.report;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * Made-up but plausible numbers for {@link SampleRunGenerator}: per store a capacity and base latencies, a
 * throughput curve that saturates, log-normal latencies with rare stalls, and queueing delay at fixed rates.
 * SYNTHETIC: nothing here was measured. Deterministic for a given seed. Not thread-safe (holds a Random).
 */
final class SampleModel {

  /** Invented figures of one store. */
  record StoreProfile(String name, double capacityOps, Map<String, Double> baseLatencyUs) {
  }

  static final List<StoreProfile> STORES = List.of(
      new StoreProfile("redisjson", 42_000, Map.of("READ", 180.0, "UPDATE", 210.0, "SEARCH", 900.0)),
      new StoreProfile("mongodb", 24_000, Map.of("READ", 320.0, "UPDATE", 430.0, "SEARCH", 2_100.0)),
      new StoreProfile("elasticsearch", 11_000, Map.of("READ", 650.0, "UPDATE", 1_100.0, "SEARCH", 1_600.0)));
  /** Sorted, so the random draws happen in the same order in every JVM (Map.of iteration order is not fixed). */
  static final Map<String, Double> MIX =
      java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(Map.of("READ", 0.45, "UPDATE", 0.45,
          "SEARCH", 0.10)));
  /** Cap on distinct samples drawn per interval; each stands for an equal share of the interval's count. */
  private static final int MAX_DRAWS = 3_000;
  private static final double STALL_PROBABILITY = 0.002;

  private final Random random;

  SampleModel(long seed) {
    this.random = new Random(seed);
  }

  /** Throughput with {@code threads} unthrottled threads: grows, saturates, then declines a little. */
  static double unthrottledOps(StoreProfile s, int threads) {
    double single = 1e6 / meanBaseUs(s);
    double t = s.capacityOps() * (1 - Math.exp(-threads * single / s.capacityOps()));
    double overload = Math.max(0, Math.log(threads) / Math.log(2) - 4);
    return t * (1 - 0.03 * overload);
  }

  /** How much slower than at one thread each call is, by Little's law. */
  static double slowdown(StoreProfile s, int threads) {
    return threads * unthrottledOps(s, 1) / unthrottledOps(s, threads);
  }

  private static double meanBaseUs(StoreProfile s) {
    return MIX.entrySet().stream().mapToDouble(e -> e.getValue() * s.baseLatencyUs().get(e.getKey())).sum();
  }

  /**
   * One interval of service times and of intended latencies of {@code count} operations.
   *
   * @param medianUs  median service time
   * @param waitUs    mean queueing delay before the call starts (0 when unthrottled)
   */
  Histogram[] interval(long count, double medianUs, double waitUs) {
    Histogram service = new Histogram(3);
    Histogram intended = new Histogram(3);
    int draws = (int) Math.min(count, MAX_DRAWS);
    for (int i = 0; i < draws; i++) {
      long weight = count / draws + (i < count % draws ? 1 : 0);
      double v = medianUs * Math.exp(0.45 * random.nextGaussian());
      if (random.nextDouble() < STALL_PROBABILITY) {
        v *= 6 + 10 * random.nextDouble();
      }
      double wait = waitUs > 0 ? -waitUs * Math.log(1 - random.nextDouble()) : 0;
      service.recordValueWithCount(Math.max(1, Math.round(v)), weight);
      intended.recordValueWithCount(Math.max(1, Math.round(v + wait)), weight);
    }
    return new Histogram[] {service, intended};
  }

  /** Multiplies {@code v} by a random factor within ±{@code fraction}. */
  double jitter(double v, double fraction) {
    return v * (1 + fraction * (2 * random.nextDouble() - 1));
  }
}
