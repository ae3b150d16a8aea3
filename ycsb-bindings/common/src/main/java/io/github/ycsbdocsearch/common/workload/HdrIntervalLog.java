package io.github.ycsbdocsearch.common.workload;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;

/**
 * Writes {@link Recorder}s' values as HdrHistogram interval logs, one file per recorder, one
 * interval per second, in the very layout YCSB 0.17's {@code OneMeasurementHdrHistogram} gives its
 * {@code .hdr} files (so the results format's reader and HdrHistogram's own tools read them alike):
 * a {@code #[Logging for: NAME]} comment, the format version, a {@code #[StartTime: s (seconds
 * since epoch), date]} line, the legend, then one line per interval whose timestamps are relative
 * to the start time (the writer's base time is the start time; no {@code #[BaseTime:]} line).
 *
 * <p>The intervals tile time exactly: each one starts where the previous ended, the first at the
 * given start, so nothing recorded is lost between them. Every file of one log shares the start and
 * each interval's boundaries (one clock reading closes the interval in all of them), so a reader
 * can line their intervals up one to one. A daemon thread closes an interval every second; {@link
 * #close()} writes the last, partial one. Thread-safe: writing is serialised by the object's lock.
 */
final class HdrIntervalLog implements AutoCloseable {
  private static final long INTERVAL_MS = 1000;

  /**
   * What the {@code Interval_Max} column of a latency log is divided by: microseconds shown as
   * seconds, as in YCSB's {@code .hdr} files (HdrHistogram's own default ratio).
   */
  static final double LATENCY_MAX_RATIO = 1_000_000.0;

  /**
   * One file of the log (its folder is created); {@code name} goes in the header as YCSB writes it.
   *
   * @param maxValueUnitRatio what each interval's {@code Interval_Max} column is divided by (only
   *     that column: the encoded histogram holds the values as recorded); {@link
   *     #LATENCY_MAX_RATIO} for microseconds, 1 for counts
   */
  record Target(Path file, String name, Recorder recorder, double maxValueUnitRatio) {}

  /** One open file and the histogram its last interval used (recycled for the next). */
  private static final class Output {
    private final Target target;
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private Histogram recycled;

    Output(Target target, PrintStream out) {
      this.target = target;
      this.out = out;
      this.writer = new HistogramLogWriter(out);
    }
  }

  private final List<Output> outputs = new ArrayList<>();
  private final ScheduledExecutorService timer;
  private final long startEpochMs;
  private long intervalStartMs;
  private boolean closed;

  private HdrIntervalLog(long startEpochMs, String threadName) {
    this.startEpochMs = startEpochMs;
    this.intervalStartMs = startEpochMs;
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "hdr-log-" + threadName);
              t.setDaemon(true); // never keeps a finished YCSB alive
              return t;
            });
  }

  /**
   * Creates the files (and their folders) and starts closing intervals every second from {@code
   * startEpochMs}.
   */
  static HdrIntervalLog start(List<Target> targets, long startEpochMs) throws IOException {
    HdrIntervalLog log = new HdrIntervalLog(startEpochMs, targets.get(0).name());
    try {
      for (Target t : targets) {
        log.open(t, startEpochMs);
      }
    } catch (IOException | RuntimeException e) {
      log.abandon();
      throw e;
    }
    // Boundaries at whole seconds after the start, whenever the files themselves got opened.
    long firstDelay =
        INTERVAL_MS - Math.floorMod(System.currentTimeMillis() - startEpochMs, INTERVAL_MS);
    log.timer.scheduleAtFixedRate(
        log::flushQuietly, firstDelay, INTERVAL_MS, TimeUnit.MILLISECONDS);
    return log;
  }

  private void open(Target t, long startEpochMs) throws IOException {
    Path parent = t.file().toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Output o =
        new Output(
            t,
            new PrintStream(
                new FileOutputStream(t.file().toFile()), false, StandardCharsets.UTF_8));
    outputs.add(o);
    o.writer.outputComment("[Logging for: " + t.name() + "]");
    o.writer.outputLogFormatVersion();
    o.writer.outputStartTime(startEpochMs);
    o.writer.setBaseTime(startEpochMs);
    o.writer.outputLegend();
  }

  private void flushQuietly() {
    try {
      flush();
    } catch (RuntimeException e) {
      // A failing write must not end the ticks silently (a scheduled task that throws is never run
      // again) nor disturb the measured operations: the next tick tries again.
      System.err.println("hdr interval log: " + e);
    }
  }

  /** Closes the current interval at now and writes it to every file. */
  synchronized void flush() {
    if (closed) {
      return;
    }
    long now = Math.max(System.currentTimeMillis(), intervalStartMs);
    for (Output o : outputs) {
      Histogram h = o.target.recorder().getIntervalHistogram(o.recycled);
      h.setStartTimeStamp(intervalStartMs);
      h.setEndTimeStamp(now);
      // What the one-argument form writes, with this file's ratio for the Interval_Max column.
      o.writer.outputIntervalHistogram(
          (intervalStartMs - startEpochMs) / 1000.0,
          (now - startEpochMs) / 1000.0,
          h,
          o.target.maxValueUnitRatio());
      o.out.flush();
      o.recycled = h;
    }
    intervalStartMs = now;
  }

  /** Stops the ticks and closes the files opened so far, writing no interval (a failed start). */
  private synchronized void abandon() {
    timer.shutdownNow();
    closed = true;
    outputs.forEach(o -> o.out.close());
  }

  /** Stops the ticks, writes the last interval and closes the files. */
  @Override
  public synchronized void close() {
    flush(); // nothing once closed
    abandon();
  }
}
