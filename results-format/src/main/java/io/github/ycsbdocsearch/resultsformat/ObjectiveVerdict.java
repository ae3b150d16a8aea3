package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A fixed-rate step's verdict against the latency objective (the sweep's {@code Slo}; the verdict
 * is summary.json's {@code objective}, a name the files keep): for every operation, how many
 * requests there were and how many were over the bound, with the {@link ExceedanceTest}'s decision;
 * the same decision on latency measured from each request's actual send (so a reader can tell
 * whether the client's own late sends changed the verdict, {@link ClientAttribution}); and the
 * counts second by second, which the capacity estimate pools over every window of a store.
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
 * @param decisionFromSend the decision on latency from the actual send (service time; failures and
 *     unsent requests over as above); null when not known (files written before it)
 */
@JsonPropertyOrder({
  "slo",
  "percentile",
  "bound_us",
  "decision",
  "confidence",
  "unsent",
  "reason",
  "operations",
  "decision_from_send"
})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ObjectiveVerdict(
    String slo,
    double percentile,
    long boundUs,
    Decision decision,
    Double confidence,
    long unsent,
    String reason,
    List<Operation> operations,
    Decision decisionFromSend) {

  public ObjectiveVerdict {
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
   * @param dispersion variance inflation of its per-second over-the-bound counts, at least 1
   * @param decision the exceedance test's decision
   * @param pValue the decision's p-value
   * @param overFromSend of its requests sent, over the bound on latency from the actual send
   *     (failures included; the unsent ones have no such latency and are not counted); null when
   *     not known
   * @param decisionFromSend the test's decision on those, of the requests sent, with their own
   *     dispersion; null when not known
   * @param perSecond its requests and those over the bound in each second of the window (failures
   *     included, unsent ones not: they belong to no second); null when not known
   */
  @JsonPropertyOrder({
    "op",
    "requests",
    "over",
    "failed",
    "dispersion",
    "decision",
    "p_value",
    "over_from_send",
    "decision_from_send",
    "per_second"
  })
  public record Operation(
      String op,
      long requests,
      long over,
      long failed,
      double dispersion,
      Decision decision,
      double pValue,
      Long overFromSend,
      Decision decisionFromSend,
      PerSecond perSecond) {}

  /**
   * Counts second by second. Immutable (the arrays are copied).
   *
   * @param requests requests per second of the window
   * @param over of those, over the bound
   */
  public record PerSecond(long[] requests, long[] over) {
    public PerSecond {
      if (requests.length != over.length) {
        throw new IllegalArgumentException("requests and over differ in length");
      }
      requests = requests.clone();
      over = over.clone();
    }

    @Override
    public long[] requests() {
      return requests.clone();
    }

    @Override
    public long[] over() {
      return over.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof PerSecond p
          && Arrays.equals(requests, p.requests)
          && Arrays.equals(over, p.over);
    }

    @Override
    public int hashCode() {
      return 31 * Arrays.hashCode(requests) + Arrays.hashCode(over);
    }

    @Override
    public String toString() {
      return Arrays.toString(over) + "/" + Arrays.toString(requests);
    }
  }

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

    /** Counts without the latency from the send or the seconds. */
    public Counts(long requests, long over, long failed, double dispersion) {
      this(requests, over, failed, dispersion, -1, 1, null);
    }

    /**
     * Counts from one interval's requests and over-the-bound requests each, with their dispersion
     * and the seconds kept.
     */
    public static Counts of(long[] requestsPerInterval, long[] overPerInterval, long failed) {
      return of(requestsPerInterval, overPerInterval, failed, -1);
    }

    /** {@link #of(long[], long[], long)} with the over-the-bound count from the send. */
    public static Counts of(
        long[] requestsPerInterval, long[] overPerInterval, long failed, long overFromSend) {
      return of(requestsPerInterval, overPerInterval, failed, overFromSend, 1);
    }

    /**
     * {@link #of(long[], long[], long)} with the over-the-bound count from the send and its
     * dispersion.
     */
    public static Counts of(
        long[] requestsPerInterval,
        long[] overPerInterval,
        long failed,
        long overFromSend,
        double dispersionFromSend) {
      long n = 0;
      long k = 0;
      for (int i = 0; i < requestsPerInterval.length; i++) {
        n += requestsPerInterval[i];
        k += overPerInterval[i];
      }
      return new Counts(
          n,
          k,
          failed,
          dispersion(requestsPerInterval, overPerInterval),
          overFromSend,
          dispersionFromSend,
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
  public static ObjectiveVerdict judge(
      String slo, double percentile, long boundUs, Map<String, Counts> counts, long unsent) {
    List<Operation> ops = new ArrayList<>();
    for (Map.Entry<String, Counts> e : counts.entrySet()) {
      Counts c = e.getValue();
      long n = c.requests() + unsent;
      long k = c.over() + unsent;
      Operation tested = test(e.getKey(), n, k, c.failed(), c.dispersion(), percentile);
      // From the send: of the requests sent (an unsent one has no latency from a send: whether the
      // client or the store kept it back, the attribution decides by the pool).
      Long fromSend = c.overFromSend() < 0 ? null : Math.min(c.requests(), c.overFromSend());
      Decision sendDecision =
          fromSend == null
              ? null
              : test(
                      e.getKey(),
                      c.requests(),
                      fromSend,
                      c.failed(),
                      c.dispersionFromSend(),
                      percentile)
                  .decision();
      ops.add(
          new Operation(
              tested.op(),
              tested.requests(),
              tested.over(),
              tested.failed(),
              tested.dispersion(),
              tested.decision(),
              tested.pValue(),
              fromSend,
              sendDecision,
              c.perSecond()));
    }
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
        slo,
        percentile,
        boundUs,
        d,
        confidence,
        unsent,
        reason(d, ops, percentile, unsent),
        ops,
        fromSend);
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
        r.pValue(),
        null,
        null,
        null);
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
                              .map(ObjectiveVerdict::withItsBursts)
                              .toList())
                  : "too few samples: " + String.join(", ", few))
              + unsentText;
    };
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
