package io.github.ycsbdocsearch.resultsformat.summarizer;

import static io.github.ycsbdocsearch.resultsformat.Numbers.round;

import io.github.ycsbdocsearch.resultsformat.ClientAttribution;
import io.github.ycsbdocsearch.resultsformat.ComposedOperations;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.LatencyStats;
import io.github.ycsbdocsearch.resultsformat.ObjectiveJudge;
import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict;
import io.github.ycsbdocsearch.resultsformat.OpenLoop;
import io.github.ycsbdocsearch.resultsformat.Pacing;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.PercentileBound;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.Statistics;
import io.github.ycsbdocsearch.resultsformat.StepClients;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StepTimeSeries;
import io.github.ycsbdocsearch.resultsformat.StepVerdict;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * Summarizes one step folder from its {@code step.json} and YCSB's HdrHistogram interval logs under
 * {@code hdr/}: the warm-up and window rules are {@link StepHistograms}'s; the counting rules are
 * these.
 *
 * <ul>
 *   <li>Every operation the workload issued counts once: a composed operation ({@link
 *       ComposedOperations}) counts as itself, the READ/UPDATE records it caused are subtracted
 *       from the step's operation count (their rows stay, with {@code part_count} saying how many
 *       of their records were parts).
 *   <li>Errors: failed records of every log, less one per failed composed operation (its failure is
 *       the failure of a part, already in that part's log). When both parts of one
 *       READ-MODIFY-WRITE fail, that operation is counted as two errors: the logs cannot tell it
 *       apart from two failures.
 *   <li>Throughput: successful workload operations inside the window per window second; its 95 %
 *       confidence interval comes from batch means over the rates of the window's intervals.
 *   <li>Percentiles only where the sample count supports them ({@link Percentile}); each row says
 *       up to which percentile that is, and carries the 95 % upper confidence bound of its p99
 *       ({@link PercentileBound}).
 *   <li>Rows: per operation a successes-only row ({@code requests=ok}) and an all-requests row
 *       ({@code all}, successes and failures merged), service time always and intended latency only
 *       in fixed-rate steps (in a closed loop intended equals service and would pretend to be
 *       corrected).
 * </ul>
 *
 * Stateless, thread-safe.
 */
public final class StepSummarizer {

  private StepSummarizer() {}

  /**
   * Summarizes one step folder.
   *
   * @throws ResultsFormatException when step.json is missing or malformed, or a log cannot be
   *     decoded
   * @throws IOException when a file cannot be read
   */
  public static StepSummary summarize(Path stepDir) throws IOException {
    StepRecord info = StepRecord.read(stepDir);
    String name = stepDir.getFileName().toString();
    return summarize(stepDir, info, name, StepHistograms.forStep(stepDir, info));
  }

  /**
   * Summarizes a step folder's already-read histograms under a given step.json, with what its
   * arrival schedule wrote ({@code arrivals.json}, fixed-rate steps): the runner reads a step's
   * logs once, decides its final status from this summary, then summarizes the same histograms
   * again under the final record, and under the name it will be published as (its {@code
   * .NN-tT.partial} folder becomes {@code NN-tT}).
   *
   * @throws UncheckedIOException when arrivals.json exists but cannot be read
   */
  public static StepSummary summarize(
      Path stepDir, StepRecord info, String stepName, StepHistograms hist) {
    Pacing pacing;
    List<StepClients.Client> clients;
    try {
      pacing = Pacing.read(stepDir, hist.sendLag(), hist.inFlightMaxByClient()).orElse(null);
      clients = StepClients.read(stepDir).map(StepClients::clients).orElse(List.of());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    double seconds = hist.measuredSeconds();
    Set<String> ops = hist.ops();
    Counts counts = Counts.of(ops, hist);
    double throughput = seconds > 0 ? counts.ok() / seconds : 0.0;
    // Sustained: the schedule's requests were sent (all but a stated share) and completed at the
    // rate the schedule offered in the window: a Poisson schedule's own count in a window varies
    // (at 24 ops/s, 360 +- 19 in 15 s), so the target rate alone would call a quiet draw
    // unsustained. The sends in the window plus the unsent are its arrivals; a step without a send
    // log (per-thread -target) is judged against the target rate.
    double offered = offeredRate(info, hist, pacing, seconds);
    Boolean sustained =
        info.fixedRate()
            ? throughput >= StepSummary.SUSTAINED_SHARE * offered
                && (pacing == null
                    || pacing.unsent()
                        <= StepSummary.UNSENT_SHARE * Math.max(1, pacing.scheduled()))
            : null;
    Double achievedPct = info.fixedRate() ? 100.0 * throughput / offered : null;
    ObjectiveVerdict objective = objective(info, hist, ops, pacing);
    String clientLimit = ClientAttribution.ofStep(info, pacing, clients, objective);
    boolean clientBound = clientLimit != null;
    // The step's verdict, decided here once: every reader takes it from the summary.
    StepVerdict verdict = StepVerdict.of(info.status(), clientBound, sustained);
    RowContext ctx =
        new RowContext(info, stepName, throughput, seconds, sustained, clientBound, verdict);
    List<SummaryRow> rows = new ArrayList<>();
    for (String op : ops) {
      for (LatencyKind kind : LatencyKind.values()) {
        if (kind == LatencyKind.INTENDED && !info.fixedRate()) {
          continue;
        }
        Histogram ok = hist.get(op, kind, false);
        Histogram failed = hist.get(op, kind, true);
        if (ok == null && failed == null) {
          continue;
        }
        long errors = failures(hist, op, kind);
        long parts = counts.partsOf(op);
        rows.add(ctx.row(op, kind, SummaryRow.OK, ok, errors, parts));
        Histogram all = StepTimeSeries.merge(Arrays.asList(ok, failed), 0, 2);
        rows.add(ctx.row(op, kind, SummaryRow.ALL, all, errors, parts));
      }
    }
    return new StepSummary(
        StepSummary.FORMAT,
        info.store(),
        info.workload(),
        stepName,
        info.index(),
        info.phase(),
        info.offeredFraction(),
        info.threads(),
        info.targetOps(),
        info.status(),
        info.error(),
        verdict.usable(),
        verdict.unusableReason(),
        sustained,
        achievedPct,
        clientBound,
        info.clientCpuCores(),
        info.clientCpus(),
        info.serverCpuCores(),
        info.serverCpuSource(),
        seconds,
        throughput,
        counts.ci95(hist),
        counts.ok(),
        counts.errors(),
        info.clientJitCpuCores(),
        clientLimit,
        pacing,
        objective,
        rows);
  }

  /**
   * The rate the schedule offered in the window: its arrivals (the sends logged in the window and
   * the requests never sent) per window second; the target rate when they are not known.
   */
  private static double offeredRate(
      StepRecord info, StepHistograms hist, Pacing pacing, double seconds) {
    Histogram sends = hist.sendLag();
    if (pacing == null || sends == null || sends.getTotalCount() == 0 || !(seconds > 0)) {
      return info.targetOps();
    }
    // The sends as a rate over the send log's own span (it ticks on its own clock), the unsent
    // over the window.
    double sendRate =
        hist.sendsPerSecond() > 0 ? hist.sendsPerSecond() : sends.getTotalCount() / seconds;
    return sendRate + pacing.unsent() / seconds;
  }

  /**
   * The objective's exceedance test (fixed-rate steps whose step.json names it): per operation, all
   * requests of the intended-latency logs after the warm-up and how many were over the bound; every
   * failure counts as over.
   */
  private static ObjectiveVerdict objective(
      StepRecord info, StepHistograms hist, Set<String> ops, Pacing pacing) {
    OpenLoop o = info.openLoop();
    if (o == null || !info.fixedRate()) {
      return null;
    }
    Map<String, ObjectiveJudge.Counts> counts = new LinkedHashMap<>();
    long bound = o.slo().boundUs();
    for (String op : ops) {
      Histogram ok = hist.get(op, LatencyKind.INTENDED, false);
      long failures = failures(hist, op, LatencyKind.INTENDED);
      long okCount = count(ok);
      if (okCount + failures == 0) {
        continue;
      }
      // Per second of the window (for the dispersion); the totals (late completions included) for
      // the counts. The same requests timed from their actual send (YCSB's service-time log):
      // whether the client's own late sends changed the verdict; per second for their own
      // dispersion (the client's late sends come in bursts of their own, which must not weaken
      // this test).
      List<Histogram> okByS = hist.perIntervalHistograms(op, LatencyKind.INTENDED, false);
      List<Histogram> failedByS = hist.perIntervalHistograms(op, LatencyKind.INTENDED, true);
      List<Histogram> sentByS = hist.perIntervalHistograms(op, LatencyKind.SERVICE, false);
      int m = Math.max(okByS.size(), failedByS.size());
      long[] n = new long[m];
      long[] k = new long[m];
      long[] kSend = new long[m];
      for (int i = 0; i < m; i++) {
        long failedInS = count(at(failedByS, i));
        n[i] = count(at(okByS, i)) + failedInS;
        k[i] = over(at(okByS, i), bound) + failedInS;
        kSend[i] = over(at(sentByS, i), bound) + failedInS;
      }
      Histogram sent = hist.get(op, LatencyKind.SERVICE, false);
      counts.put(
          op,
          new ObjectiveJudge.Counts(
              okCount + failures,
              over(ok, bound) + failures,
              failures,
              ObjectiveJudge.Counts.of(n, k, failures).dispersion(),
              sent == null ? -1 : over(sent, bound) + failures,
              ObjectiveJudge.Counts.of(n, kSend, failures).dispersion(),
              new ObjectiveVerdict.PerSecond(n, k)));
    }
    return ObjectiveJudge.judge(o.slo(), counts, pacing == null ? 0 : pacing.unsent());
  }

  /** Workload-level counts inside the window, composed operations once. */
  private record Counts(long ok, long errors, Map<String, Long> parts, long[] perInterval) {

    static Counts of(Set<String> ops, StepHistograms hist) {
      long records = 0;
      long failedRecords = 0;
      long failedComposed = 0;
      Map<String, Long> parts = new HashMap<>();
      long[] perInterval = new long[hist.intervalLengthsS().length];
      for (String op : ops) {
        long logged = hist.inWindow(op, false) + hist.inWindow(op, true);
        records += logged;
        failedRecords += hist.inWindow(op, true);
        add(perInterval, hist.perInterval(op, false), 1);
        List<String> composedOf = ComposedOperations.PARTS.get(op);
        if (composedOf != null) {
          failedComposed += hist.inWindow(op, true);
          for (String part : composedOf) {
            parts.merge(part, logged, Long::sum);
            add(perInterval, hist.perInterval(op, false), -1);
          }
        }
      }
      long partRecords = 0;
      for (Map.Entry<String, Long> e : parts.entrySet()) {
        // Never more parts than the part's own log holds (a part logged outside the window, a
        // missing log).
        long logged = hist.inWindow(e.getKey(), false) + hist.inWindow(e.getKey(), true);
        e.setValue(Math.min(e.getValue(), logged));
        partRecords += e.getValue();
      }
      long issued = records - partRecords;
      long errors = Math.max(0, failedRecords - failedComposed);
      return new Counts(Math.max(0, issued - errors), errors, parts, perInterval);
    }

    private static void add(long[] into, long[] from, int sign) {
      Arrays.setAll(into, i -> into[i] + sign * from[i]);
    }

    long partsOf(String op) {
      return parts.getOrDefault(op, 0L);
    }

    /**
     * 95 % confidence interval of the throughput: batch means ({@link Statistics#batchMeansCi95})
     * over the successful workload operations' rate in each interval of the window, each over the
     * time it really covered; null with fewer than {@link Statistics#BATCH_MEANS_MIN_VALUES}
     * intervals.
     */
    List<Double> ci95(StepHistograms hist) {
      double[] rates =
          hist.rates(perInterval).stream()
              .mapToDouble(StepHistograms.IntervalRate::perSecond)
              .toArray();
      return Statistics.batchMeansCi95(rates)
          .map(ci -> List.of(round(ci.low(), 2), round(ci.high(), 2)))
          .orElse(null);
    }
  }

  /** The step-level values every row of the step repeats. */
  private record RowContext(
      StepRecord info,
      String stepName,
      double throughput,
      double seconds,
      Boolean sustained,
      boolean clientBound,
      StepVerdict verdict) {

    SummaryRow row(
        String op, LatencyKind kind, String requests, Histogram h, long errors, long parts) {
      long count = count(h);
      LatencyStats l = count == 0 ? null : LatencyStats.of(h);
      String supportedUpTo =
          Percentile.highestSupportedBy(count).map(Percentile::label).orElse(null);
      Long p99Ub95 =
          count == 0 ? null : boxed(PercentileBound.upperBoundValue(h, Percentile.P99.fraction()));
      return new SummaryRow(
          info.store(),
          info.workload(),
          info.threads(),
          info.targetOps(),
          round(throughput, 2),
          op,
          count,
          errors,
          p(l, Percentile.P50),
          p(l, Percentile.P90),
          p(l, Percentile.P99),
          p(l, Percentile.P999),
          p(l, Percentile.P9999),
          l == null ? null : l.maxUs(),
          kind.label(),
          info.index(),
          l == null ? null : l.minUs(),
          l == null ? null : round(l.meanUs(), 2),
          l == null ? null : round(l.stddevUs(), 2),
          round(seconds, 3),
          stepName,
          info.phase(),
          info.offeredFraction(),
          info.status(),
          sustained,
          requests,
          parts,
          clientBound,
          info.clientCpuCores(),
          supportedUpTo,
          p99Ub95,
          verdict.usable(),
          verdict.unusableReason());
    }

    private static Long boxed(OptionalLong v) {
      return v.isPresent() ? v.getAsLong() : null;
    }

    private static Long p(LatencyStats l, Percentile p) {
      return l == null ? null : boxed(l.percentileUs(p));
    }
  }

  /** {@code kind}'s failures: a failure is one event, so the other kind's log if only it exists. */
  private static long failures(StepHistograms hist, String op, LatencyKind kind) {
    Histogram failed = hist.get(op, kind, true);
    for (LatencyKind k : LatencyKind.values()) {
      failed = failed != null ? failed : hist.get(op, k, true);
    }
    return count(failed);
  }

  private static long count(Histogram h) {
    return h == null ? 0 : h.getTotalCount();
  }

  /** The requests over {@code boundUs}; 0 for null. */
  private static long over(Histogram h, long boundUs) {
    return h == null ? 0 : h.getTotalCount() - h.getCountBetweenValues(0, boundUs);
  }

  private static Histogram at(List<Histogram> perSecond, int i) {
    return i < perSecond.size() ? perSecond.get(i) : null;
  }
}
