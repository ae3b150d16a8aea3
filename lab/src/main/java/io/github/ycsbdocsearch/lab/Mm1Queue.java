package io.github.ycsbdocsearch.lab;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The queue behind {@link Mm1DB}: one {@link Mm1Server} shared by the client threads, kept free of
 * clocks and sleeping so it can be checked on a virtual clock against M/M/1 theory (under Poisson
 * arrivals at rate λ &lt; μ the time from arrival to completion is exponential with rate μ − λ). It
 * keeps the gaps between the arrivals it saw (the first {@value #MAX_GAPS}), so a run can check
 * that the client really sent a Poisson stream: the known answer holds only for one.
 *
 * <p>Thread-safe: admissions are serialised by the object's lock, which is the FIFO order.
 */
public final class Mm1Queue {
  private final Mm1Server server;

  /** Gaps kept at most: 16 MB, over half an hour at 1,000 arrivals a second. */
  static final int MAX_GAPS = 1 << 21;

  private long lastArrival;
  private boolean arrived;
  private long[] gaps = new long[1024];
  private int gapCount;

  /**
   * @param serviceRate μ, completions per second of a busy server (&gt; 0)
   * @param service the generator of service times (seeded by the caller, for reproducible runs)
   * @param stalls when the server pauses ({@link Stalls#NONE}: never)
   */
  public Mm1Queue(double serviceRate, SplittableRandom service, Stalls stalls) {
    this.server = new Mm1Server(serviceRate, service, stalls);
  }

  public double serviceRate() {
    return server.serviceRate();
  }

  /** Whether the server ever pauses. */
  public boolean stalls() {
    return server.stalls().any();
  }

  /** The starts of the server's stalls in {@code [fromNanos, toNanos)}, on its clock. */
  public synchronized long[] stallStartsIn(long fromNanos, long toNanos) {
    return server.stalls().startsIn(fromNanos, toNanos);
  }

  /**
   * Queues one request arriving at {@code arrivalNanos}: its service starts when both it has
   * arrived and the server is free, and takes an exponential draw of mean 1/μ of working time
   * ({@link Mm1Server#admit}).
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
    return server.admit(arrivalNanos);
  }

  /** The gaps between consecutive arrivals so far, nanoseconds, in arrival order. */
  public synchronized long[] gapsNanos() {
    return Arrays.copyOf(gaps, gapCount);
  }
}
