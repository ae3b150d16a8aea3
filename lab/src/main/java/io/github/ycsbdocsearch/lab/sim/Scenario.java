package io.github.ycsbdocsearch.lab.sim;

import io.github.ycsbdocsearch.common.data.Seeds;
import io.github.ycsbdocsearch.lab.Mm1Server;
import io.github.ycsbdocsearch.lab.Stalls;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One simulated store and client: an M/M/1 server of rate {@code mu} that stalls (or not), an
 * objective, and a client that sends with a small random lag and, when capped, can send no faster
 * than its cap. Immutable.
 *
 * @param name short name, for tables
 * @param mu service rate, ops/s
 * @param percentile the objective's percentile, e.g. 0.99
 * @param boundMs the objective's bound, ms
 * @param stallMs each stall's length, ms (0: none)
 * @param stallEveryS the gap between stalls, s ({@code 35}, or {@code 5-15})
 * @param stallProcess how gaps are drawn
 * @param clientCapOps the most the client can send, ops/s (infinity: no cap)
 * @param lagMeanUs the client's mean send lag, µs (exponential)
 */
public record Scenario(
    String name,
    double mu,
    double percentile,
    double boundMs,
    double stallMs,
    String stallEveryS,
    Stalls.Process stallProcess,
    double clientCapOps,
    double lagMeanUs) {

  /** The client's send lag of these scenarios: tens of microseconds, as a quiet client has. */
  public static final double LAG_US = 40;

  /** M/M/1 at μ = 1000/s under p99 <= 20 ms: λ* = μ - ln(100)/B = 769.74 ops/s exactly. */
  public static Scenario noStalls() {
    return uncapped("no stalls", 20, 0, "1", Stalls.Process.PERIODIC);
  }

  /** A 200 ms stall every 35 s (an AOF rewrite's cycle), p99 <= 20 ms. */
  public static Scenario periodicStalls() {
    return uncapped("200 ms every 35 s", 20, 200, "35", Stalls.Process.PERIODIC);
  }

  /**
   * A 200 ms stall every 5 to 15 s (uniform gaps, MongoDB's stalls on one core). Under p99 <= 20 ms
   * no rate could pass (the stalls alone hold 2 % of the time), so its objective is p99 <= 150 ms:
   * the first 50 ms of every stall and the queue it leaves decide.
   */
  public static Scenario frequentStalls() {
    return uncapped("200 ms every 5-15 s", 150, 200, "5-15", Stalls.Process.PERIODIC);
  }

  /**
   * A 200 ms stall after every 16,000 requests, p99 <= 20 ms: work triggered by what was written
   * (an AOF rewrite after so many writes), so that it comes more often at a higher rate: every 64 s
   * at 250 ops/s, every 34 s near the capacity, every 16 s at 1,000.
   */
  public static Scenario sizeStalls() {
    return uncapped("200 ms every 16,000 requests", 20, 200, "16000", Stalls.Process.OPERATIONS);
  }

  /** No stalls, and a client that cannot send more than 80 % of λ* (616 ops/s). */
  public static Scenario clientCapped() {
    return new Scenario(
        "client capped at 80 %",
        1000,
        0.99,
        20,
        0,
        "1",
        Stalls.Process.PERIODIC,
        0.8 * (1000 - Math.log(100) / 0.020),
        LAG_US);
  }

  /** M/M/1 at μ = 1000/s, its objective a p99, its client uncapped with the usual lag. */
  private static Scenario uncapped(
      String name, double boundMs, double stallMs, String stallEveryS, Stalls.Process process) {
    return new Scenario(
        name, 1000, 0.99, boundMs, stallMs, stallEveryS, process, Double.POSITIVE_INFINITY, LAG_US);
  }

  /** The scenarios the calibration runs. */
  public static List<Scenario> all() {
    return List.of(noStalls(), periodicStalls(), frequentStalls(), sizeStalls(), clientCapped());
  }

  /** The scenarios whose store stalls (their truth is a long simulation's). */
  public static List<Scenario> stalling() {
    return all().stream().filter(s -> s.stallMs() > 0).toList();
  }

  /**
   * The store's true capacity: the closed form without stalls; with them, the long simulation's
   * ({@link SimulatedTruth}, bisection to 0.05 ops/s: 5 x 10^7 requests for the two on a timer,
   * 10^8 for the one after so many requests; {@code SimulatedTruthTest} checks each again on other
   * random numbers).
   */
  public double truth() {
    if (stallMs == 0) {
      return closedForm();
    }
    return switch (stallEveryS) {
      case "35" -> PERIODIC_TRUTH;
      case "5-15" -> FREQUENT_TRUTH;
      default -> SIZE_TRUTH;
    };
  }

  /** {@link #sizeStalls()}'s capacity by long simulation. */
  static final double SIZE_TRUTH = 463.69;

  /** {@link #periodicStalls()}'s capacity by long simulation. */
  static final double PERIODIC_TRUTH = 473.17;

  /** {@link #frequentStalls()}'s capacity by long simulation. */
  static final double FREQUENT_TRUTH = 464.42;

  /** The closed form when there are no stalls (λ* = μ + ln(1 - p)/B), else NaN. */
  public double closedForm() {
    return stallMs > 0 ? Double.NaN : mu + Math.log(1 - percentile) / (boundMs / 1000);
  }

  /** The store's server: its service times from stream 1 of {@code seed}, its stalls from 3. */
  Mm1Server server(long seed) {
    Stalls stalls =
        Stalls.parse(stallMs, stallEveryS, stallProcess, new SplittableRandom(Seeds.mix(seed, 3)));
    return new Mm1Server(mu, new SplittableRandom(Seeds.mix(seed, 1)), stalls);
  }

  /** The share allowed over the bound. */
  public double allowance() {
    return 1 - percentile;
  }
}
