package io.github.ycsbdocsearch.resultsformat;

import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict.Decision;
import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict.Operation;
import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict.PerSecond;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepSummarizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Decides a fixed-rate step's {@link ObjectiveVerdict} from its latency counts: the counting and
 * the dispersion-corrected {@link ExceedanceTest} the verdict's documentation describes. The record
 * only holds the decision; this is the one place that makes it. Stateless, thread-safe.
 *
 * <p>Why here, beside the records, and not in {@code analysis} with what is computed from finished
 * files: the verdict is part of a step's {@code summary.json}, decided once when the summary is
 * made ({@link StepSummarizer}, which the runner calls when a step ends and which the capacity
 * search and the step's own verdict then read), and the migration of a format-1 step ({@link
 * RunMigration}, which summarizes it from its logs) makes the same summary. The records' package
 * may not name {@code analysis} ({@code AnalysisLayerTest}), so what the summarizer calls stays
 * below that line; {@code AnalysisLayerTest} also pins that no record decides a verdict itself:
 * only the summarizer and this class call the test.
 */
public final class ObjectiveJudge {
  private ObjectiveJudge() {}

  /**
   * Requests and over-the-bound counts of one operation before the test.
   *
   * @param dispersion variance inflation of its per-second over-the-bound counts, at least 1
   * @param overFromSend over the bound on latency from the actual send, failures included; -1 when
   *     not known
   * @param dispersionFromSend the dispersion of those counts per second, at least 1
   * @param perSecond the counts second by second; null when not known
   */
  public record Counts(
      long requests,
      long over,
      long failed,
      double dispersion,
      long overFromSend,
      double dispersionFromSend,
      PerSecond perSecond) {
    public Counts {
      dispersion = Double.isFinite(dispersion) ? Math.max(1, dispersion) : 1;
      dispersionFromSend =
          Double.isFinite(dispersionFromSend) ? Math.max(1, dispersionFromSend) : 1;
    }

    /** Counts of per-interval requests and those over the bound, their dispersion and seconds. */
    public static Counts of(long[] requestsPerInterval, long[] overPerInterval, long failed) {
      return new Counts(
          Arrays.stream(requestsPerInterval).sum(),
          Arrays.stream(overPerInterval).sum(),
          failed,
          dispersion(requestsPerInterval, overPerInterval),
          -1,
          1,
          new PerSecond(requestsPerInterval, overPerInterval));
    }

    /**
     * The Pearson chi-square of the per-interval counts against their common share, over its
     * degrees of freedom: 1 for independent requests, larger when over-the-bound requests come in
     * bursts; 1 when it cannot be told (fewer than 3 intervals with requests, none or all over).
     */
    static double dispersion(long[] n, long[] k) {
      long sn = 0;
      long sk = 0;
      int m = 0;
      for (int i = 0; i < n.length; i++) {
        if (n[i] > 0) {
          sn += n[i];
          sk += k[i];
          m++;
        }
      }
      if (m < 3 || sk == 0 || sk == sn) {
        return 1;
      }
      double p = (double) sk / sn;
      double chi2 = 0;
      for (int i = 0; i < n.length; i++) {
        if (n[i] > 0) {
          double e = n[i] * p;
          chi2 += (k[i] - e) * (k[i] - e) / (e * (1 - p));
        }
      }
      return Math.max(1, chi2 / (m - 1));
    }
  }

  /**
   * Judges the counts of a step.
   *
   * @param counts per operation, requests/over/failed WITHOUT the unsent ones (added here)
   */
  public static ObjectiveVerdict judge(Objective slo, Map<String, Counts> counts, long unsent) {
    double percentile = slo.fraction();
    List<Operation> ops = tested(counts, unsent, percentile);
    Decision d = combined(ops.stream().map(Operation::decision).toList());
    Decision fromSend =
        ops.isEmpty() || ops.stream().anyMatch(o -> o.decisionFromSend() == null)
            ? null
            : combined(ops.stream().map(Operation::decisionFromSend).toList());
    Double confidence =
        switch (d) {
          case PASS -> ops.stream().mapToDouble(o -> 1 - o.pValue()).min().orElse(0);
          case FAIL ->
              ops.stream()
                  .filter(o -> o.decision() == Decision.FAIL)
                  .mapToDouble(o -> 1 - o.pValue())
                  .max()
                  .orElse(0);
          case INCONCLUSIVE -> null;
        };
    if (confidence != null) {
      confidence = Math.round(confidence * 10000) / 10000.0;
    }
    return new ObjectiveVerdict(
        slo, d, confidence, unsent, reason(d, ops, percentile, unsent), ops, fromSend);
  }

  /**
   * The decision alone, for a percentile that need not be one of {@link Percentile}'s (the lab's
   * simulated stores): the same test as {@link #judge}, with no unsent requests.
   */
  public static Decision decision(double percentile, Map<String, Counts> counts) {
    return combined(tested(counts, 0, percentile).stream().map(Operation::decision).toList());
  }

  /** Each operation's test, on intended latency and from the send; {@code unsent} added here. */
  private static List<Operation> tested(
      Map<String, Counts> counts, long unsent, double percentile) {
    List<Operation> ops = new ArrayList<>();
    for (Map.Entry<String, Counts> e : counts.entrySet()) {
      Counts c = e.getValue();
      long n = c.requests() + unsent;
      long k = c.over() + unsent;
      ExceedanceTest.Result r = test(n, k, c.dispersion(), percentile);
      // From the send: of the requests sent (an unsent one has no latency from a send: whether the
      // client or the store kept it back, the attribution decides by the pool).
      Long fromSend = c.overFromSend() < 0 ? null : Math.min(c.requests(), c.overFromSend());
      ops.add(
          new Operation(
              e.getKey(),
              n,
              k,
              c.failed(),
              Numbers.round(c.dispersion(), 3),
              r.decision(),
              r.pValue(),
              fromSend,
              fromSend == null
                  ? null
                  : test(c.requests(), fromSend, c.dispersionFromSend(), percentile).decision(),
              c.perSecond()));
    }
    return ops;
  }

  /** Every operation passing is a pass; any failing, a fail; otherwise inconclusive. */
  private static Decision combined(List<Decision> each) {
    if (each.isEmpty()) {
      return Decision.INCONCLUSIVE;
    }
    if (each.contains(Decision.FAIL)) {
      return Decision.FAIL;
    }
    return each.contains(Decision.INCONCLUSIVE) ? Decision.INCONCLUSIVE : Decision.PASS;
  }

  /** The exceedance test on the effective counts (the raw ones divided by the dispersion). */
  private static ExceedanceTest.Result test(long n, long k, double dispersion, double percentile) {
    long effN = Math.round(n / dispersion);
    return ExceedanceTest.test(percentile, Math.min(effN, Math.round(k / dispersion)), effN);
  }

  private static String reason(Decision d, List<Operation> ops, double percentile, long unsent) {
    if (ops.isEmpty()) {
      return "no operation completed in the window";
    }
    long need = ExceedanceTest.minSamples(percentile);
    List<String> few =
        ops.stream()
            .filter(o -> o.requests() < need)
            .map(o -> o.op() + " (" + o.requests() + " requests, a pass needs " + need + ")")
            .toList();
    String unsentText =
        unsent > 0 ? "; " + unsent + " requests due were never sent (counted over the bound)" : "";
    return switch (d) {
      case PASS -> "every operation met the objective" + unsentText;
      case FAIL ->
          "over the objective: "
              + listed(
                  ops,
                  Decision.FAIL,
                  o ->
                      String.format(
                          Locale.ROOT,
                          "%s (%d of %d over, %.2f %%)",
                          o.op(),
                          o.over(),
                          o.requests(),
                          100.0 * o.over() / Math.max(1, o.requests())))
              + unsentText;
      case INCONCLUSIVE ->
          (few.isEmpty()
                  ? "too close to the bound to tell: "
                      + listed(ops, Decision.INCONCLUSIVE, ObjectiveJudge::withItsBursts)
                  : "too few samples: " + String.join(", ", few))
              + unsentText;
    };
  }

  /** The operations with {@code decision}, each in {@code words}, comma-separated. */
  private static String listed(
      List<Operation> ops, Decision decision, Function<Operation, String> words) {
    return ops.stream()
        .filter(o -> o.decision() == decision)
        .map(words)
        .collect(Collectors.joining(", "));
  }

  /** {@code READ}, or {@code READ (about 51 independent of 18000 requests: ...)} when clustered. */
  private static String withItsBursts(Operation o) {
    return o.dispersion() > 1
        ? String.format(
            Locale.ROOT,
            "%s (about %d independent of %d requests: its slow ones come in bursts)",
            o.op(),
            Math.round(o.requests() / o.dispersion()),
            o.requests())
        : o.op();
  }
}
