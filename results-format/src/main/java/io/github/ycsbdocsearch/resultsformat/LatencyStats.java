package io.github.ycsbdocsearch.resultsformat;

import java.util.EnumMap;
import java.util.Map;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;

/**
 * Latency figures of one operation and latency kind over a step's measured window, in microseconds.
 * Only percentiles that the sample count supports are present (see {@link Percentile}). Immutable,
 * thread-safe.
 *
 * @param count samples (successful operations)
 */
public record LatencyStats(
    long count,
    long minUs,
    double meanUs,
    double stddevUs,
    long maxUs,
    Map<Percentile, Long> percentilesUs) {

  public LatencyStats {
    percentilesUs = Map.copyOf(percentilesUs);
  }

  /** The value at {@code p}, or empty when the sample count does not support it. */
  public OptionalLong percentileUs(Percentile p) {
    Long v = percentilesUs.get(p);
    return v == null ? OptionalLong.empty() : OptionalLong.of(v);
  }

  /** Figures of a non-empty histogram whose values are microseconds. */
  public static LatencyStats of(Histogram h) {
    long count = h.getTotalCount();
    if (count == 0) {
      throw new IllegalArgumentException("empty histogram has no latency figures");
    }
    Map<Percentile, Long> ps = new EnumMap<>(Percentile.class);
    for (Percentile p : Percentile.values()) {
      if (p.supportedBy(count)) {
        ps.put(p, h.getValueAtPercentile(p.value()));
      }
    }
    return new LatencyStats(
        count, h.getMinValue(), h.getMean(), h.getStdDeviation(), h.getMaxValue(), ps);
  }
}
