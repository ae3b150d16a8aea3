package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A fixed-rate step's verdict against the latency {@link Objective} (the verdict is summary.json's
 * {@code objective}, a name the files keep): for every operation, how many requests there were and
 * how many were over the bound, with the {@link ExceedanceTest}'s decision; the same decision on
 * latency measured from each request's actual send (so a reader can tell whether the client's own
 * late sends changed the verdict, {@link ClientAttribution}); and the counts second by second,
 * which the capacity estimate pools over every window of a store.
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
 * test, so the decision rests on the effective number of independent requests.
 *
 * <p>A plain record: {@link ObjectiveJudge} decides it (when the step's summary is made), readers
 * take it as written. Immutable.
 *
 * @param slo the objective, e.g. {@code p99<=10ms}; written also as its percentile ({@code
 *     percentile}, a fraction) and bound ({@code bound_us}), which are read from the text
 * @param decision pass, fail or inconclusive
 * @param confidence 1 - p-value of the decision (the weakest operation's for a pass, the surest
 *     failing one's for a fail); null when inconclusive
 * @param unsent requests due in the step but never sent
 * @param reason why, in words, naming the operation that decided
 * @param operations per operation, in row order
 * @param decisionFromSend the decision on latency from the actual send (service time; failures and
 *     unsent requests over as above); null when not known (files written before it)
 */
// The derived figures follow the objective; the rest keep the record's order.
@JsonPropertyOrder({"slo", "percentile", "bound_us"})
public record ObjectiveVerdict(
    Objective slo,
    Decision decision,
    Double confidence,
    long unsent,
    String reason,
    List<Operation> operations,
    Decision decisionFromSend) {

  public ObjectiveVerdict {
    operations = List.copyOf(operations);
  }

  /** The objective's percentile as a fraction, written for readers of the file alone. */
  @JsonProperty(value = "percentile", access = JsonProperty.Access.READ_ONLY)
  private double percentileFraction() {
    return slo.fraction();
  }

  /** The objective's bound, microseconds, written for readers of the file alone. */
  @JsonProperty(value = "bound_us", access = JsonProperty.Access.READ_ONLY)
  private long boundUs() {
    return slo.boundUs();
  }

  /** A decision (the {@link ExceedanceTest}'s, and a step's), written in lowercase. */
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
  }

  /**
   * One operation's counts and decision. Immutable.
   *
   * @param requests all its requests in the window, failures and the step's unsent requests
   *     included
   * @param over of those, over the bound (failures and unsent included)
   * @param dispersion variance inflation of its per-second over-the-bound counts, at least 1
   * @param pValue the exceedance test's decision's p-value
   * @param overFromSend of its requests sent, over the bound on latency from the actual send
   *     (failures included; the unsent ones have no such latency and are not counted); null when
   *     not known
   * @param decisionFromSend the test's decision on those, of the requests sent, with their own
   *     dispersion; null when not known
   * @param perSecond its requests and those over the bound in each second of the window (failures
   *     included, unsent ones not: they belong to no second); null when not known
   */
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

  /** Requests per second of the window, and of those over the bound. Immutable (copied arrays). */
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
}
