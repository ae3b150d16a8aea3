package io.github.ycsbdocsearch.resultsformat;

import java.util.Optional;

/**
 * What a YCSB interval log's file name says: {@code [Intended-]<OP>[-FAILED].hdr}. Immutable,
 * thread-safe.
 *
 * @param op operation name, e.g. READ
 * @param kind service time or intended-start latency
 * @param failed whether the log holds failed operations of {@code op}
 */
public record HdrLogName(String op, LatencyKind kind, boolean failed) {

  public static final String EXTENSION = ".hdr";
  static final String FAILED_SUFFIX = "-FAILED";

  /** Parses a file name; empty when it is not an interval log name. */
  public static Optional<HdrLogName> parse(String fileName) {
    if (!fileName.endsWith(EXTENSION)) {
      return Optional.empty();
    }
    String base = fileName.substring(0, fileName.length() - EXTENSION.length());
    LatencyKind kind = LatencyKind.SERVICE;
    if (base.startsWith(LatencyKind.INTENDED.filePrefix())) {
      kind = LatencyKind.INTENDED;
      base = base.substring(LatencyKind.INTENDED.filePrefix().length());
    }
    boolean failed = base.endsWith(FAILED_SUFFIX);
    if (failed) {
      base = base.substring(0, base.length() - FAILED_SUFFIX.length());
    }
    return base.isEmpty() ? Optional.empty() : Optional.of(new HdrLogName(base, kind, failed));
  }

  /** YCSB's measurement of {@code DB.cleanup()}: a lifecycle call, not a workload operation. */
  static final String CLEANUP = "CLEANUP";

  /** Whether this log times a lifecycle call rather than workload operations. */
  public boolean lifecycle() {
    return CLEANUP.equals(op);
  }

  /** The file name's base, without {@code .hdr}. */
  public String baseName() {
    return kind.filePrefix() + op + (failed ? FAILED_SUFFIX : "");
  }
}
