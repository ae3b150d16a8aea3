package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A fixed-rate step judged against the latency objective (summary.json {@code objective}): for
 * every operation, how many requests there were and how many were over the bound, with the {@link
 * ExceedanceTest}'s decision.
 *
 * <p>Counting: a request is over when its intended latency (from its scheduled arrival) passes the
 * bound; every failed request counts as over, whatever its latency; every request that was due but
 * never sent ({@code unsent}) counts as a request over the bound of every operation (which
 * operation it would have been is not known, so each operation is charged with all of them: the
 * conservative side). The step passes when every operation passes, fails when any fails, and is
 * otherwise inconclusive; an operation with fewer requests than a pass needs ({@link
 * ExceedanceTest#minSamples}) is named in {@link #reason()}.
 *
 * <p>Latencies of a queue are not independent: a slow second holds many slow requests, so the
 * binomial test on raw counts would be overconfident. Each operation's counts are divided by their
 * dispersion (the Pearson chi-square of the per-second over-the-bound counts against one common
 * share, over its degrees of freedom, at least 1: the quasi-binomial variance inflation) before the
 * test, so the decision rests on the effective number of independent requests. Immutable.
 *
 * @param slo the objective as the user wrote it, e.g. {@code p99<=10ms}
 * @param percentile the percentile as a fraction, e.g. 0.99
 * @param boundUs the bound, microseconds
 * @param decision pass, fail or inconclusive
 * @param confidence 1 - p-value of the decision (the weakest operation's for a pass, the surest
 *     failing one's for a fail); null when inconclusive
 * @param unsent requests due in the step but never sent
 * @param reason why, in words, naming the operation that decided
 * @param operations per operation, in row order
 */
@JsonPropertyOrder({
  "slo",
  "percentile",
  "bound_us",
  "decision",
  "confidence",
  "unsent",
  "reason",
  "operations"
})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Objective(
    String slo,
    double percentile,
    long boundUs,
    Decision decision,
    Double confidence,
    long unsent,
    String reason,
    List<Operation> operations) {

  public Objective {
    operations = List.copyOf(operations);
  }

  /** A decision, written in lowercase. */
  public enum Decision {
    PASS,
    FAIL,
    INCONCLUSIVE;

    @JsonValue
    public String jsonName() {
      return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static Decision fromJson(String s) {
      return valueOf(s.toUpperCase(Locale.ROOT));
    }

    static Decision of(ExceedanceTest.Decision d) {
      return valueOf(d.name());
    }
  }

  /**
   * One operation's counts and decision. Immutable.
   *
   * @param op the operation
   * @param requests all its requests in the window, failures and the step's unsent requests
   *     included
   * @param over of those, over the bound (failures and unsent included)
   * @param failed its failed requests
   * @param decision the exceedance test's decision
   * @param pValue the decision's p-value
   */
  @JsonPropertyOrder({"op", "requests", "over", "failed", "dispersion", "decision", "p_value"})
  public record Operation(
      String op,
      long requests,
      long over,
      long failed,
      double dispersion,
      Decision decision,
      double pValue) {}

  /**
   * Requests and over-the-bound counts of one operation before the test.
   *
   * @param dispersion variance inflation of its per-second over-the-bound counts, at least 1
   */
  public record Counts(long requests, long over, long failed, double dispersion) {
    public Counts {
      dispersion = Double.isFinite(dispersion) ? Math.max(1, dispersion) : 1;
    }

    /**
     * Counts from one interval's requests and over-the-bound requests each, with their dispersion.
     */
    public static Counts of(long[] requestsPerInterval, long[] overPerInterval, long failed) {
      long n = 0;
      long k = 0;
      for (int i = 0; i < requestsPerInterval.length; i++) {
        n += requestsPerInterval[i];
        k += overPerInterval[i];
      }
      return new Counts(n, k, failed, dispersion(requestsPerInterval, overPerInterval));
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
  public static Objective judge(
      String slo, double percentile, long boundUs, Map<String, Counts> counts, long unsent) {
    List<Operation> ops = new ArrayList<>();
    for (Map.Entry<String, Counts> e : counts.entrySet()) {
      Counts c = e.getValue();
      long n = c.requests() + unsent;
      long k = c.over() + unsent;
      ops.add(test(e.getKey(), n, k, c.failed(), c.dispersion(), percentile));
    }
    return of(slo, percentile, boundUs, ops, unsent);
  }

  private static Objective of(
      String slo, double percentile, long boundUs, List<Operation> ops, long unsent) {
    Decision d =
        ops.isEmpty()
            ? Decision.INCONCLUSIVE
            : ops.stream().anyMatch(o -> o.decision() == Decision.FAIL)
                ? Decision.FAIL
                : ops.stream().anyMatch(o -> o.decision() == Decision.INCONCLUSIVE)
                    ? Decision.INCONCLUSIVE
                    : Decision.PASS;
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
    return new Objective(
        slo, percentile, boundUs, d, confidence, unsent, reason(d, ops, percentile, unsent), ops);
  }

  /** The exceedance test on the effective counts (the raw ones divided by the dispersion). */
  private static Operation test(
      String op, long n, long k, long failed, double dispersion, double percentile) {
    long effN = Math.round(n / dispersion);
    long effK = Math.min(effN, Math.round(k / dispersion));
    ExceedanceTest.Result r = ExceedanceTest.test(percentile, effK, effN);
    return new Operation(
        op,
        n,
        k,
        failed,
        Math.round(dispersion * 1000) / 1000.0,
        Decision.of(r.decision()),
        r.pValue());
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
              + String.join(
                  ", ",
                  ops.stream()
                      .filter(o -> o.decision() == Decision.FAIL)
                      .map(
                          o ->
                              String.format(
                                  Locale.ROOT,
                                  "%s (%d of %d over, %.2f %%)",
                                  o.op(),
                                  o.over(),
                                  o.requests(),
                                  100.0 * o.over() / Math.max(1, o.requests())))
                      .toList())
              + unsentText;
      case INCONCLUSIVE ->
          (few.isEmpty()
                  ? "too close to the bound to tell: "
                      + String.join(
                          ", ",
                          ops.stream()
                              .filter(o -> o.decision() == Decision.INCONCLUSIVE)
                              .map(Objective::withItsBursts)
                              .toList())
                  : "too few samples: " + String.join(", ", few))
              + unsentText;
    };
  }

  /**
   * The largest share over the bound, as a multiple of the objective's allowance (1 - percentile),
   * at which a step still shows the store's bursts ({@link #burstDispersion}); above it the step
   * was overloaded.
   */
  static final double OVERLOAD_ALLOWANCES = 10;

  /**
   * How strongly this step's slow requests came in bursts: the largest dispersion of its
   * operations; 1 when it was overloaded (over the bound more than {@link #OVERLOAD_ALLOWANCES}
   * times the allowance: its clustering is then a queue that keeps growing, not bursts) or showed
   * none.
   */
  @JsonIgnore
  public double burstDispersion() {
    double overloaded = OVERLOAD_ALLOWANCES * (1 - percentile);
    return operations.stream()
        .filter(o -> o.requests() > 0 && (double) o.over() / o.requests() <= overloaded)
        .mapToDouble(Operation::dispersion)
        .max()
        .orElse(1);
  }

  /**
   * This step judged again with every operation's dispersion at least {@code floor}. A window's own
   * dispersion can only show bursts that fell inside it: a store that stalls now and then (a 200 ms
   * write stall every few seconds) has 14 s windows with no stall, whose requests then look
   * independent and pass with certainty, while the next window at the same rate fails. The floor is
   * the burstiness the store showed in its other steps, so a quiet window counts as the few
   * independent observations it is.
   */
  public Objective withDispersionAtLeast(double floor) {
    if (!(floor > 1)) {
      return this;
    }
    List<Operation> ops =
        operations.stream()
            .map(
                o ->
                    test(
                        o.op(),
                        o.requests(),
                        o.over(),
                        o.failed(),
                        Math.max(o.dispersion(), floor),
                        percentile))
            .toList();
    return of(slo, percentile, boundUs, ops, unsent);
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

  /**
   * The counts of several probes at the same rate, added up, judged again: the effective counts add
   * up (each probe's raw counts over its own dispersion), and the pooled dispersion is raw over
   * effective.
   */
  public static Objective pool(List<Objective> probes) {
    if (probes.size() == 1) {
      return probes.get(0);
    }
    Map<String, double[]> sum = new LinkedHashMap<>(); // op -> raw n, raw k, failed, effective n
    long unsent = 0;
    for (Objective o : probes) {
      unsent += o.unsent();
      for (Operation op : o.operations()) {
        double[] a = sum.computeIfAbsent(op.op(), x -> new double[4]);
        a[0] += op.requests();
        a[1] += op.over();
        a[2] += op.failed();
        a[3] += op.requests() / op.dispersion();
      }
    }
    Objective first = probes.get(0);
    List<Operation> ops = new ArrayList<>();
    for (Map.Entry<String, double[]> e : sum.entrySet()) {
      double[] a = e.getValue();
      ops.add(
          test(
              e.getKey(),
              (long) a[0],
              (long) a[1],
              (long) a[2],
              a[3] > 0 ? a[0] / a[3] : 1,
              first.percentile()));
    }
    return of(first.slo(), first.percentile(), first.boundUs(), ops, unsent);
  }

  /**
   * The confidence of {@link #forcedDecision()}: the decision's own when the test decided;
   * otherwise how close the nearer decision came (1 - the smallest p-value of the deciding
   * operations): low, and stated as such.
   */
  @JsonIgnore
  public double forcedConfidence() {
    if (confidence != null) {
      return confidence;
    }
    return operations.stream().mapToDouble(o -> 1 - o.pValue()).min().orElse(0);
  }

  /**
   * PASS or FAIL even when the test cannot tell: an operation with too few requests fails (nothing
   * was shown), else the point estimate decides (every operation's share over the bound within 1 -
   * percentile).
   */
  @JsonIgnore
  public Decision forcedDecision() {
    if (decision != Decision.INCONCLUSIVE) {
      return decision;
    }
    long need = ExceedanceTest.minSamples(percentile);
    boolean pass =
        operations.stream()
            .allMatch(
                o -> o.requests() >= need && (double) o.over() / o.requests() <= 1 - percentile);
    // (effective counts scale both sides alike: the point estimate is the raw share)
    return pass ? Decision.PASS : Decision.FAIL;
  }
}
