package io.github.ycsbdocsearch.sweep.plan;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency objective, e.g. {@code p99<=10ms}: at this percentile, the intended latency of every
 * operation (all requests, failures included) of a fixed-rate step must not pass the bound.
 * Capacity is the highest sustained offered rate that meets it. This is the objective; a step's
 * verdict against it is results-format's {@code ObjectiveVerdict} (summary.json {@code objective}).
 * Immutable.
 *
 * @param percentile which percentile
 * @param boundUs the bound, microseconds
 * @param text as the user wrote it (recorded in capacity.json and, as the objective, in the plan)
 */
public record Slo(Percentile percentile, long boundUs, @JsonValue String text) {

  /**
   * The default objective: a p99 of 10 ms, a common interactive-service target and readable on
   * every store.
   */
  public static final String DEFAULT = "p99<=10ms";

  private static final Pattern FORM =
      Pattern.compile("(p[0-9.]+)<=([0-9]+(?:\\.[0-9]+)?)(us|ms|s)");

  /**
   * Parses {@code p<percentile><=<number><us|ms|s>}.
   *
   * @throws SetupException naming the accepted form
   */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static Slo parse(String s) {
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
      throw new SetupException(
          "--slo '"
              + s
              + "' is malformed: expected e.g. p99<=10ms (percentiles p50, p90, p99, "
              + "p99.9, p99.99; units us, ms, s)");
    }
    double v = Double.parseDouble(m.group(2));
    double us =
        switch (m.group(3)) {
          case "us" -> v;
          case "ms" -> v * 1_000;
          default -> v * 1_000_000;
        };
    if (us <= 0) {
      throw new SetupException("--slo '" + s + "': the bound must be above 0");
    }
    return new Slo(p, Math.round(us), t);
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
}
