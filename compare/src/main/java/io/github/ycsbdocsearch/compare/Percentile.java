package io.github.ycsbdocsearch.compare;

/**
 * The latency percentiles that are compared, with their {@code summary.csv} column and their name inside
 * {@code noise.json} metric keys. Immutable enum, safe to share.
 */
public enum Percentile {
  /** Median. */
  P50("p50", "p50_us", "p50"),
  /** 99th percentile. */
  P99("p99", "p99_us", "p99"),
  /** 99.9th percentile: only present when the step had at least 1,000 samples. */
  P999("p99.9", "p999_us", "p999");

  private final String label;
  private final String csvColumn;
  private final String metricKey;

  Percentile(String label, String csvColumn, String metricKey) {
    this.label = label;
    this.csvColumn = csvColumn;
    this.metricKey = metricKey;
  }

  /** @return the name shown to people, e.g. {@code p99.9} */
  public String label() {
    return label;
  }

  /** @return the column of {@code summary.csv} holding it in microseconds */
  public String csvColumn() {
    return csvColumn;
  }

  /** @return the dot-free name used inside metric keys, e.g. {@code p999} */
  public String metricKey() {
    return metricKey;
  }
}
