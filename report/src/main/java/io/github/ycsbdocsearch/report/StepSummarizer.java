package io.github.ycsbdocsearch.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * Summarizes one step folder ({@code steps/<NN>-t<threads>[-r<target>]/}) from its {@code step.json} and YCSB's
 * HdrHistogram interval logs under {@code hdr/}. The intervals of the first {@code warmup_s} seconds are excluded
 * from every number (see {@link StepHistograms} for the exact rule); throughput is the successful operations kept
 * divided by the length of the kept window, taken from the interval timestamps. Stateless, thread-safe.
 */
public final class StepSummarizer {

  /** The folder of a step that holds the interval logs. */
  public static final String HDR_DIR = "hdr";

  private StepSummarizer() {
  }

  /**
   * Summarizes one step folder.
   *
   * @param stepDir the step folder
   * @return the step's summary
   * @throws ResultsFormatException when step.json is missing or malformed, or a log cannot be decoded
   * @throws IOException            when a file cannot be read
   */
  public static StepSummary summarize(Path stepDir) throws IOException {
    return load(stepDir).summary();
  }

  /** A step's summary with the merged histograms it was computed from (for percentile files and charts). */
  record Loaded(StepSummary summary, StepHistograms histograms) {
  }

  static Loaded load(Path stepDir) throws IOException {
    StepInfo info = StepInfoReader.read(stepDir);
    StepHistograms hist = StepHistograms.read(stepDir.resolve(HDR_DIR), info.warmupS());
    double seconds = hist.measuredSeconds();
    Set<String> ops = new LinkedHashSet<>();
    hist.merged().keySet().forEach(n -> ops.add(n.op()));
    List<OperationSummary> rows = new ArrayList<>();
    long totalOk = 0;
    for (String op : ops) {
      for (LatencyKind kind : LatencyKind.values()) {
        Histogram ok = hist.get(op, kind, false);
        Histogram failed = hist.get(op, kind, true);
        if (ok == null && failed == null) {
          continue;
        }
        long count = ok == null ? 0 : ok.getTotalCount();
        long errors = failed == null ? errorsFromOtherKind(hist, op) : failed.getTotalCount();
        if (kind == LatencyKind.SERVICE) {
          totalOk += count;
        }
        Optional<LatencyStats> latency = count == 0 ? Optional.empty() : Optional.of(LatencyStats.of(ok));
        rows.add(new OperationSummary(op, kind, count, errors, perSecond(count, seconds), latency));
      }
    }
    StepSummary summary = new StepSummary(info, stepDir.getFileName().toString(), seconds,
        perSecond(totalOk, seconds), rows);
    return new Loaded(summary, hist);
  }

  /** A failure is one event whichever latency it was logged under; use the other kind's log if only it exists. */
  private static long errorsFromOtherKind(StepHistograms hist, String op) {
    for (LatencyKind k : LatencyKind.values()) {
      Histogram h = hist.get(op, k, true);
      if (h != null) {
        return h.getTotalCount();
      }
    }
    return 0;
  }

  private static double perSecond(long count, double seconds) {
    return seconds > 0 ? count / seconds : 0.0;
  }
}
