package io.github.ycsbdocsearch.resultsformat;

/**
 * The percentiles every summary reports, each with the smallest sample count that supports it: the
 * 1 - 10^-k percentile needs 10^k samples (p99.9 needs 1,000, p99.99 needs 10,000), otherwise the value would
 * only be the maximum under another name. Immutable.
 */
public enum Percentile {
  P50(50.0, "p50", 1),
  P90(90.0, "p90", 10),
  P99(99.0, "p99", 100),
  P999(99.9, "p99.9", 1_000),
  P9999(99.99, "p99.99", 10_000);

  private final double value;
  private final String label;
  private final long minSamples;

  Percentile(double value, String label, long minSamples) {
    this.value = value;
    this.label = label;
    this.minSamples = minSamples;
  }

  /** The percentile, e.g. 99.9. */
  public double value() {
    return value;
  }

  /** Human label, e.g. {@code p99.9}. */
  public String label() {
    return label;
  }

  /** CSV/JSON column name, e.g. {@code p999_us}. */
  public String column() {
    return name().toLowerCase(java.util.Locale.ROOT) + "_us";
  }

  /** Whether {@code samples} values are enough to state this percentile. */
  public boolean supportedBy(long samples) {
    return samples >= minSamples;
  }
}
