package io.github.ycsbdocsearch.common;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The arithmetic of one first-come-first-served server with exponentially distributed service
 * times: the queue behind {@link Mm1DB}, kept free of clocks and sleeping so it can be checked on a
 * virtual clock against M/M/1 theory (under Poisson arrivals at rate λ &lt; μ the time from arrival
 * to completion is exponential with rate μ − λ). It keeps the gaps between the arrivals it saw (the
 * first {@value #MAX_GAPS}), so a run can check that the client really sent a Poisson stream: the
 * known answer holds only for one.
 *
 * <p>Thread-safe: admissions are serialised by the object's lock, which is the FIFO order.
 */
public final class Mm1Queue {
  private final double serviceRate;
  private final SplittableRandom service;

  /**
   * When the server finishes the work admitted so far; nothing admitted yet means idle since
   * forever.
   */
  private long busyUntil = Long.MIN_VALUE;

  /** Gaps kept at most: 16 MB, over half an hour at 1,000 arrivals a second. */
  static final int MAX_GAPS = 1 << 21;

  private long lastArrival;
  private boolean arrived;
  private long[] gaps = new long[1024];
  private int gapCount;

  /**
   * @param serviceRate μ, completions per second of a busy server (&gt; 0)
   * @param service the generator of service times (seeded by the caller, for reproducible runs)
   */
  public Mm1Queue(double serviceRate, SplittableRandom service) {
    if (!(serviceRate > 0 && serviceRate < Double.POSITIVE_INFINITY)) {
      throw new IllegalArgumentException(
          "service rate must be a finite number > 0, not " + serviceRate);
    }
    this.serviceRate = serviceRate;
    this.service = service;
  }

  public double serviceRate() {
    return serviceRate;
  }

  /**
   * Queues one request arriving at {@code arrivalNanos}: its service starts when both it has
   * arrived and the server is free, and lasts an exponential draw of mean 1/μ.
   *
   * @return when the request completes, on the same clock as the arrival
   */
  public synchronized long admit(long arrivalNanos) {
    if (arrived && gapCount < MAX_GAPS) {
      if (gapCount == gaps.length) {
        gaps = Arrays.copyOf(gaps, Math.min(MAX_GAPS, 2 * gaps.length));
      }
      gaps[gapCount++] = arrivalNanos - lastArrival;
    }
    arrived = true;
    lastArrival = arrivalNanos;
    long start = Math.max(arrivalNanos, busyUntil);
    busyUntil = start + Math.round(Exponential.seconds(service, serviceRate) * 1e9);
    return busyUntil;
  }

  /** The gaps between consecutive arrivals so far, nanoseconds, in arrival order. */
  public synchronized long[] gapsNanos() {
    return Arrays.copyOf(gaps, gapCount);
  }
}
