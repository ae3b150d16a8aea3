package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency objective, e.g. {@code p99<=10ms}: at this percentile, the intended latency of every
 * operation (all requests, failures included) of a fixed-rate step must not pass the bound.
 * Capacity is the highest sustained offered rate that meets it. One type from the sweep's {@code
 * --slo} through step.json, summary.json and capacity.json to the report and compare: it is written
 * as its text ({@link #text}) and read back by {@link #parse}, the one place that reads that text;
 * files that also hold its percentile and bound as keys of their own write them from here and read
 * the text alone. A step's verdict against it is {@link ObjectiveVerdict}. Immutable; equal when
 * the text is.
 */
public final class Objective {

  private static final Pattern FORM =
      Pattern.compile("(p[0-9.]+)<=([0-9]+(?:\\.[0-9]+)?)(us|ms|s)");

  /**
   * The default objective: a p99 of 10 ms, a common interactive-service target and readable on
   * every store. (After {@link #FORM}, which it is parsed with.)
   */
  public static final Objective DEFAULT = parse("p99<=10ms");

  private final Percentile percentile;
  private final long boundUs;
  private final String text;

  private Objective(Percentile percentile, long boundUs, String text) {
    this.percentile = percentile;
    this.boundUs = boundUs;
    this.text = text;
  }

  /**
   * Parses {@code p<percentile><=<number><us|ms|s>} (case and spaces ignored; the text kept is the
   * lowercase one without spaces).
   *
   * @throws IllegalArgumentException saying on one line what was expected
   */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static Objective parse(String s) {
    String t = s.trim().toLowerCase(Locale.ROOT).replace(" ", "");
    Matcher m = FORM.matcher(t);
    Percentile p =
        m.matches()
            ? Arrays.stream(Percentile.values())
                .filter(x -> x.label().equals(m.group(1)))
                .findFirst()
                .orElse(null)
            : null;
    if (p == null) {
      throw new IllegalArgumentException(
          "expected e.g. p99<=10ms (percentiles p50, p90, p99, p99.9, p99.99; units us, ms, s)");
    }
    double v = Double.parseDouble(m.group(2));
    double us =
        switch (m.group(3)) {
          case "us" -> v;
          case "ms" -> v * 1_000;
          default -> v * 1_000_000;
        };
    if (us <= 0) {
      throw new IllegalArgumentException("the bound must be above 0");
    }
    return new Objective(p, Math.round(us), t);
  }

  public Percentile percentile() {
    return percentile;
  }

  /** The percentile as a fraction, e.g. 0.99 (step.json {@code slo_percentile}). */
  public double fraction() {
    return percentile.fraction();
  }

  /** The share of requests allowed over the bound, 1 - {@link #fraction}. */
  public double allowance() {
    return 1 - fraction();
  }

  public long boundUs() {
    return boundUs;
  }

  /** The objective as written in files, e.g. {@code p99<=10ms}. */
  @JsonValue
  public String text() {
    return text;
  }

  /**
   * Whether a step met the objective: by its exceedance test when it has one (every operation,
   * failures and unsent requests over the bound; an inconclusive test or an operation with too few
   * requests does not meet it); for a summary written before that test, by the worst operation's
   * percentile, where the sample count must support it.
   */
  public boolean metBy(StepSummary s) {
    if (s.objective() != null) {
      return s.objective().decision() == ObjectiveVerdict.Decision.PASS;
    }
    return s.worst(percentile).map(w -> w.us() <= boundUs).orElse(false);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Objective other && text.equals(other.text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  /** {@link #text}, so that the objective reads as written wherever it is said. */
  @Override
  public String toString() {
    return text;
  }
}
