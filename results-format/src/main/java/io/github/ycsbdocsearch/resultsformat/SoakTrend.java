package io.github.ycsbdocsearch.resultsformat;

import static io.github.ycsbdocsearch.resultsformat.Numbers.round;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.statistics.descriptive.Median;

/**
 * The soak's verdict on one figure (throughput, or intended p99): a Theil–Sen trend over the
 * per-minute batch means with Sen's 95 % interval, in percent of the series' median per hour, and a
 * stated threshold. Theil–Sen takes the median of the slopes between every pair of minutes, so one
 * stall (a minute far off the rest) moves it little, where a least-squares line would tilt towards
 * it; the per-minute means are batch means, long enough that the store's second-scale cycles
 * (checkpoints, merges) do not make neighbouring points depend on each other much.
 *
 * <p>The verdict: {@code drift} when the interval excludes 0 and the slope is at least the
 * threshold (both: a trend that is real and large enough to matter), {@code steady} otherwise,
 * {@code too short} with fewer than {@link #MIN_MINUTES} minutes. Immutable.
 *
 * @param figure {@code throughput} or {@code p99}
 * @param minutes the per-minute means it was fitted on
 * @param slopePctPerHour the Theil–Sen slope, percent of the median per hour; null when too short
 * @param lowPctPerHour the 95 % interval's low end; null when too short
 * @param highPctPerHour its high end; null when too short
 * @param thresholdPctPerHour the threshold a slope must reach to count as drift
 * @param verdict {@code drift}, {@code steady} or {@code too short}
 */
public record SoakTrend(
    String figure,
    int minutes,
    Double slopePctPerHour,
    Double lowPctPerHour,
    Double highPctPerHour,
    double thresholdPctPerHour,
    String verdict) {

  /**
   * A slope below this, percent per hour, is not called drift however sure: 5 %/h is 40 % over an
   * 8-hour day, and below what a 30-minute soak's interval resolves at a few percent of noise.
   */
  public static final double THRESHOLD_PCT_PER_HOUR = 5.0;

  /** Fewer per-minute means than this give no verdict (Sen's interval needs them). */
  public static final int MIN_MINUTES = 10;

  /** The two-sided 95 % normal quantile. */
  private static final double Z_975 = 1.959963984540054;

  /** The median of a copy: the slopes stay sorted for the interval's ranks. */
  private static final Median MEDIAN = Median.withDefaults().withCopy(true);

  /** The trend of {@code values}, one per minute in order (nulls, minutes without it, left out). */
  public static SoakTrend of(String figure, List<Double> values) {
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) != null) {
        points.add(new double[] {i, values.get(i)});
      }
    }
    int n = points.size();
    if (n < MIN_MINUTES) {
      return new SoakTrend(figure, n, null, null, null, THRESHOLD_PCT_PER_HOUR, "too short");
    }
    double[] slopes = new double[n * (n - 1) / 2];
    int k = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        slopes[k++] = (points.get(j)[1] - points.get(i)[1]) / (points.get(j)[0] - points.get(i)[0]);
      }
    }
    Arrays.sort(slopes);
    double median = MEDIAN.evaluate(points.stream().mapToDouble(p -> p[1]).toArray());
    // Sen's interval (1968, eq. 2.6): of the N pairwise slopes, the M1-th and the (M2 + 1)-th
    // smallest, M1,2 = (N -+ z sqrt(var S)) / 2 rounded, from Kendall's S variance (no ties
    // assumed: per-minute means of real measurements are continuous); scipy's theilslopes alike.
    double c = Z_975 * Math.sqrt(n * (n - 1.0) * (2 * n + 5) / 18.0);
    int lowRank = (int) Math.max(0, Math.rint((slopes.length - c) / 2.0) - 1);
    int highRank = (int) Math.min(slopes.length - 1, Math.rint((slopes.length + c) / 2.0));
    double perHour = median == 0 ? 0 : 60.0 * 100.0 / Math.abs(median);
    double slope = MEDIAN.evaluate(slopes) * perHour;
    double low = slopes[lowRank] * perHour;
    double high = slopes[highRank] * perHour;
    boolean real = low > 0 || high < 0;
    boolean large = Math.abs(slope) >= THRESHOLD_PCT_PER_HOUR;
    return new SoakTrend(
        figure,
        n,
        round(slope, 2),
        round(low, 2),
        round(high, 2),
        THRESHOLD_PCT_PER_HOUR,
        real && large ? "drift" : "steady");
  }

  /** Whether the figure drifted (see the class). */
  public boolean drifted() {
    return "drift".equals(verdict);
  }
}
