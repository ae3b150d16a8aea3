package io.github.ycsbdocsearch.common.workload;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;

/**
 * Writes a {@link Recorder}'s values as an HdrHistogram interval log, one interval per second, in
 * the very layout YCSB 0.17's {@code OneMeasurementHdrHistogram} gives its {@code .hdr} files (so
 * the results format's reader and HdrHistogram's own tools read it alike): a {@code #[Logging for:
 * NAME]} comment, the format version, a {@code #[StartTime: s (seconds since epoch), date]} line,
 * the legend, then one line per interval whose timestamps are relative to the start time (the
 * writer's base time is the start time; no {@code #[BaseTime:]} line).
 *
 * <p>The intervals tile time exactly: each one starts where the previous ended, the first at the
 * given start, so nothing recorded is lost between them. A daemon thread closes an interval every
 * second; {@link #close()} writes the last, partial one. Thread-safe: writing is serialised by the
 * object's lock.
 */
final class HdrIntervalLog implements AutoCloseable {
  private static final long INTERVAL_MS = 1000;

  private final Recorder recorder;
  private final PrintStream out;
  private final HistogramLogWriter writer;
  private final ScheduledExecutorService timer;
  private long intervalStartMs;
  private Histogram recycled;
  private boolean closed;

  private HdrIntervalLog(Recorder recorder, PrintStream out, long startEpochMs, String name) {
    this.recorder = recorder;
    this.out = out;
    this.writer = new HistogramLogWriter(out);
    this.intervalStartMs = startEpochMs;
    writer.outputComment("[Logging for: " + name + "]");
    writer.outputLogFormatVersion();
    writer.outputStartTime(startEpochMs);
    writer.setBaseTime(startEpochMs);
    writer.outputLegend();
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "hdr-log-" + name);
              t.setDaemon(true); // never keeps a finished YCSB alive
              return t;
            });
  }

  /**
   * Creates the file (and its folder) and starts closing intervals every second from {@code
   * startEpochMs}.
   *
   * @param name the measurement's name, written in the header comment as YCSB does
   */
  static HdrIntervalLog start(Path file, String name, Recorder recorder, long startEpochMs)
      throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    HdrIntervalLog log =
        new HdrIntervalLog(
            recorder,
            new PrintStream(new FileOutputStream(file.toFile()), false, StandardCharsets.UTF_8),
            startEpochMs,
            name);
    // Boundaries at whole seconds after the start, whenever the file itself got opened.
    long firstDelay =
        INTERVAL_MS - Math.floorMod(System.currentTimeMillis() - startEpochMs, INTERVAL_MS);
    log.timer.scheduleAtFixedRate(
        log::flushQuietly, firstDelay, INTERVAL_MS, TimeUnit.MILLISECONDS);
    return log;
  }

  private void flushQuietly() {
    try {
      flush();
    } catch (RuntimeException e) {
      // A failing write must not end the ticks silently (a scheduled task that throws is never run
      // again) nor
      // disturb the measured operations: the next tick tries again.
      System.err.println("hdr interval log: " + e);
    }
  }

  /** Closes the current interval at now and writes it. */
  synchronized void flush() {
    if (closed) {
      return;
    }
    long now = Math.max(System.currentTimeMillis(), intervalStartMs);
    Histogram h = recorder.getIntervalHistogram(recycled);
    h.setStartTimeStamp(intervalStartMs);
    h.setEndTimeStamp(now);
    writer.outputIntervalHistogram(h);
    out.flush();
    recycled = h;
    intervalStartMs = now;
  }

  /** Stops the ticks, writes the last interval and closes the file. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    timer.shutdownNow();
    flush();
    closed = true;
    out.close();
  }
}
