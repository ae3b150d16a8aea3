package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.Exponential;
import io.github.ycsbdocsearch.common.data.Seeds;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * One open-loop arrival schedule for the whole JVM, shared by every client thread (as wrk2 or
 * MLPerf LoadGen's server scenario do), instead of YCSB's {@code -target}, which gives each thread
 * its own periodic schedule: with per-thread schedules a thread stuck on a slow operation delays
 * only its own arrivals and the offered load is neither Poisson nor, under stalls, the configured
 * rate.
 *
 * <p>The schedule starts at the first {@link #claim} (or {@link #peekNanos}): {@code t0} is that
 * call's {@code System.nanoTime()}, and arrival {@code k} is due at {@code t0} plus the sum of the
 * first {@code k} gaps. The gaps are exponential with mean {@code 1/rate} ({@code poisson}) or
 * exactly {@code 1/rate} ({@code uniform}: arrival {@code k} at {@code t0 + round(k / rate)}, so
 * rounding never accumulates). Poisson gaps come from a generator seeded from {@code
 * docsearch.arrivals.seed}, so a given seed always gives the same sequence. Offsets are summed as
 * doubles of nanoseconds: exact to well under a nanosecond for any run shorter than weeks.
 *
 * <p>With a ramp of {@code R} seconds ({@link ArrivalConfig#rampS}) the rate rises linearly from 0
 * to the full rate over the first {@code R} seconds: the full-rate schedule's offset {@code u} is
 * due at {@code sqrt(2Ru)} while {@code u <= R/2} and at {@code u + R/2} after, the inverse of the
 * ramp's cumulative rate. So the arrivals after the ramp are exactly the full-rate schedule shifted
 * by {@code R/2}: the measured window, after the ramp, sees the configured process unchanged.
 *
 * <p>Thread-safe: claims are serialised by the object's lock, which only draws one number (cheap
 * well beyond 200,000 arrivals per second).
 */
public final class ArrivalSchedule {
  /** Decorrelates the arrival stream from the other streams derived from the same seed. */
  private static final long STREAM = 0xA221_7A15L;

  private static final double NANOS_PER_SECOND = 1e9;

  /** One arrival: its index from 0 and when it is due, in {@code System.nanoTime()} units. */
  public record Arrival(long index, long nanos) {}

  /** An instant on both clocks, read together: {@code System.nanoTime()} and epoch ms. */
  public record Moment(long nanos, long epochMs) {
    static Moment now() {
      return new Moment(System.nanoTime(), System.currentTimeMillis());
    }
  }

  private final ArrivalConfig config;
  private final SplittableRandom gaps;
  private final double periodNanos;
  private final double rampNanos;

  /** t0, or null before the first claim. */
  private Moment start;

  /** The index the next claim hands out. */
  private long next;

  /** Offset of arrival {@link #next} from t0, in nanoseconds. */
  private double nextOffsetNanos;

  /** A schedule that starts at its first claim; the configuration must pace (rate > 0). */
  public ArrivalSchedule(ArrivalConfig config) {
    if (!config.paced()) {
      throw new IllegalArgumentException(
          "an arrival schedule needs a rate > 0, not " + config.rateOps());
    }
    this.config = config;
    this.gaps = new SplittableRandom(Seeds.mix(config.seed(), STREAM));
    this.periodNanos = NANOS_PER_SECOND / config.rateOps();
    this.rampNanos = config.rampS() * NANOS_PER_SECOND;
  }

  public ArrivalConfig config() {
    return config;
  }

  /**
   * Hands out the next arrival; {@code nowNanos} only matters for the first claim, which makes it
   * t0 (tests and simulations run the schedule on a virtual clock, without waiting).
   */
  public synchronized Arrival claim(long nowNanos) {
    startAt(nowNanos);
    Arrival arrival = new Arrival(next, nextDueNanos());
    advance();
    return arrival;
  }

  /**
   * When the next {@link #claim} is due, without handing it out: lets a pacer hand an arrival out
   * only once it is due. Like a claim, the first call starts the schedule at {@code nowNanos}.
   */
  public synchronized long peekNanos(long nowNanos) {
    startAt(nowNanos);
    return nextDueNanos();
  }

  private void startAt(long nowNanos) {
    if (start == null) {
      start = new Moment(nowNanos, System.currentTimeMillis());
    }
  }

  /** When arrival {@link #next} is due: its full-rate offset, through the ramp. */
  private long nextDueNanos() {
    double u = nextOffsetNanos;
    return start.nanos()
        + Math.round(u < rampNanos / 2 ? Math.sqrt(2 * rampNanos * u) : u + rampNanos / 2);
  }

  private void advance() {
    next++;
    nextOffsetNanos =
        config.process() == ArrivalConfig.Process.UNIFORM
            ? next * periodNanos
            : nextOffsetNanos + Exponential.seconds(gaps, config.rateOps()) * NANOS_PER_SECOND;
  }

  /**
   * Passes over every arrival not claimed yet that is due at or before {@code cutoffNanos}, and
   * returns how many there were: the arrivals no client thread was free to take before the run
   * ended, telling {@code due} when each was due. They are consumed: call this once the claims are
   * over. 0 when the schedule never started.
   */
  public synchronized long skipDue(long cutoffNanos, LongConsumer due) {
    long skipped = 0;
    while (start != null && nextDueNanos() <= cutoffNanos) {
      due.accept(nextDueNanos());
      advance();
      skipped++;
    }
    return skipped;
  }

  /** Arrivals handed out (or skipped) so far. */
  public synchronized long claimed() {
    return next;
  }

  /** t0 on both clocks, or null before the first claim. */
  public synchronized Moment start() {
    return start;
  }
}
