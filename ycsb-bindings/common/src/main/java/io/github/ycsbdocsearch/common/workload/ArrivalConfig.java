package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.Props;
import java.util.Locale;
import java.util.Properties;

/**
 * The settings of the open-loop arrival schedule ({@link ArrivalSchedule}), parsed and checked once
 * so a bad value is one clear line naming the property before any work starts. Immutable.
 *
 * @param rateOps arrivals per second over the whole JVM; 0 means no pacing (closed loop, as plain
 *     YCSB)
 * @param seed seed of the gap sequence: the same seed gives the same schedule on every JVM
 * @param lagThresholdUs a send later than this after its arrival counts as late
 * @param rampS seconds over which the rate rises linearly from 0 to {@code rateOps} at the start
 *     (0: the full rate from the first arrival)
 */
public record ArrivalConfig(
    double rateOps, Process process, long seed, long lagThresholdUs, double rampS) {

  public static final String RATE = "docsearch.arrivals.rate";
  public static final String PROCESS = "docsearch.arrivals.process";
  public static final String SEED = "docsearch.arrivals.seed";

  /** The data generator's default seed: one constant to remember; the stream is derived from it. */
  public static final long SEED_DEFAULT = SearchWorkloadConfig.SEED_DEFAULT;

  public static final String LAG_THRESHOLD_US = "docsearch.arrivals.lag_threshold_us";
  public static final long LAG_THRESHOLD_US_DEFAULT = 1000;

  /**
   * Seconds of a soft start: a client JVM starts with cold code (interpreted, then compiled while
   * it runs), so at the full rate from its first arrival it falls behind and queues a backlog that
   * can outlast the warm-up. The sweep ramps over part of the warm-up; the default here is none.
   */
  public static final String RAMP_S = "docsearch.arrivals.ramp_s";

  /** A schedule without a ramp (tests, simulations). */
  public ArrivalConfig(double rateOps, Process process, long seed, long lagThresholdUs) {
    this(rateOps, process, seed, lagThresholdUs, 0);
  }

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

  public static ArrivalConfig fromProperties(Properties p) {
    String process =
        Props.oneOf(
            p, PROCESS, Process.POISSON.label(), Process.POISSON.label(), Process.UNIFORM.label());
    return new ArrivalConfig(
        nonNegative(p, RATE, "a rate in operations per second, > 0 (0 or absent: no pacing)"),
        Process.valueOf(process.toUpperCase(Locale.ROOT)),
        Props.longValue(p, SEED, SEED_DEFAULT, Long.MIN_VALUE),
        Props.longValue(p, LAG_THRESHOLD_US, LAG_THRESHOLD_US_DEFAULT, 0),
        nonNegative(p, RAMP_S, "seconds, >= 0"));
  }

  /**
   * A finite number >= 0 (0 when absent); NaN and infinity fail too: a schedule needs both finite.
   */
  private static double nonNegative(Properties p, String key, String expected) {
    return Props.parsed(
        p, key, 0.0, Double::parseDouble, x -> x >= 0 && x < Double.POSITIVE_INFINITY, expected);
  }

  /** Whether the workload paces its operations (a rate was given). */
  public boolean paced() {
    return rateOps > 0;
  }
}
