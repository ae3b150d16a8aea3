package io.github.ycsbdocsearch.resultsformat;

import java.util.Arrays;
import java.util.Optional;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.apache.commons.statistics.distribution.TDistribution;

/** Small statistics the summaries need. Stateless. */
public final class Statistics {

  /** Fewest values {@link #batchMeansCi95} gives an interval for: 3 batches of at least 2. */
  public static final int BATCH_MEANS_MIN_VALUES = 6;

  private static final int MIN_BATCHES = 3;
  private static final int MAX_BATCHES = 10;

  private Statistics() {}

  /** A confidence interval of a mean. Immutable. */
  public record Interval(double mean, double low, double high) {}

  /**
   * 95 % confidence interval of the mean of a time-ordered series by batch means.
   *
   * <p>Why batches. Successive values of a throughput series are correlated (a slow second is often
   * followed by another: a compaction, a GC, a full queue), so Student's t over the single values
   * treats n correlated values as n independent ones and gives a far too narrow interval. The means
   * of long contiguous batches are nearly independent even when the values are not, so t over the
   * batch means is honest. b = max(3, min(10, n / 3)) batches of equal size n / b; the remainder is
   * dropped at the start (closest to the warm-up, the least representative values). The interval is
   * mean of the batch means +- t(0.975, b - 1) * sd / sqrt(b).
   *
   * @return empty when there are fewer than {@link #BATCH_MEANS_MIN_VALUES} values
   */
  public static Optional<Interval> batchMeansCi95(double[] values) {
    int n = values.length;
    if (n < BATCH_MEANS_MIN_VALUES) {
      return Optional.empty();
    }
    int b = Math.max(MIN_BATCHES, Math.min(MAX_BATCHES, n / 3));
    int size = n / b;
    int first = n - b * size;
    double[] means = new double[b];
    for (int i = 0; i < b; i++) {
      int from = first + i * size;
      means[i] = Mean.of(Arrays.copyOfRange(values, from, from + size)).getAsDouble();
    }
    double mean = Mean.of(means).getAsDouble();
    double t975 = TDistribution.of(b - 1).inverseCumulativeProbability(0.975);
    double half = t975 * StandardDeviation.of(means).getAsDouble() / Math.sqrt(b);
    return Optional.of(new Interval(mean, mean - half, mean + half));
  }
}
