package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SetupException;
import java.util.Locale;
import java.util.Properties;

/**
 * The settings of the open-loop arrival schedule ({@link ArrivalSchedule}), parsed and checked once
 * so a bad value is one clear line naming the property before any work starts. Immutable.
 *
 * @param rateOps arrivals per second over the whole JVM; 0 means no pacing (closed loop, as plain
 *     YCSB)
 * @param process how the gaps between arrivals are drawn
 * @param seed seed of the gap sequence: the same seed gives the same schedule on every JVM
 * @param lagThresholdUs a send later than this after its arrival counts as late
 */
public record ArrivalConfig(double rateOps, Process process, long seed, long lagThresholdUs) {

  public static final String RATE = "docsearch.arrivals.rate";
  public static final String PROCESS = "docsearch.arrivals.process";
  public static final String SEED = "docsearch.arrivals.seed";

  /**
   * The data generator's default seed: one constant to remember, the stream itself is derived from
   * it.
   */
  public static final long SEED_DEFAULT = SearchWorkloadConfig.SEED_DEFAULT;

  public static final String LAG_THRESHOLD_US = "docsearch.arrivals.lag_threshold_us";
  public static final long LAG_THRESHOLD_US_DEFAULT = 1000;

  /** How inter-arrival gaps are drawn. */
  public enum Process {
    /** Exponential gaps of mean 1/rate: a Poisson process, as independent users produce. */
    POISSON,
    /** Every gap exactly 1/rate. */
    UNIFORM;

    /** The name used in properties and in {@code arrivals.json}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** No pacing: what the workload does when {@code docsearch.arrivals.rate} is absent or 0. */
  public static final ArrivalConfig CLOSED_LOOP =
      new ArrivalConfig(0, Process.POISSON, SEED_DEFAULT, LAG_THRESHOLD_US_DEFAULT);

  /**
   * Parses and checks the properties.
   *
   * @throws SetupException naming the property and its value
   */
  public static ArrivalConfig fromProperties(Properties p) {
    String process =
        Props.oneOf(
            p, PROCESS, Process.POISSON.label(), Process.POISSON.label(), Process.UNIFORM.label());
    return new ArrivalConfig(
        rate(p),
        Process.valueOf(process.toUpperCase(Locale.ROOT)),
        Props.longValue(p, SEED, SEED_DEFAULT, Long.MIN_VALUE),
        Props.longValue(p, LAG_THRESHOLD_US, LAG_THRESHOLD_US_DEFAULT, 0));
  }

  private static double rate(Properties p) {
    String v = p.getProperty(RATE);
    if (v == null || v.isBlank()) {
      return 0;
    }
    double rate;
    try {
      rate = Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      rate = Double.NaN;
    }
    // NaN and infinity fail here too: a schedule needs a finite period.
    if (!(rate >= 0 && rate < Double.POSITIVE_INFINITY)) {
      throw Props.bad(RATE, v, "a rate in operations per second, > 0 (0 or absent: no pacing)");
    }
    return rate;
  }

  /** Whether the workload paces its operations (a rate was given). */
  public boolean paced() {
    return rateOps > 0;
  }
}
