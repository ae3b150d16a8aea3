package io.github.ycsbdocsearch.common;

import java.util.SplittableRandom;

/**
 * Exponentially distributed draws by inversion. One place for the formula both the arrival schedule
 * (Poisson inter-arrival gaps) and the simulated M/M/1 server (service times) use, so the two
 * cannot drift apart.
 */
public final class Exponential {
  private Exponential() {}

  /**
   * One draw, in seconds, of an exponential distribution with the given rate per second (mean
   * 1/rate). {@code 1 - U} lies in (0, 1], so the logarithm is finite.
   */
  public static double seconds(SplittableRandom random, double ratePerSecond) {
    return -Math.log1p(-random.nextDouble()) / ratePerSecond;
  }
}
