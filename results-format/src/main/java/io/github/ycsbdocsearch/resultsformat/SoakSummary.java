package io.github.ycsbdocsearch.resultsformat;

import static io.github.ycsbdocsearch.resultsformat.Numbers.round;

import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What a store did over a soak ({@code <store>/soak.json}): its one long fixed-rate step minute by
 * minute, the drift from the first tenth of the window to the last, the background events of each
 * kind, and the data set before and after. The minutes and tenths are the whole seconds of {@link
 * StepHistograms} (warm-up excluded), merged exactly (histograms added, never percentiles
 * averaged); a percentile is given only where its samples support it. Immutable.
 *
 * @param step the soak step's folder name
 * @param targetOps its offered rate
 * @param offeredFraction its rate as a fraction of the capacity; null when it ran at a --rates
 *     value
 * @param windowS measured seconds
 * @param minutes one row per whole or partial minute of the window
 * @param drift the last tenth against the first
 * @param events background events of each kind ({@code events.json})
 * @param dataSet the store's data set before and after the soak, by its own measure; null when
 *     unknown
 * @param trends the verdicts: a Theil–Sen trend with its 95 % interval over the per-minute means of
 *     throughput and of intended p99 ({@link SoakTrend}; minutes of at least 30 s); null in files
 *     written before they existed
 */
public record SoakSummary(
    String step,
    long targetOps,
    Double offeredFraction,
    double windowS,
    List<Minute> minutes,
    Drift drift,
    Map<String, Integer> events,
    DataSet dataSet,
    List<SoakTrend> trends) {

  /** A minute enters the trend when it held at least this many seconds of the window. */
  static final double TREND_MINUTE_MIN_S = 30;

  /**
   * One minute of the window ({@code minute} 0 for the first, {@code seconds} of the window in it):
   * successful operations per second, and the intended latency of its requests (failures included),
   * each percentile null unless supported, the maximum null without samples.
   */
  public record Minute(
      int minute,
      double seconds,
      double throughputOps,
      long requests,
      Long p50Us,
      Long p99Us,
      Long maxUs) {}

  /**
   * The last tenth of the window against the first (each at least one second, {@code tenthS}): the
   * throughput and its change in percent of the first; the intended p99, each null unless
   * supported, and their ratio, last over first, null unless both are.
   */
  public record Drift(
      double tenthS,
      double firstThroughputOps,
      double lastThroughputOps,
      Double throughputChangePct,
      Long firstP99Us,
      Long lastP99Us,
      Double p99Ratio) {}

  /**
   * The data set by the store's own measure ({@code describe}'s {@code data_set}) before and after
   * the soak: its documents and the bytes of its primaries.
   *
   * @param measure what the bytes measure (differs by store)
   * @param recordsInserted records the soak's operations inserted
   * @param withinBudget the data set after the soak fits one server's budget; null when the store
   *     is spread over several servers (the conditions table compares it there), or when its
   *     measure is not of memory
   * @param inMemory whether the store's measure is of what the memory budget holds (false for
   *     Elasticsearch's files on disk, read through the page cache and not its heap: no budget
   *     verdict then); null in files written before it was recorded
   */
  public record DataSet(
      long documentsBefore,
      long documentsAfter,
      long primaryBytesBefore,
      long primaryBytesAfter,
      String measure,
      long recordsInserted,
      Integer budgetMbPerServer,
      Boolean withinBudget,
      Boolean inMemory) {}

  /** The minutes, drift and events of a soak step folder (the runner adds the data set). */
  public static SoakSummary of(Path stepDir) throws IOException {
    StepRecord info = StepRecord.read(stepDir);
    StepHistograms hist = StepHistograms.forStep(stepDir, info);
    long[] ok = StepTimeSeries.successfulOperations(hist);
    double[] lengths = hist.intervalLengthsS();
    List<Histogram> latency = StepTimeSeries.intendedPerSecond(hist);
    int n = lengths.length;
    List<Minute> minutes = new ArrayList<>();
    for (int m = 0; m * 60 < n; m++) {
      Span s = span(ok, lengths, latency, m * 60, Math.min(n, m * 60 + 60));
      minutes.add(
          new Minute(
              m,
              round(s.seconds(), 3),
              round(s.throughput(), 3),
              s.requests(),
              StepTimeSeries.percentile(s.latency(), Percentile.P50),
              StepTimeSeries.percentile(s.latency(), Percentile.P99),
              s.latency() == null ? null : s.latency().getMaxValue()));
    }
    int tenth = Math.max(1, n / 10);
    Span first = span(ok, lengths, latency, 0, Math.min(n, tenth));
    Span last = span(ok, lengths, latency, Math.max(0, n - tenth), n);
    Long p99First = StepTimeSeries.percentile(first.latency(), Percentile.P99);
    Long p99Last = StepTimeSeries.percentile(last.latency(), Percentile.P99);
    Drift drift =
        new Drift(
            tenth,
            round(first.throughput(), 3),
            round(last.throughput(), 3),
            first.throughput() > 0
                ? round(100 * (last.throughput() - first.throughput()) / first.throughput(), 3)
                : null,
            p99First,
            p99Last,
            p99First != null && p99Last != null && p99First > 0
                ? Math.round(1000.0 * p99Last / p99First) / 1000.0
                : null);
    Map<String, Integer> events = new TreeMap<>();
    StepEvents.read(stepDir).forEach(e -> events.merge(e.kind(), 1, Integer::sum));
    List<Double> throughput = new ArrayList<>();
    List<Double> p99 = new ArrayList<>();
    for (Minute m : minutes) {
      boolean whole = m.seconds() >= TREND_MINUTE_MIN_S;
      throughput.add(whole ? m.throughputOps() : null);
      p99.add(whole && m.p99Us() != null ? (double) m.p99Us() : null);
    }
    List<SoakTrend> trends =
        List.of(SoakTrend.of("throughput", throughput), SoakTrend.of("p99", p99));
    return new SoakSummary(
        stepDir.getFileName().toString(),
        info.targetOps(),
        info.offeredFraction(),
        round(hist.measuredSeconds(), 3),
        minutes,
        drift,
        events,
        null,
        trends);
  }

  /**
   * The trends in words, e.g. {@code throughput steady (+1.2 %/h [-0.8, +3.1]); p99 drift (+14.0
   * %/h [+6.2, +21.9]); threshold 5 %/h}; "no trend" in files written before trends existed.
   */
  public String trendsInWords() {
    if (trends == null || trends.isEmpty()) {
      return "no trend";
    }
    StringBuilder out = new StringBuilder();
    for (SoakTrend t : trends) {
      out.append(out.length() == 0 ? "" : "; ").append(t.figure()).append(' ').append(t.verdict());
      if (t.slopePctPerHour() != null) {
        out.append(
            String.format(
                Locale.ROOT,
                " (%+.1f %%/h [%+.1f, %+.1f] over %d minutes)",
                t.slopePctPerHour(),
                t.lowPctPerHour(),
                t.highPctPerHour(),
                t.minutes()));
      } else {
        out.append(" (").append(t.minutes()).append(" minutes, ").append(SoakTrend.MIN_MINUTES);
        out.append(" needed)");
      }
    }
    return out.append("; drift = 95 % interval excludes 0 and |slope| >= ")
        .append(SoakTrend.THRESHOLD_PCT_PER_HOUR)
        .append(" %/h")
        .toString();
  }

  public SoakSummary withDataSet(DataSet d) {
    return new SoakSummary(
        step, targetOps, offeredFraction, windowS, minutes, drift, events, d, trends);
  }

  public void writeTo(Path storeDir) {
    AtomicFiles.writeJson(storeDir.resolve(RunLayout.SOAK), this);
  }

  /** A store folder's soak; null when it ran none. */
  public static SoakSummary readOptional(Path storeDir) throws ResultsFormatException {
    return Json.readIfPresent(storeDir.resolve(RunLayout.SOAK), SoakSummary.class).orElse(null);
  }

  /** Seconds [from, to) of the window added up. */
  private record Span(double seconds, double throughput, long requests, Histogram latency) {}

  private static Span span(long[] ok, double[] lengths, List<Histogram> latency, int from, int to) {
    double seconds = 0;
    long count = 0;
    for (int i = from; i < to; i++) {
      seconds += lengths[i];
      count += ok[i];
    }
    Histogram h = StepTimeSeries.merge(latency, from, to);
    return new Span(
        seconds, seconds > 0 ? count / seconds : 0, h == null ? 0 : h.getTotalCount(), h);
  }
}
