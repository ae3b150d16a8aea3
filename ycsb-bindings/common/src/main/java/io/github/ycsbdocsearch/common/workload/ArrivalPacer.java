package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.verify.VerifyMain;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Recorder;

/**
 * Paces a workload's client threads to one JVM-wide {@link ArrivalSchedule} and records how well
 * they kept it.
 *
 * <p>Each operation claims the next arrival and waits for it; the intended start of the operation
 * is the arrival's time, so a late send shows in YCSB's intended latency (no coordinated omission).
 * What is recorded, because a latency curve alone cannot tell a slow store from a client that could
 * not keep the schedule:
 *
 * <ul>
 *   <li>the send lag (send minus arrival, µs) in {@code hdr/SEND_LAG.hlog}, one interval per
 *       second;
 *   <li>in {@code arrivals.json}: the arrivals due before the stop, those sent and not sent, the
 *       late sends, and the largest number of operations in flight at once (all client threads busy
 *       means arrivals queued in the client, not in the store).
 * </ul>
 *
 * <p>Counting rule: an arrival is due when its time is at or before the stop (the first {@link
 * #stopRequested()}, or the end of the run when there was none). A thread reads the clock before it
 * checks for the stop, so every sent arrival is due: {@code sent + unsent == scheduled_due}.
 * Thread-safe.
 */
final class ArrivalPacer {
  static final String LOG_NAME = "SEND_LAG";
  static final String LOG_FILE = "hdr/" + LOG_NAME + ".hlog";
  static final String RESULT_FILE = "arrivals.json";
  static final int FORMAT = 1;

  /** Longest single park: how soon a waiting thread notices a stop. */
  private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private final ArrivalSchedule schedule;
  private final int threads;
  private final Path dir;
  private final Recorder lag = new Recorder(3);
  private final LongAdder sent = new LongAdder();
  private final LongAdder late = new LongAdder();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();

  /** Times of arrivals claimed but given up at a stop: a handful, at most one per thread. */
  private final Queue<Long> abandoned = new ConcurrentLinkedQueue<>();

  private final AtomicBoolean stopSeen = new AtomicBoolean();
  private volatile long stopNanos;
  private volatile long stopEpochMs;
  private HdrIntervalLog log;
  private boolean finished;

  /**
   * @param threads YCSB's client thread count (whether the pool ran out)
   * @param dir where the log and {@code arrivals.json} go: the step folder
   */
  ArrivalPacer(ArrivalConfig config, int threads, Path dir) {
    this.schedule = new ArrivalSchedule(config);
    this.threads = threads;
    this.dir = dir;
  }

  ArrivalSchedule schedule() {
    return schedule;
  }

  /**
   * Claims the next arrival and parks until it is due.
   *
   * @param stop the workload's stop flag, re-checked while waiting
   * @return the arrival to send now, or null when the stop came before it was sent (it is then not
   *     sent)
   */
  ArrivalSchedule.Arrival await(BooleanSupplier stop) {
    ArrivalSchedule.Arrival arrival = schedule.claim();
    if (arrival.index() == 0) {
      startLog();
    }
    while (true) {
      long now = System.nanoTime(); // before the stop check: see the counting rule
      if (stop.getAsBoolean()) {
        abandoned.add(arrival.nanos());
        return null;
      }
      long wait = arrival.nanos() - now;
      if (wait <= 0) {
        return arrival;
      }
      LockSupport.parkNanos(Math.min(wait, MAX_PARK_NANOS));
    }
  }

  /** Call right before sending the arrival's operation; {@link #completed()} must follow. */
  void sending(ArrivalSchedule.Arrival arrival) {
    long lagUs = Math.max(0, System.nanoTime() - arrival.nanos()) / 1000;
    lag.recordValue(lagUs);
    if (lagUs > schedule.config().lagThresholdUs()) {
      late.increment();
    }
    sent.increment();
    int now = inFlight.incrementAndGet();
    maxInFlight.accumulateAndGet(now, Math::max);
  }

  /** The operation of a {@link #sending} arrival returned. */
  void completed() {
    inFlight.decrementAndGet();
  }

  /** Notes the first stop request's instant; call after the workload's stop flag is set. */
  void stopRequested() {
    if (stopSeen.compareAndSet(false, true)) {
      stopNanos = System.nanoTime();
      stopEpochMs = System.currentTimeMillis();
    }
  }

  private synchronized void startLog() {
    if (log != null || finished) {
      return;
    }
    try {
      log = HdrIntervalLog.start(dir.resolve(LOG_FILE), LOG_NAME, lag, schedule.startEpochMs());
    } catch (IOException e) {
      throw new SetupException("cannot write " + dir.resolve(LOG_FILE) + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes the last log interval and {@code arrivals.json}; once, after the client threads ended.
   * Nothing is written when no arrival was ever claimed (a load phase, say).
   */
  synchronized void finish() {
    if (finished) {
      return;
    }
    finished = true;
    if (!schedule.started()) {
      return;
    }
    if (log != null) {
      log.close();
    }
    VerifyMain.writeJson(summary(), dir.resolve(RESULT_FILE));
  }

  /**
   * The content of {@code arrivals.json}; passes over the arrivals due but never claimed (call
   * once).
   */
  Map<String, Object> summary() {
    boolean stopped = stopSeen.get();
    long cutoff = stopped ? stopNanos : System.nanoTime();
    long claimedAfterCutoff = abandoned.stream().filter(t -> t > cutoff).count();
    long due = schedule.claimed() - claimedAfterCutoff + schedule.skipDue(cutoff);
    long sentCount = sent.sum();
    ArrivalConfig config = schedule.config();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("format", FORMAT);
    out.put("process", config.process().label());
    out.put("rate_ops", config.rateOps());
    out.put("seed", config.seed());
    out.put("ramp_s", config.rampS());
    out.put("threads", threads);
    out.put("start_epoch_ms", schedule.startEpochMs());
    out.put("stop_epoch_ms", stopped ? stopEpochMs : null);
    out.put("scheduled_due", due);
    out.put("sent", sentCount);
    out.put("unsent", Math.max(0, due - sentCount));
    out.put("late", late.sum());
    out.put("lag_threshold_us", config.lagThresholdUs());
    out.put("max_in_flight", maxInFlight.get());
    out.put("pool_exhausted", maxInFlight.get() >= threads);
    return out;
  }
}
