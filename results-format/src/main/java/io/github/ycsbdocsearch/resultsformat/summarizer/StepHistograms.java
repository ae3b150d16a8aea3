package io.github.ycsbdocsearch.resultsformat.summarizer;

import io.github.ycsbdocsearch.resultsformat.ClientClock;
import io.github.ycsbdocsearch.resultsformat.HdrLogName;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.OperationOrder;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepTimeSeries;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.apache.commons.statistics.descriptive.Median;

/**
 * The interval logs of one step's {@code hdr/} folder, each merged over the intervals kept after
 * warm-up.
 *
 * <p>Which intervals are warm-up. YCSB creates each log lazily at the first operation of its kind,
 * and the status thread closes the intervals of the different logs one after the other, so their
 * start times and interval boundaries differ by up to a few hundred milliseconds. Two rules keep
 * every log of a step on the same intervals: the warm-up is measured from the earliest {@code
 * #[StartTime:]} of the step's logs (so a log of failures that starts late gets no warm-up of its
 * own), and an interval is warm-up when its midpoint lies before the end of the warm-up (so
 * boundaries a little apart fall on the same side).
 *
 * <p>The measured window is exact: it starts at the first kept interval and ends at the requested
 * stop (the earliest log start plus warm-up plus the step's duration), or earlier at the last
 * interval with a completion when the operation budget ran out first. Intervals that start after
 * the stop hold late completions (an operation in flight at the stop, a freshness poll): their
 * latencies are kept in the merged histograms, they are real, but they do not stretch the window
 * and are not counted in the window's operations.
 *
 * <p>Several clients. A step driven by N client JVMs has one {@code hdr/} per client ({@code
 * clients/<i>/hdr}). The logs of one operation and kind are merged interval by interval: every
 * client's intervals keep their absolute timestamps, fall into the same whole seconds of the
 * window, and are summed with HdrHistogram's own {@code add} (same precision); no percentile is
 * ever averaged. The warm-up and the stop are measured from the earliest start of any client's log,
 * so the window is the clients' common one, and each client's logs count as their own logs for the
 * intervals' lengths (two clients ticking together cover one second, not two).
 *
 * <p>YCSB's {@code CLEANUP} measurement (each thread's {@code DB.cleanup()}) is not a workload
 * operation and is ignored.
 *
 * <p>Not thread-safe: the histograms are mutable.
 */
public final class StepHistograms {

  /** One interval of one log, with absolute timestamps in epoch milliseconds. */
  private record Interval(Histogram histogram, long startMs, long endMs) {
    boolean startsBefore(long ms) {
      return startMs < ms;
    }

    /** Not warm-up: the interval's midpoint lies at or after the end of the warm-up. */
    boolean kept(long cutoffMs) {
      return startMs + endMs >= 2 * cutoffMs;
    }

    /** Kept, and started before the requested stop (not a late completion). */
    boolean inWindow(long cutoffMs, long stopMs) {
      return kept(cutoffMs) && startsBefore(stopMs);
    }
  }

  private record Log(HdrLogName name, double startTimeSec, List<Interval> intervals) {}

  /** One client's logs, and its send-lag and in-flight logs' intervals (null when none). */
  private record ClientLogs(List<Log> logs, List<Interval> sendLag, List<Interval> inFlight) {}

  /**
   * One interval of the window's throughput series: {@code timeS} seconds from the end of the
   * warm-up to its middle, the {@code lengthS} seconds it really covered, and the records per
   * second over that length.
   */
  public record IntervalRate(double timeS, double lengthS, double perSecond) {}

  /** Orders logs by operation, then service before intended, then successes before failures. */
  private static final Comparator<HdrLogName> LOG_ORDER =
      Comparator.comparing(HdrLogName::op, OperationOrder::compare)
          .thenComparing(HdrLogName::kind)
          .thenComparing(HdrLogName::failed);

  private final Map<HdrLogName, Histogram> merged = new TreeMap<>(LOG_ORDER);
  private final Map<HdrLogName, Long> inWindow = new TreeMap<>(LOG_ORDER);
  private final Map<HdrLogName, long[]> perInterval = new TreeMap<>(LOG_ORDER);
  private final Map<HdrLogName, Histogram[]> byInterval = new TreeMap<>(LOG_ORDER);
  private double[] intervalLengthsS;
  private long windowStartMs;
  private long windowEndMs;
  private Histogram sendLag;
  private double sendsPerSecond;
  private Double effectiveSeconds;
  private final List<Long> inFlightMaxByClient = new ArrayList<>();
  private final List<Long> clientStartsMs = new ArrayList<>();

  private StepHistograms() {}

  /**
   * Reads every {@code *.hdr} of each client's {@code hdr/} folder (none when a folder is missing),
   * merged exactly (see the class comment), drops the warm-up and cuts the window at the requested
   * stop.
   *
   * <p>The window's intervals, for the throughput series. The logs' own intervals are neither whole
   * seconds (the status thread's ticks jitter between about 0.7 and 1.3 s) nor aligned across logs,
   * so every kept interval inside the window is put in the whole second after the warm-up its
   * midpoint falls in, and each such interval remembers the time it really covered: the median over
   * the successes' service logs of each log's summed interval lengths in it (the logs tick
   * together; the median ignores one that started late or stopped early). A second that caught two
   * short ticks then has twice the records over twice the length, and a second that caught none has
   * length 0 and no rate, instead of a spurious double and zero count.
   *
   * @param warmupS seconds excluded at the start
   * @param durationS the measured seconds that followed the warm-up before the stop was requested;
   *     0 or less means unknown (the window then ends at the last interval with a completion)
   */
  public static StepHistograms read(List<Path> hdrDirs, double warmupS, double durationS)
      throws IOException {
    List<ClientLogs> clients = new ArrayList<>();
    for (Path hdrDir : hdrDirs) {
      clients.add(readClient(hdrDir));
    }
    List<Log> logs = clients.stream().flatMap(c -> c.logs().stream()).toList();
    double referenceSec =
        logs.stream().mapToDouble(Log::startTimeSec).filter(s -> s > 0).min().orElse(0);
    long cutoffMs = Math.round((referenceSec + warmupS) * 1000.0);
    long stopMs = durationS > 0 ? cutoffMs + Math.round(durationS * 1000.0) : Long.MAX_VALUE;
    StepHistograms h = new StepHistograms();
    List<Histogram> lagByClient = new ArrayList<>();
    for (ClientLogs c : clients) {
      List<Interval> sent = inWindow(c.sendLag(), cutoffMs, stopMs);
      Histogram lag = sum(sent);
      lagByClient.add(lag);
      // The send log ticks on its own clock, not the completions': its kept intervals span other
      // seconds than the completions' window, so its sends are a rate over its own span (counted
      // over its span and divided by the completions' window, a step's sends read up to 6 % high
      // in a 10 s window, and a sustained rate as unsustained).
      double span = spanSeconds(sent);
      h.sendsPerSecond += lag == null || !(span > 0) ? 0 : lag.getTotalCount() / span;
      Histogram inFlight = sum(inWindow(c.inFlight(), cutoffMs, stopMs));
      h.inFlightMaxByClient.add(
          inFlight == null || inFlight.getTotalCount() == 0 ? null : inFlight.getMaxValue());
      OptionalDouble first =
          c.logs().stream().mapToDouble(Log::startTimeSec).filter(v -> v > 0).min();
      h.clientStartsMs.add(first.isPresent() ? Math.round(first.getAsDouble() * 1000.0) : null);
    }
    h.sendLag = StepTimeSeries.merge(lagByClient, 0, lagByClient.size());
    List<Interval> completions = completions(logs, false, cutoffMs, stopMs);
    long windowStart = completions.stream().mapToLong(Interval::startMs).min().orElse(0);
    long lastEnd = completions.stream().mapToLong(Interval::endMs).max().orElse(0);
    long windowEnd = completions.isEmpty() ? 0 : Math.min(lastEnd, stopMs);
    // One more second than the window spans: a last tick that began before the end may have its
    // midpoint past it.
    int buckets = windowEnd > cutoffMs ? (int) Math.ceil((windowEnd - cutoffMs) / 1000.0) + 1 : 0;
    List<double[]> lengthsPerLog = new ArrayList<>();
    for (Log log : logs) {
      // Another client's log of the same operation and kind adds into the same histograms and
      // seconds.
      Histogram total = h.merged.computeIfAbsent(log.name(), n -> new Histogram(3));
      long counted = 0;
      long[] counts = h.perInterval.computeIfAbsent(log.name(), n -> new long[buckets]);
      double[] lengths = new double[buckets];
      Histogram[] byInterval =
          h.byInterval.computeIfAbsent(log.name(), n -> new Histogram[buckets]);
      for (Interval interval : log.intervals()) {
        if (!interval.kept(cutoffMs)) {
          continue;
        }
        total.add(interval.histogram());
        if (!interval.startsBefore(stopMs)) {
          continue; // a late completion: its latency counts, the window does not stretch for it
        }
        long n = interval.histogram().getTotalCount();
        counted += n;
        int bucket = (int) (((interval.startMs() + interval.endMs()) / 2 - cutoffMs) / 1000);
        if (interval.startsBefore(windowEnd) && bucket < buckets) {
          counts[bucket] += n;
          lengths[bucket] += (interval.endMs() - interval.startMs()) / 1000.0;
          if (byInterval[bucket] == null) {
            byInterval[bucket] = new Histogram(3);
          }
          byInterval[bucket].add(interval.histogram());
        }
      }
      h.inWindow.merge(log.name(), counted, Long::sum);
      if (log.name().kind() == LatencyKind.SERVICE && !log.name().failed()) {
        lengthsPerLog.add(lengths);
      }
    }
    double[] intervalLengths = new double[buckets];
    int used = 0;
    for (int i = 0; i < buckets; i++) {
      intervalLengths[i] = medianOfPositive(lengthsPerLog, i);
      used = intervalLengths[i] > 0 ? i + 1 : used;
    }
    int series = used;
    h.intervalLengthsS = Arrays.copyOf(intervalLengths, series);
    h.perInterval.replaceAll((name, counts) -> Arrays.copyOf(counts, series));
    h.windowStartMs = windowStart;
    h.windowEndMs = windowEnd;
    if (clients.size() > 1) {
      h.effectiveSeconds = effectiveSeconds(clients, cutoffMs, stopMs);
    }
    return h;
  }

  /**
   * The window length that makes a several-client step's throughput the sum of the clients' own
   * rates. Each client's intervals tick on their own, so the warm-up's midpoint rule keeps a client
   * that started a little later from a little later on: its successes cover another span than the
   * common window, and dividing all successes by the common window would count that client short
   * (by its start offset, a few tenths of a percent). So each client's rate is its successes over
   * its own span (from its first kept interval's start to its last counted one's end; a later
   * client's last one, begun before the stop, ends after it), and this returns the length L with
   * (all successes) / L = the sum of those rates; null when a client has none.
   */
  private static Double effectiveSeconds(List<ClientLogs> clients, long cutoffMs, long stopMs) {
    long total = 0;
    double rates = 0;
    for (ClientLogs c : clients) {
      List<Interval> successes = completions(c.logs(), true, cutoffMs, stopMs);
      long count = successes.stream().mapToLong(i -> i.histogram().getTotalCount()).sum();
      double spanS = spanSeconds(successes);
      if (count == 0 || spanS <= 0) {
        return null;
      }
      total += count;
      rates += count / spanS;
    }
    return total / rates;
  }

  /** The window's intervals of the service logs (successes only, or all) with a completion. */
  private static List<Interval> completions(
      List<Log> logs, boolean successesOnly, long cutoffMs, long stopMs) {
    return logs.stream()
        .filter(
            l -> l.name().kind() == LatencyKind.SERVICE && !(successesOnly && l.name().failed()))
        .flatMap(l -> l.intervals().stream())
        .filter(i -> i.inWindow(cutoffMs, stopMs) && i.histogram().getTotalCount() > 0)
        .toList();
  }

  /** The intervals inside the window (same warm-up rule as the operations); null for null. */
  private static List<Interval> inWindow(List<Interval> intervals, long cutoffMs, long stopMs) {
    return intervals == null
        ? null
        : intervals.stream().filter(i -> i.inWindow(cutoffMs, stopMs)).toList();
  }

  /** The intervals' histograms summed; null for null. */
  private static Histogram sum(List<Interval> intervals) {
    if (intervals == null) {
      return null;
    }
    Histogram total = new Histogram(3);
    intervals.forEach(i -> total.add(i.histogram()));
    return total;
  }

  /** Seconds from the first interval's start to the last one's end; 0 when none (or null). */
  private static double spanSeconds(List<Interval> intervals) {
    if (intervals == null || intervals.isEmpty()) {
      return 0;
    }
    long first = intervals.stream().mapToLong(Interval::startMs).min().getAsLong();
    long last = intervals.stream().mapToLong(Interval::endMs).max().getAsLong();
    return last > first ? (last - first) / 1000.0 : 0;
  }

  /** One client's interval logs (none when its folder is missing), in the runner's clock. */
  private static ClientLogs readClient(Path hdrDir) throws IOException {
    long offsetMs = ClientClock.offsetMs(hdrDir.getParent());
    List<Log> logs = new ArrayList<>();
    if (Files.isDirectory(hdrDir)) {
      try (DirectoryStream<Path> files =
          Files.newDirectoryStream(hdrDir, "*" + HdrLogName.EXTENSION)) {
        for (Path file : files) {
          HdrLogName name = HdrLogName.parse(file.getFileName().toString()).orElse(null);
          if (name != null && !name.lifecycle()) {
            logs.add(readLog(file, name, offsetMs));
          }
        }
      }
    }
    return new ClientLogs(
        logs,
        intervalsIfAny(hdrDir.resolve(RunLayout.SEND_LAG_LOG), RunLayout.SEND_LAG, offsetMs),
        intervalsIfAny(hdrDir.resolve(RunLayout.IN_FLIGHT_LOG), RunLayout.IN_FLIGHT, offsetMs));
  }

  /** The intervals of a client's send-lag or in-flight log; null when it wrote none. */
  private static List<Interval> intervalsIfAny(Path file, String op, long offsetMs)
      throws IOException {
    return Files.isRegularFile(file)
        ? readLog(file, new HdrLogName(op, LatencyKind.SERVICE, false), offsetMs).intervals()
        : null;
  }

  /**
   * One log's histograms per whole second of the window (the buckets of {@link #perInterval}); an
   * entry is null where the second caught no interval; empty when the step has no such log.
   */
  public List<Histogram> perIntervalHistograms(String op, LatencyKind kind, boolean failed) {
    Histogram[] h = byInterval.get(new HdrLogName(op, kind, failed));
    return h == null
        ? List.of()
        : Arrays.asList(Arrays.copyOf(h, Math.min(h.length, intervalLengthsS.length)));
  }

  /** The send lag (µs from scheduled arrival to send) over the window; null in a closed loop. */
  public Histogram sendLag() {
    return sendLag;
  }

  /**
   * The window's sends per second: each client's sends in the window over the span its send log's
   * kept intervals cover, summed (0 without send logs).
   */
  public double sendsPerSecond() {
    return sendsPerSecond;
  }

  /**
   * Each client's most requests in flight at once inside the window, in client order (an element is
   * null when the client wrote no in-flight log: a closed-loop step, or a step written before it
   * existed).
   */
  public List<Long> inFlightMaxByClient() {
    return Collections.unmodifiableList(inFlightMaxByClient);
  }

  /**
   * Each client's first log start (epoch milliseconds), in client order; an element is null for a
   * client that logged nothing. The earliest is the step's reference for the warm-up and the
   * window.
   */
  public List<Long> clientStartsMs() {
    return Collections.unmodifiableList(clientStartsMs);
  }

  /** The median of the logs' positive lengths at {@code index}; 0 when no log covered it. */
  private static double medianOfPositive(List<double[]> lengthsPerLog, int index) {
    double[] positive =
        lengthsPerLog.stream().mapToDouble(l -> l[index]).filter(v -> v > 0).toArray();
    return positive.length == 0 ? 0.0 : Median.withDefaults().evaluate(positive);
  }

  /** The merged histograms of a step folder, with the warm-up and window its step.json states. */
  public static StepHistograms forStep(Path stepDir) throws IOException {
    return forStep(stepDir, StepRecord.read(stepDir));
  }

  /** The merged histograms of a step folder, with the warm-up and window {@code info} states. */
  public static StepHistograms forStep(Path stepDir, StepRecord info) throws IOException {
    return read(RunLayout.hdrDirs(stepDir), info.warmupS(), info.durationS());
  }

  /**
   * Reads one interval log (HdrHistogram's log format 1.x: {@code #[StartTime: s ...]}, optional
   * {@code #[BaseTime: s ...]}, a legend line, then {@code [Tag=..,]start,length,max,payload} lines
   * with timestamps relative to the base time, or to the start time when there is none and they are
   * small).
   *
   * <p>The lines are decoded here rather than by HdrHistogram's own reader: an auto-resizing
   * histogram that grew within an interval can be written with a header range smaller than its
   * counts (seen with YCSB's intended latency at an overloaded rate), which the reader cannot
   * decode. Such a payload is decoded again with a range of at least {@link #RETRY_RANGE_US}, so no
   * interval, and no operation, is lost.
   *
   * @param offsetMs the client's clock offset: another machine's timestamps, moved into the
   *     runner's clock
   */
  private static Log readLog(Path file, HdrLogName name, long offsetMs) throws IOException {
    List<Interval> intervals = new ArrayList<>();
    double startSec = 0;
    double baseSec = Double.NaN;
    String whole = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    // A writer killed mid-line (Ctrl-C, a crashed YCSB) leaves a last line without its newline;
    // HdrHistogram's reader fails on it, and the intervals before it are still good.
    String text = whole.substring(0, whole.lastIndexOf('\n') + 1);
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
          throw new ResultsFormatException(
              file + ": not a readable HdrHistogram log: malformed line '" + l + "'");
        }
        double rel = Double.parseDouble(f[first]);
        double length = Double.parseDouble(f[first + 1]);
        double base = !Double.isNaN(baseSec) ? baseSec : rel < RELATIVE_LIMIT_SEC ? startSec : 0;
        long startMs = Math.round((base + rel) * 1000.0) - offsetMs;
        Histogram h = decode(file, f[first + 3]);
        intervals.add(new Interval(h, startMs, startMs + Math.round(length * 1000.0)));
      }
    }
    return new Log(name, startSec > 0 ? startSec - offsetMs / 1000.0 : 0, intervals);
  }

  /** Timestamps below this (a year) are relative to the log's start time (HdrHistogram's rule). */
  private static final double RELATIVE_LIMIT_SEC = 365.25 * 24 * 3600;

  /** Range for a payload whose header range is too small for its counts: an hour, in µs. */
  static final long RETRY_RANGE_US = 3_600_000_000L;

  private static Histogram decode(Path file, String payload) throws ResultsFormatException {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(payload);
    } catch (IllegalArgumentException e) {
      throw new ResultsFormatException(
          file + ": not a readable HdrHistogram log: " + e.getMessage(), e);
    }
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (DataFormatException | RuntimeException first) {
      try {
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), RETRY_RANGE_US);
      } catch (DataFormatException | RuntimeException e) {
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
      throw new ResultsFormatException(
          file + ": not a readable HdrHistogram log: bad header '" + line + "'", e);
    }
  }

  /** The merged histograms after warm-up (late completions included), by log name, in log order. */
  public Map<HdrLogName, Histogram> merged() {
    return merged;
  }

  /** The operations of the step's logs, in log order. */
  public Set<String> ops() {
    return merged.keySet().stream()
        .map(HdrLogName::op)
        .collect(Collectors.toCollection(LinkedHashSet::new));
  }

  /** The merged histogram of one log, or null when the step has no such log. */
  public Histogram get(String op, LatencyKind kind, boolean failed) {
    return merged.get(new HdrLogName(op, kind, failed));
  }

  /** Records of one log inside the measured window (late completions excluded); 0 without it. */
  public long inWindow(String op, boolean failed) {
    return inWindow.getOrDefault(new HdrLogName(op, LatencyKind.SERVICE, failed), 0L);
  }

  /**
   * Per interval of the window (see {@link #read}), the records of one service log; all zeros when
   * the step has no such log. As long as {@link #intervalLengthsS()}.
   */
  public long[] perInterval(String op, boolean failed) {
    long[] s = perInterval.get(new HdrLogName(op, LatencyKind.SERVICE, failed));
    return s == null ? new long[intervalLengthsS.length] : s.clone();
  }

  /** Per interval of the window, the seconds it covered (0 when no log's tick fell in it). */
  public double[] intervalLengthsS() {
    return intervalLengthsS.clone();
  }

  /**
   * The rate series of per-interval counts ({@link #perInterval}, or a sum of them), in time order;
   * intervals that covered no time are left out.
   */
  public List<IntervalRate> rates(long[] perIntervalCounts) {
    if (perIntervalCounts.length != intervalLengthsS.length) {
      throw new IllegalArgumentException(
          "need " + intervalLengthsS.length + " interval counts, got " + perIntervalCounts.length);
    }
    List<IntervalRate> rates = new ArrayList<>();
    for (int i = 0; i < intervalLengthsS.length; i++) {
      if (intervalLengthsS[i] > 0) {
        rates.add(
            new IntervalRate(
                i + 0.5, intervalLengthsS[i], perIntervalCounts[i] / intervalLengthsS[i]));
      }
    }
    return rates;
  }

  /**
   * Seconds from the first kept interval's start to the window's end; 0 when nothing was kept. With
   * several clients, the length that makes the throughput the sum of the clients' own rates ({@link
   * #effectiveSeconds}).
   */
  public double measuredSeconds() {
    return effectiveSeconds != null ? effectiveSeconds : (windowEndMs - windowStartMs) / 1000.0;
  }
}
