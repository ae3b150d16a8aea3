package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

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
 * <p>The measured window is exact: it starts at the first kept interval and ends at the requested stop (the earliest
 * log start plus warm-up plus the step's duration), or earlier at the last interval with a completion when the
 * operation budget ran out first. Intervals that start after the stop hold late completions (an operation in flight
 * at the stop, a freshness poll): their latencies are kept in the merged histograms, they are real, but they do not
 * stretch the window and are not counted in the window's operations.
 *
 * <p>YCSB's {@code CLEANUP} measurement (each thread's {@code DB.cleanup()}) is not a workload operation and is
 * ignored.
 *
 * <p>Not thread-safe: the histograms are mutable.
 */
public final class StepHistograms {

  /** One interval of one log, with absolute timestamps in epoch milliseconds. */
  private record Interval(Histogram histogram, long startMs, long endMs) {
    boolean startsBefore(long ms) {
      return startMs < ms;
    }
  }

  /** One log as read from its file. */
  private record Log(HdrLogName name, double startTimeSec, List<Interval> intervals) {
  }

  private final Map<HdrLogName, Histogram> merged;
  private final Map<HdrLogName, Long> inWindow;
  private final Map<HdrLogName, long[]> perSecond;
  private final long windowStartMs;
  private final long windowEndMs;
  private final long cutoffMs;

  private StepHistograms(Map<HdrLogName, Histogram> merged, Map<HdrLogName, Long> inWindow,
                         Map<HdrLogName, long[]> perSecond, long cutoffMs, long windowStartMs, long windowEndMs) {
    this.cutoffMs = cutoffMs;
    this.merged = merged;
    this.inWindow = inWindow;
    this.perSecond = perSecond;
    this.windowStartMs = windowStartMs;
    this.windowEndMs = windowEndMs;
  }

  /**
   * Reads every {@code *.hdr} of {@code hdrDir} (none when the folder is missing), drops the warm-up and cuts the
   * window at the requested stop.
   *
   * @param warmupS    seconds excluded at the start
   * @param durationS  the measured seconds that followed the warm-up before the stop was requested; 0 or less
   *                   means unknown (the window then ends at the last interval with a completion)
   */
  public static StepHistograms read(Path hdrDir, double warmupS, double durationS) throws IOException {
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
    long stopMs = durationS > 0 ? cutoffMs + Math.round(durationS * 1000.0) : Long.MAX_VALUE;
    Map<HdrLogName, Histogram> merged = new TreeMap<>(StepHistograms::compareNames);
    Map<HdrLogName, Long> inWindow = new TreeMap<>(StepHistograms::compareNames);
    Map<HdrLogName, long[]> perSecond = new TreeMap<>(StepHistograms::compareNames);
    int buckets = durationS > 0 ? (int) Math.ceil(durationS) : 0;
    long windowStart = Long.MAX_VALUE;
    long lastEnd = Long.MIN_VALUE;
    for (Log log : logs) {
      Histogram total = new Histogram(3);
      long counted = 0;
      long[] seconds = new long[buckets];
      for (Interval interval : log.intervals()) {
        if (interval.startMs() + interval.endMs() < 2 * cutoffMs) {
          continue;
        }
        total.add(interval.histogram());
        long n = interval.histogram().getTotalCount();
        if (!interval.startsBefore(stopMs)) {
          continue; // a late completion: its latency counts, the window does not stretch for it
        }
        counted += n;
        long mid = (interval.startMs() + interval.endMs()) / 2;
        int bucket = (int) ((mid - cutoffMs) / 1000);
        if (bucket >= 0 && bucket < buckets) {
          seconds[bucket] += n;
        }
        if (log.name().kind() == LatencyKind.SERVICE && n > 0) {
          windowStart = Math.min(windowStart, interval.startMs());
          lastEnd = Math.max(lastEnd, interval.endMs());
        }
      }
      merged.put(log.name(), total);
      inWindow.put(log.name(), counted);
      perSecond.put(log.name(), seconds);
    }
    if (windowStart > lastEnd) {
      return new StepHistograms(merged, inWindow, perSecond, cutoffMs, 0, 0);
    }
    return new StepHistograms(merged, inWindow, perSecond, cutoffMs, windowStart, Math.min(lastEnd, stopMs));
  }

  /** The merged histograms of a step folder, with the warm-up and window its step.json states. */
  public static StepHistograms forStep(Path stepDir) throws IOException {
    StepRecord info = StepRecord.read(stepDir);
    return read(stepDir.resolve(RunLayout.HDR_DIR), info.warmupS(), info.durationS());
  }

  /**
   * Reads one interval log (HdrHistogram's log format 1.x: {@code #[StartTime: s ...]}, optional
   * {@code #[BaseTime: s ...]}, a legend line, then {@code [Tag=..,]start,length,max,payload} lines with timestamps
   * relative to the base time, or to the start time when there is none and they are small).
   *
   * <p>The lines are decoded here rather than by HdrHistogram's own reader: an auto-resizing histogram that grew
   * within an interval can be written with a header range smaller than its counts (seen with YCSB's intended
   * latency at an overloaded rate), which the reader cannot decode. Such a payload is decoded again with a range of
   * at least {@link #RETRY_RANGE_US}, so no interval, and no operation, is lost.
   */
  private static Log readLog(Path file, HdrLogName name) throws IOException {
    List<Interval> intervals = new ArrayList<>();
    double startSec = 0;
    double baseSec = Double.NaN;
    String text = new String(completeLines(Files.readAllBytes(file)), java.nio.charset.StandardCharsets.UTF_8);
    for (String line : text.split("\n")) {
      String l = line.trim();
      if (l.startsWith("#[StartTime:")) {
        startSec = headerSeconds(file, l);
      } else if (l.startsWith("#[BaseTime:")) {
        baseSec = headerSeconds(file, l);
      } else if (!l.isEmpty() && !l.startsWith("#") && !l.startsWith("\"")) {
        String[] f = l.split(",");
        int first = f[0].startsWith("Tag=") ? 1 : 0;
        if (f.length - first != 4) {
          throw new ResultsFormatException(file + ": not a readable HdrHistogram log: malformed line '" + l + "'");
        }
        double rel = Double.parseDouble(f[first]);
        double length = Double.parseDouble(f[first + 1]);
        double base = !Double.isNaN(baseSec) ? baseSec : rel < RELATIVE_LIMIT_SEC ? startSec : 0;
        long startMs = Math.round((base + rel) * 1000.0);
        Histogram h = decode(file, f[first + 3]);
        intervals.add(new Interval(h, startMs, startMs + Math.round(length * 1000.0)));
      }
    }
    return new Log(name, startSec, intervals);
  }

  /** Timestamps smaller than this (a year) are relative to the log's start time (HdrHistogram's own rule). */
  private static final double RELATIVE_LIMIT_SEC = 365.25 * 24 * 3600;
  /** Range given to a payload whose header range is too small for its counts: an hour in microseconds. */
  static final long RETRY_RANGE_US = 3_600_000_000L;

  private static Histogram decode(Path file, String payload) throws ResultsFormatException {
    byte[] bytes;
    try {
      bytes = java.util.Base64.getDecoder().decode(payload);
    } catch (IllegalArgumentException e) {
      throw new ResultsFormatException(file + ": not a readable HdrHistogram log: " + e.getMessage(), e);
    }
    try {
      return Histogram.decodeFromCompressedByteBuffer(java.nio.ByteBuffer.wrap(bytes), 0);
    } catch (java.util.zip.DataFormatException | RuntimeException first) {
      try {
        return Histogram.decodeFromCompressedByteBuffer(java.nio.ByteBuffer.wrap(bytes), RETRY_RANGE_US);
      } catch (java.util.zip.DataFormatException | RuntimeException e) {
        throw new ResultsFormatException(file + ": not a readable HdrHistogram log: " + e, e);
      }
    }
  }

  private static double headerSeconds(Path file, String line) throws ResultsFormatException {
    String rest = line.substring(line.indexOf(':') + 1).trim();
    int space = rest.indexOf(' ');
    try {
      return Double.parseDouble(space < 0 ? rest.replace("]", "") : rest.substring(0, space));
    } catch (NumberFormatException e) {
      throw new ResultsFormatException(file + ": not a readable HdrHistogram log: bad header '" + line + "'", e);
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

  /** The merged histograms after warm-up (late completions included), by log name, in a stable order. */
  public Map<HdrLogName, Histogram> merged() {
    return merged;
  }

  /** The merged histogram of one log, or null when the step has no such log. */
  public Histogram get(String op, LatencyKind kind, boolean failed) {
    return merged.get(new HdrLogName(op, kind, failed));
  }

  /** Records of one log inside the measured window (late completions excluded); 0 when there is no such log. */
  public long inWindow(String op, boolean failed) {
    return inWindow.getOrDefault(new HdrLogName(op, LatencyKind.SERVICE, failed), 0L);
  }

  /** Per whole second of the window, the records of one service log; empty when the duration is unknown. */
  public long[] perSecond(String op, boolean failed) {
    long[] s = perSecond.get(new HdrLogName(op, LatencyKind.SERVICE, failed));
    return s == null ? new long[0] : s;
  }

  /** How many whole seconds after the warm-up lie inside the window (the per-second series usable for spread). */
  public int fullSeconds() {
    return windowEndMs <= cutoffMs ? 0 : (int) ((windowEndMs - cutoffMs) / 1000);
  }

  /** Seconds from the first kept interval's start to the window's end; 0 when nothing was kept. */
  public double measuredSeconds() {
    return (windowEndMs - windowStartMs) / 1000.0;
  }
}
