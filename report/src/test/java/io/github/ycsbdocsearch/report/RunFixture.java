package io.github.ycsbdocsearch.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.LongStream;

/**
 * Writes results-folder pieces for tests: step.json files and interval logs written by HdrHistogram's own
 * HistogramLogWriter the way YCSB writes them, with chosen latencies at chosen times, so every derived number is
 * known in advance.
 */
final class RunFixture {

  /** 2026-01-01T00:00:00Z: fixed, so derived files are byte-for-byte reproducible. */
  static final long T0 = 1_767_225_600_000L;

  private RunFixture() {
  }

  static void stepJson(Path stepDir, String store, int index, int threads, long target, int warmupS, String status)
      throws IOException {
    Files.createDirectories(stepDir);
    Files.writeString(stepDir.resolve("step.json"), "{\"format\": 1, \"store\": \"" + store + "\", "
        + "\"workload\": \"wl\", \"index\": " + index + ", \"threads\": " + threads + ", \"target_ops\": " + target
        + ", \"warmup_s\": " + warmupS + ", \"duration_s\": 10, \"status\": \"" + status + "\", "
        + "\"started_utc\": \"2026-01-01T00:00:00Z\", \"ended_utc\": \"2026-01-01T00:00:13Z\", \"exit_code\": 0, "
        + "\"error\": null}\n", StandardCharsets.UTF_8);
  }

  /**
   * Writes {@code hdr/<logName>.hdr} starting at {@code startMs}, one 1-second interval per element of
   * {@code intervals}, each holding the given latencies (µs).
   */
  static void log(Path stepDir, String logName, long startMs, long[]... intervals) throws IOException {
    try (YcsbStyleLogWriter w = new YcsbStyleLogWriter(stepDir.resolve("hdr").resolve(logName + ".hdr"), logName,
        startMs)) {
      for (int i = 0; i < intervals.length; i++) {
        long start = startMs + i * 1000L;
        w.interval(start, start + 1000, intervals[i]);
      }
    }
  }

  /**
   * Writes {@code hdr/<logName>.hdr} whose log starts at {@code startMs} and whose intervals run between the given
   * boundaries (epoch ms; n + 1 boundaries for n intervals), each holding {@code values}: YCSB's intervals are
   * neither whole seconds nor aligned across logs.
   */
  static void logBetween(Path stepDir, String logName, long startMs, long[] boundariesMs, long[] values)
      throws IOException {
    try (YcsbStyleLogWriter w = new YcsbStyleLogWriter(stepDir.resolve("hdr").resolve(logName + ".hdr"), logName,
        startMs)) {
      for (int i = 0; i + 1 < boundariesMs.length; i++) {
        w.interval(boundariesMs[i], boundariesMs[i + 1], values);
      }
    }
  }

  /** The values from {@code from} to {@code to}, inclusive. */
  static long[] range(long from, long to) {
    return LongStream.rangeClosed(from, to).toArray();
  }

  /** {@code n} copies of {@code v}. */
  static long[] repeat(long v, int n) {
    return LongStream.generate(() -> v).limit(n).toArray();
  }

  /** {@code n} intervals each holding {@code values}. */
  static long[][] times(int n, long[] values) {
    long[][] out = new long[n][];
    for (int i = 0; i < n; i++) {
      out[i] = values;
    }
    return out;
  }

  /** Concatenates interval arrays. */
  static long[][] concat(long[][] a, long[][] b) {
    long[][] out = new long[a.length + b.length][];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  static void manifest(Path runDir, String json) throws IOException {
    Files.createDirectories(runDir);
    Files.writeString(runDir.resolve("manifest.json"), json, StandardCharsets.UTF_8);
  }
}
