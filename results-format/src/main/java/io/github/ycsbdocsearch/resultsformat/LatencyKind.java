package io.github.ycsbdocsearch.resultsformat;

import java.util.Locale;

/**
 * Which latency a histogram holds. YCSB names the interval log of the intended-start latency {@code
 * Intended-<OP>.hdr} and the service-time log {@code <OP>.hdr}. Immutable.
 */
public enum LatencyKind {
  /** Time from the actual call start to its end ({@code <OP>.hdr}). */
  SERVICE(""),
  /** Time from the intended (scheduled) start to the end: coordinated omission corrected. */
  INTENDED("Intended-");

  private final String filePrefix;

  LatencyKind(String filePrefix) {
    this.filePrefix = filePrefix;
  }

  /** The prefix YCSB puts before the operation name in the log's file name. */
  public String filePrefix() {
    return filePrefix;
  }

  /** The value of the {@code latency_kind} column: {@code service} or {@code intended}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
