package io.github.ycsbdocsearch.lab;

import io.github.ycsbdocsearch.common.Exponential;
import java.util.SplittableRandom;

/**
 * One first-come-first-served server with exponentially distributed service times, which makes no
 * progress while it {@link Stalls stalls}: the arithmetic behind the simulated store ({@link
 * Mm1Queue}, {@link Mm1DB}) and the capacity search's simulated clock, free of clocks and locks.
 * Without stalls, under Poisson arrivals at rate λ &lt; μ, the time from arrival to completion is
 * exponential with rate μ − λ. Not thread-safe (see {@link Mm1Queue}).
 */
public final class Mm1Server {
  private final double serviceRate;
  private final SplittableRandom service;
  private final Stalls stalls;

  /** When the server finishes the work admitted so far (none admitted yet: idle since forever). */
  private long busyUntil = Long.MIN_VALUE;

  /**
   * @param serviceRate μ, completions per second of a busy server (&gt; 0)
   * @param service the generator of service times (seeded by the caller, for reproducible runs)
   * @param stalls when the server pauses ({@link Stalls#NONE}: never)
   */
  public Mm1Server(double serviceRate, SplittableRandom service, Stalls stalls) {
    if (!(serviceRate > 0 && serviceRate < Double.POSITIVE_INFINITY)) {
      throw new IllegalArgumentException(
          "service rate must be a finite number > 0, not " + serviceRate);
    }
    this.serviceRate = serviceRate;
    this.service = service;
    this.stalls = stalls;
  }

  public double serviceRate() {
    return serviceRate;
  }

  public Stalls stalls() {
    return stalls;
  }

  /**
   * Queues one request arriving at {@code arrivalNanos} (non-decreasing from call to call): its
   * service starts when both it has arrived and the server is free, and takes an exponential draw
   * of mean 1/μ of the server's working time.
   *
   * @return when the request completes, on the same clock as the arrival
   */
  public long admit(long arrivalNanos) {
    long start = Math.max(arrivalNanos, busyUntil);
    busyUntil = stalls.finish(start, Math.round(Exponential.seconds(service, serviceRate) * 1e9));
    return busyUntil;
  }
}
