package io.github.ycsbdocsearch.report;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The interval logs of one step's {@code hdr/} folder, each merged over the intervals kept after warm-up.
 *
 * <p>Which intervals are warm-up. YCSB creates each log lazily at the first operation of its kind, and the status
 * thread closes the intervals of the different logs one after the other, so their start times and interval
 * boundaries differ by up to a few hundred milliseconds. Two rules keep every log of a step on the same intervals:
 * the warm-up is measured from the earliest {@code #[StartTime:]} of the step's logs (so a log of failures that
 * starts late gets no warm-up of its own), and an interval is warm-up when its midpoint lies before the end of the
 * warm-up (so boundaries a little apart fall on the same side).
 *
 * <p>The measured window runs from the first to the last kept interval that recorded an operation: the empty
 * intervals YCSB logs after its threads stopped are not measured time.
 *
 * <p>YCSB's {@code CLEANUP} measurement (each thread's {@code DB.cleanup()}) is not a workload operation and is
 * ignored.
 *
 * <p>Not thread-safe: the histograms are mutable.
 */
final class StepHistograms {

  /** One interval of one log, with absolute timestamps in epoch milliseconds. */
  private record Interval(Histogram histogram, long startMs, long endMs) {
  }

  /** One log as read from its file. */
  private record Log(HdrLogName name, double startTimeSec, List<Interval> intervals) {
  }

  private final Map<HdrLogName, Histogram> merged;
  private final long windowStartMs;
  private final long windowEndMs;

  private StepHistograms(Map<HdrLogName, Histogram> merged, long windowStartMs, long windowEndMs) {
    this.merged = merged;
    this.windowStartMs = windowStartMs;
    this.windowEndMs = windowEndMs;
  }

  /** Reads every {@code *.hdr} of {@code hdrDir} (none when the folder is missing) and drops the warm-up. */
  static StepHistograms read(Path hdrDir, double warmupS) throws IOException {
    List<Log> logs = new ArrayList<>();
    if (Files.isDirectory(hdrDir)) {
      try (DirectoryStream<Path> files = Files.newDirectoryStream(hdrDir, "*" + HdrLogName.EXTENSION)) {
        for (Path file : files) {
          HdrLogName name = HdrLogName.parse(file.getFileName().toString()).orElse(null);
          if (name != null && !name.lifecycle()) {
            logs.add(readLog(file, name));
          }
        }
      }
    }
    double referenceSec = logs.stream().mapToDouble(Log::startTimeSec).filter(s -> s > 0).min().orElse(0);
    long cutoffMs = Math.round((referenceSec + warmupS) * 1000.0);
    Map<HdrLogName, Histogram> merged = new TreeMap<>(StepHistograms::compareNames);
    long windowStart = Long.MAX_VALUE;
    long windowEnd = Long.MIN_VALUE;
    for (Log log : logs) {
      Histogram total = new Histogram(3);
      for (Interval interval : log.intervals()) {
        if (interval.startMs() + interval.endMs() < 2 * cutoffMs) {
          continue;
        }
        total.add(interval.histogram());
        if (log.name().kind() == LatencyKind.SERVICE && interval.histogram().getTotalCount() > 0) {
          windowStart = Math.min(windowStart, interval.startMs());
          windowEnd = Math.max(windowEnd, interval.endMs());
        }
      }
      merged.put(log.name(), total);
    }
    return windowStart <= windowEnd
        ? new StepHistograms(merged, windowStart, windowEnd) : new StepHistograms(merged, 0, 0);
  }

  private static Log readLog(Path file, HdrLogName name) throws IOException {
    List<Interval> intervals = new ArrayList<>();
    try (InputStream in = new ByteArrayInputStream(completeLines(Files.readAllBytes(file)))) {
      HistogramLogReader reader = new HistogramLogReader(in);
      EncodableHistogram next;
      while ((next = reader.nextIntervalHistogram()) != null) {
        if (!(next instanceof Histogram h)) {
          throw new ResultsFormatException(file + ": holds a DoubleHistogram, expected YCSB's integer microseconds");
        }
        intervals.add(new Interval(h, h.getStartTimeStamp(), h.getEndTimeStamp()));
      }
      return new Log(name, reader.getStartTimeSec(), intervals);
    } catch (RuntimeException e) {
      throw new ResultsFormatException(file + ": not a readable HdrHistogram log: " + e.getMessage(), e);
    }
  }

  /**
   * The bytes up to and including the last newline. A writer killed mid-line (Ctrl-C, a crashed YCSB) leaves a
   * last line without its newline; HdrHistogram's reader fails on it, and the intervals before it are still good.
   */
  static byte[] completeLines(byte[] bytes) {
    int end = bytes.length;
    while (end > 0 && bytes[end - 1] != '\n') {
      end--;
    }
    return end == bytes.length ? bytes : Arrays.copyOf(bytes, end);
  }

  /** Orders logs by operation, then service before intended, then successes before failures. */
  private static int compareNames(HdrLogName a, HdrLogName b) {
    int c = OperationOrder.compare(a.op(), b.op());
    if (c == 0) {
      c = a.kind().compareTo(b.kind());
    }
    return c != 0 ? c : Boolean.compare(a.failed(), b.failed());
  }

  /** The merged histograms after warm-up, by log name, in a stable order. */
  Map<HdrLogName, Histogram> merged() {
    return merged;
  }

  /** The merged histogram of one log, or null when the step has no such log. */
  Histogram get(String op, LatencyKind kind, boolean failed) {
    return merged.get(new HdrLogName(op, kind, failed));
  }

  /** Seconds from the first kept interval's start to the last kept interval's end; 0 when nothing was kept. */
  double measuredSeconds() {
    return (windowEndMs - windowStartMs) / 1000.0;
  }
}
