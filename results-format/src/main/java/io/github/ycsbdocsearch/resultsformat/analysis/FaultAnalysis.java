package io.github.ycsbdocsearch.resultsformat.analysis;

import static io.github.ycsbdocsearch.resultsformat.Numbers.round;

import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.FaultSummary.AckedWrites;
import io.github.ycsbdocsearch.resultsformat.FaultSummary.FaultRecord;
import io.github.ycsbdocsearch.resultsformat.FaultSummary.Operations;
import io.github.ycsbdocsearch.resultsformat.FaultSummary.Recover;
import io.github.ycsbdocsearch.resultsformat.FaultSummary.ScheduledSecond;
import io.github.ycsbdocsearch.resultsformat.FaultSummary.Spectrum;
import io.github.ycsbdocsearch.resultsformat.FaultSummary.StepFigures;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepEvents;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepTimeSeries;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Makes a store's {@link FaultSummary} from its fault step (fault.json and the interval logs) and
 * its control step: the analysis above the record, which only holds what {@code fault-summary.json}
 * says. The time axis, the recovery rule and the figures are described on {@link FaultSummary}.
 * Stateless.
 */
public final class FaultAnalysis {

  /** Consecutive recovered seconds that make a recovery. */
  static final int RECOVERED_SECONDS = 3;

  /** A recovered second's p99 is at most this times the pre-fault p99. */
  static final int RECOVERY_FACTOR = 2;

  private static final long MICROS_PER_SECOND = 1_000_000L;

  /** The interval logs' resolution, seconds. */
  static final int RESOLUTION_S = 1;

  private FaultAnalysis() {}

  /** A step's logs as the figures need them, read once. */
  private record Read(String name, StepHistograms hist, List<Histogram> latency, double[] lengths) {

    /**
     * Per second of the window, the intended latency of the requests due in it ({@code failed}: of
     * the failed ones only, else of the successful ones). A request that completed in interval i
     * with intended latency v is placed at {@code floor(i + 0.5 - v)} s (its completion taken at
     * the middle of its interval): a request that waited out an outage counts in the second it was
     * due, not the one it finally completed in. Requests due before the window are left out.
     */
    List<Histogram> bySchedule(boolean failed) {
      List<Histogram> out = Stream.generate(() -> new Histogram(3)).limit(lengths.length).toList();
      for (String op : hist.ops()) {
        List<Histogram> per = hist.perIntervalHistograms(op, LatencyKind.INTENDED, failed);
        for (int i = 0; i < per.size(); i++) {
          Histogram h = per.get(i);
          if (h == null) {
            continue;
          }
          for (HistogramIterationValue v : h.recordedValues()) {
            // The bucket's low end: never above the latency recorded, so a request is not placed
            // a second early by the histogram's rounding.
            long latency = h.lowestEquivalentValue(v.getValueIteratedTo());
            int due = (int) Math.floor(i + 0.5 - latency / (double) MICROS_PER_SECOND);
            if (due >= 0 && due < out.size()) {
              out.get(due)
                  .recordValueWithCount(v.getValueIteratedTo(), v.getCountAtValueIteratedTo());
            }
          }
        }
      }
      return out;
    }

    static Read of(Path stepDir) throws IOException {
      StepHistograms hist = StepHistograms.forStep(stepDir);
      return new Read(
          stepDir.getFileName().toString(),
          hist,
          StepTimeSeries.intendedPerSecond(hist),
          hist.intervalLengthsS());
    }

    /** Per second, the records of every operation's successes or failures. */
    long[] records(boolean failed) {
      long[] total = new long[lengths.length];
      for (String op : hist.ops()) {
        long[] own = hist.perInterval(op, failed);
        Arrays.setAll(total, i -> total[i] + own[i]);
      }
      return total;
    }

    StepFigures figures(int from) {
      Map<String, Operations> byOp = new LinkedHashMap<>();
      for (String op : hist.ops()) {
        byOp.put(
            op,
            new Operations(
                hist.inWindow(op, false),
                hist.inWindow(op, true),
                sumFrom(hist.perInterval(op, false), from),
                sumFrom(hist.perInterval(op, true), from)));
      }
      return new StepFigures(
          name,
          round(hist.measuredSeconds(), 3),
          byOp,
          Spectrum.of(StepTimeSeries.merge(latency, 0, from)),
          Spectrum.of(StepTimeSeries.merge(latency, from, latency.size())));
    }
  }

  /**
   * Reads a fault step (its fault.json and interval logs) and its control step.
   *
   * @param controlStepDir the control step's folder; null, or a missing folder, when there is none
   * @throws ResultsFormatException when fault.json or a step.json is missing or malformed, or the
   *     fault step has no interval log
   */
  public static FaultSummary of(Path faultStepDir, Path controlStepDir) throws IOException {
    FaultRecord f = FaultRecord.read(faultStepDir);
    StepRecord info = StepRecord.read(faultStepDir);
    OptionalLong start = StepEvents.measurementStartMs(faultStepDir);
    if (start.isEmpty()) {
      throw new ResultsFormatException(
          faultStepDir + ": no interval log, nothing to place the fault on");
    }
    Read fault = Read.of(faultStepDir);
    double killT = seconds(f.killedAtMs() - start.getAsLong());
    // Whole seconds of the window: the kill's own second is the first "after" it (clamped to the
    // window).
    int from = Math.max(0, Math.min((int) Math.floor(killT), fault.lengths().length));
    Recover r = f.recover();
    Long restartMs =
        r != null && r.backAtMs() != null && r.waitedMs() != null
            ? r.backAtMs() - r.waitedMs()
            : f.downS() != null ? f.killedAtMs() + 1000L * f.downS() : null;
    Long backMs = r == null ? null : r.backAtMs();
    long[] ok = fault.records(false);
    int[] gap = longestGap(ok, fault.lengths());
    StepFigures faultFigures = fault.figures(from);
    Long preP99 = faultFigures.beforeKill().p99Us();
    Long bound = preP99 == null ? null : RECOVERY_FACTOR * preP99;
    List<ScheduledSecond> bySchedule = scheduled(fault, bound);
    Integer recoveredAt = bound == null ? null : recoveredAt(bySchedule, fault.lengths(), from);
    Double recoveryS = recoveredAt == null ? null : round(Math.max(0, recoveredAt - killT), 3);
    StepFigures controlFigures =
        controlStepDir != null && Files.isDirectory(controlStepDir)
            ? Read.of(controlStepDir).figures(from)
            : null;
    Long ackGap = f.ackedWrites() == null ? null : f.ackedWrites().longestAckGapMs();
    return new FaultSummary(
        fault.name(),
        controlFigures == null ? f.controlStep() : controlFigures.step(),
        f.spec(),
        f.kind(),
        f.atS(),
        f.downS(),
        info.targetOps(),
        f.node(),
        r,
        RESOLUTION_S,
        f.dueAtMs() == null ? null : seconds(f.dueAtMs() - start.getAsLong()),
        killT,
        restartMs == null ? null : seconds(restartMs - start.getAsLong()),
        backMs == null ? null : seconds(backMs - start.getAsLong()),
        from,
        gap[0],
        gap[0] == 0 ? null : (double) gap[1],
        ackGap,
        preP99,
        bound,
        bound == null ? null : recoveredAt != null,
        recoveryS,
        faultFigures,
        controlFigures,
        f.ackedWrites(),
        f.durability(),
        controlWrites(controlStepDir),
        bySchedule);
  }

  /**
   * Per operation, the failed requests per second of a step's window, by the second they were
   * reported in (their completion: the seconds of the step's latency panel, {@link
   * StepTimeSeries}), from the failed-operation logs: each whole second's failures over the time
   * its intervals covered, 0 where none failed; a second no interval fell in is left out. Every
   * operation of the step is there, in the logs' order. For the fault view, beside the requests due
   * and failed per second by schedule ({@link FaultSummary#scheduledSeconds()}).
   */
  public static Map<String, List<StepHistograms.IntervalRate>> failuresPerSecond(Path stepDir)
      throws IOException {
    Read step = Read.of(stepDir);
    Map<String, List<StepHistograms.IntervalRate>> byOp = new LinkedHashMap<>();
    for (String op : step.hist().ops()) {
      byOp.put(op, step.hist().rates(step.hist().perInterval(op, true)));
    }
    return byOp;
  }

  /** The control step's acked-writes.json; null when it has none. */
  private static AckedWrites controlWrites(Path controlStepDir) throws ResultsFormatException {
    return controlStepDir == null
        ? null
        : Json.readIfPresent(controlStepDir.resolve(RunLayout.ACKED_WRITES), AckedWrites.class)
            .orElse(null);
  }

  /**
   * The longest run of seconds without a success, and the second it starts at ({0, -1} when there
   * is none). A second no log's interval fell in (length 0: the status thread's ticks jitter)
   * neither counts nor breaks a run.
   */
  private static int[] longestGap(long[] ok, double[] lengths) {
    int best = 0;
    int bestStart = -1;
    int run = 0;
    int runStart = -1;
    for (int i = 0; i < ok.length; i++) {
      if (lengths[i] <= 0) {
        continue;
      }
      if (ok[i] > 0) {
        run = 0;
        continue;
      }
      if (run == 0) {
        runStart = i;
      }
      run++;
      if (run > best) {
        best = run;
        bestStart = runStart;
      }
    }
    return new int[] {best, bestStart};
  }

  /**
   * The fault step second by schedule, from {@code from} on (every second of the window when {@code
   * from} is 0), each judged against {@code boundUs} when there is one.
   */
  private static List<ScheduledSecond> scheduled(Read step, Long boundUs) {
    List<Histogram> ok = step.bySchedule(false);
    List<Histogram> bad = step.bySchedule(true);
    List<ScheduledSecond> out = new ArrayList<>();
    for (int i = 0; i < ok.size(); i++) {
      Histogram all = ok.get(i).copy();
      all.add(bad.get(i));
      long n = all.getTotalCount();
      long failed = bad.get(i).getTotalCount();
      Long p99 = n == 0 ? null : all.getValueAtPercentile(Percentile.P99.value());
      Boolean good = boundUs == null ? null : n > 0 && failed == 0 && p99 <= boundUs;
      out.add(new ScheduledSecond(i, n, failed, p99, good));
    }
    return out;
  }

  /**
   * The recovery that holds: the first second, from {@code from} on, that starts a run of good
   * seconds (by schedule, {@link #scheduled}) lasting to the end of the window and at least {@link
   * #RECOVERED_SECONDS} long; null when the window does not end in such a run. A second no request
   * was due in (none completed in the window) breaks the run, so requests still waiting at the end
   * are not mistaken for a recovery; a second no log's interval fell in (length 0) neither counts
   * nor breaks it.
   */
  private static Integer recoveredAt(List<ScheduledSecond> seconds, double[] lengths, int from) {
    Integer start = null;
    int run = 0;
    for (int i = seconds.size() - 1; i >= from; i--) {
      if (i < lengths.length && lengths[i] <= 0) {
        continue;
      }
      if (!Boolean.TRUE.equals(seconds.get(i).good())) {
        break;
      }
      start = i;
      run++;
    }
    return run >= RECOVERED_SECONDS ? start : null;
  }

  private static long sumFrom(long[] perSecond, int from) {
    return Arrays.stream(perSecond, from, perSecond.length).sum();
  }

  private static double seconds(long ms) {
    return ms / 1000.0;
  }
}
