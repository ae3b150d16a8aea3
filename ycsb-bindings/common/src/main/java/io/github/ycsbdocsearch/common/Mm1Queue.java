package io.github.ycsbdocsearch.common;

import java.util.SplittableRandom;

/**
 * The arithmetic of one first-come-first-served server with exponentially distributed service times: the queue
 * behind {@link Mm1DB}, kept free of clocks and sleeping so it can be checked on a virtual clock against M/M/1
 * theory (under Poisson arrivals at rate λ &lt; μ the time from arrival to completion is exponential with rate
 * μ − λ).
 *
 * <p>Thread-safe: admissions are serialised by the object's lock, which is the FIFO order.
 */
public final class Mm1Queue {
  private final double serviceRate;
  private final SplittableRandom service;
  /** When the server finishes the work admitted so far; nothing admitted yet means idle since forever. */
  private long busyUntil = Long.MIN_VALUE;

  /**
   * @param serviceRate μ, completions per second of a busy server (&gt; 0)
   * @param service     the generator of service times (seeded by the caller, for reproducible runs)
   */
  public Mm1Queue(double serviceRate, SplittableRandom service) {
    if (!(serviceRate > 0 && serviceRate < Double.POSITIVE_INFINITY)) {
      throw new IllegalArgumentException("service rate must be a finite number > 0, not " + serviceRate);
    }
    this.serviceRate = serviceRate;
    this.service = service;
  }

  public double serviceRate() {
    return serviceRate;
  }

  /**
   * Queues one request arriving at {@code arrivalNanos}: its service starts when both it has arrived and the server
   * is free, and lasts an exponential draw of mean 1/μ.
   *
   * @return when the request completes, on the same clock as the arrival
   */
  public synchronized long admit(long arrivalNanos) {
    long start = Math.max(arrivalNanos, busyUntil);
    busyUntil = start + Math.round(Exponential.seconds(service, serviceRate) * 1e9);
    return busyUntil;
  }
}
