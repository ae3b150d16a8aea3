package io.github.ycsbdocsearch.resultsformat;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The percentiles every summary reports. A percentile is stated only when the sample count supports
 * it, i.e. when the samples hold a one-sided 95 % upper confidence bound of it ({@link
 * PercentileBound}): p^n <= 5 %, so p50 needs 5 samples, p90 29, p99 299, p99.9 2,995 and p99.99
 * 29,956. With fewer the value would be the maximum, or close to it, under another name, and could
 * lie far below the true percentile. Immutable.
 */
public enum Percentile {
  P50(50.0, "p50"),
  P90(90.0, "p90"),
  P99(99.0, "p99"),
  P999(99.9, "p99.9"),
  P9999(99.99, "p99.99");

  private final double value;
  private final String label;

  Percentile(double value, String label) {
    this.value = value;
    this.label = label;
  }

  /** The percentile, e.g. 99.9. */
  public double value() {
    return value;
  }

  /** The percentile as a fraction, e.g. 0.999. */
  public double fraction() {
    return value / 100.0;
  }

  /** Human label, e.g. {@code p99.9}. */
  public String label() {
    return label;
  }

  /** CSV/JSON column name, e.g. {@code p999_us}. */
  public String column() {
    return name().toLowerCase(Locale.ROOT) + "_us";
  }

  /** The fewest samples that support this percentile ({@link PercentileBound#minSamples}). */
  public long minSamples() {
    return PercentileBound.minSamples(fraction());
  }

  /** Whether {@code samples} values are enough to state this percentile (see the class comment). */
  public boolean supportedBy(long samples) {
    return PercentileBound.supported(samples, fraction());
  }

  /** The highest percentile {@code samples} values support; empty below p50's 5 samples. */
  public static Optional<Percentile> highestSupportedBy(long samples) {
    return Arrays.stream(values()).filter(p -> p.supportedBy(samples)).reduce((a, b) -> b);
  }
}
