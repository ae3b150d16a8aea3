package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.resultsformat.Arrivals;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Recorder;

/**
 * Paces a workload's client threads to one JVM-wide {@link ArrivalSchedule} and records how well
 * they kept it.
 *
 * <p>Each operation takes the next arrival once it is due; the intended start of the operation is
 * the arrival's time, so a late send shows in YCSB's intended latency (no coordinated omission).
 * What is recorded, because a latency curve alone cannot tell a slow store from a client that could
 * not keep the schedule:
 *
 * <ul>
 *   <li>the send lag (send minus arrival, µs) in {@code hdr/SEND_LAG.hlog}, one interval per
 *       second;
 *   <li>the requests in flight at each send, this one included, in {@code hdr/IN_FLIGHT.hlog}, in
 *       the same layout and on the same interval boundaries: an interval whose maximum reaches the
 *       thread count had every thread busy at some moment;
 *   <li>in {@code arrivals.json}: the arrivals due before the stop, those sent and not sent, the
 *       late sends, and the largest number of operations in flight at once (all client threads busy
 *       means arrivals queued in the client, not in the store);
 *   <li>in {@code pool.json} ({@link PoolRecorder}), per wall-clock second: the threads busy (mean
 *       and most) and the arrivals due and not yet sent (mean), exact, also in a second without a
 *       send (a pool stuck on a dead server): what a fault does to the client, second by second. It
 *       costs a clock reading at each return and a few atomic additions per request.
 * </ul>
 *
 * <p>Who waits: up to {@link #DEFAULT_HOLDERS} free threads at a time each hold the next arrival
 * not yet held (arrivals are held in order) and park until it is due; a thread back from a request
 * takes the next arrival at once when it is already due, else holds the next one when fewer than
 * that many do, else parks without a timeout. A holder that sends the last held arrival wakes a
 * thread parked without a timeout, which holds the next: while there are free threads, the next
 * arrival is always timed by one of them, so a slow request never delays another. With requests
 * faster than the gaps between arrivals, the threads back from requests keep the holders topped up
 * and a request costs one timed wake-up, with no hand-off; a few recently used threads do nearly
 * all the work and the rest of a large pool costs nothing. When every thread is busy no one waits,
 * and the first thread back takes the arrivals due since.
 *
 * <p>Counting rule: an arrival is due when its time is at or before the stop (the first {@link
 * #stopRequested()}, or the end of the run when there was none). A thread reads the clock before it
 * checks for the stop and sends an arrival only when that reading has reached it, so every sent
 * arrival is due: {@code sent + unsent == scheduled_due}, where the arrivals held at the stop count
 * as due when their time was at or before it. Thread-safe.
 */
final class ArrivalPacer {
  static final String LOG_FILE = RunLayout.HDR_DIR + "/" + RunLayout.SEND_LAG_LOG;
  static final String IN_FLIGHT_FILE = RunLayout.HDR_DIR + "/" + RunLayout.IN_FLIGHT_LOG;

  /** Significant digits of the in-flight counts: exact up to 2,047 threads. */
  private static final int IN_FLIGHT_DIGITS = 3;

  /**
   * How many free threads hold an arrival at most. One would hand the lead over at every send (a
   * second wake-up per request); two already let the thread back from a request top the holders up
   * before the next arrival in the common case.
   */
  static final int DEFAULT_HOLDERS = 2;

  /** A client thread's place among the waiters; its fields are guarded by {@link #lock}. */
  private static final class Waiter {
    private final Thread thread = Thread.currentThread();

    /** Made on the thread's first wait: from then on its timed waits end when due. */
    Waiter() {
      TimerSlack.set(TimerSlack.NANOS);
    }

    /** The arrival this thread holds and parks until, or null. */
    private ArrivalSchedule.Arrival held;

    /**
     * Parked without a timeout in {@link #idle} until woken to hold the next arrival, or the stop.
     */
    private boolean idle;
  }

  private final ArrivalSchedule schedule;
  private final int threads;
  private final int maxHolders;
  private final Path dir;
  private final Recorder lag = new Recorder(3);
  private final Recorder inFlightCounts = new Recorder(IN_FLIGHT_DIGITS);
  private final LongAdder sent = new LongAdder();
  private final LongAdder late = new LongAdder();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();

  private final ThreadLocal<Waiter> waiters = ThreadLocal.withInitial(Waiter::new);
  private final Object lock = new Object();

  /** Threads parked without a timeout, the one that parked last first (the likeliest cached). */
  private final ArrayDeque<Waiter> idle = new ArrayDeque<>();

  /** Threads holding an arrival; guarded by lock. */
  private final List<Waiter> holders = new ArrayList<>();

  /** Times of arrivals held but given up at a stop: a handful, at most one per holder. */
  private final List<Long> abandoned = new ArrayList<>();

  /**
   * Made under {@link #lock} when the schedule starts; every thread that sends has taken the lock
   * since (in {@link #await}), so it sees the recorder. Null before.
   */
  private PoolRecorder pool;

  /** The first stop request, or null. */
  private final AtomicReference<ArrivalSchedule.Moment> stopAt = new AtomicReference<>();

  private HdrIntervalLog log;
  private boolean finished;

  /**
   * @param threads YCSB's client thread count (whether the pool ran out)
   * @param dir where the logs and {@code arrivals.json} go: the step folder
   * @param maxHolders how many free threads hold an arrival at most, {@link #DEFAULT_HOLDERS} but
   *     in tests (1 is a plain leader and followers)
   */
  ArrivalPacer(ArrivalConfig config, int threads, Path dir, int maxHolders) {
    this.schedule = new ArrivalSchedule(config);
    this.threads = threads;
    this.dir = dir;
    this.maxHolders = maxHolders;
  }

  ArrivalSchedule schedule() {
    return schedule;
  }

  /**
   * Waits until an arrival is due and takes it (see the class comment for who waits).
   *
   * @param stop the workload's stop flag, checked at every wake-up; a parked thread sees it when
   *     {@link #stopRequested()} wakes it
   * @return the arrival to send now, or null when the stop came first (an arrival this thread held
   *     is then not sent)
   */
  ArrivalSchedule.Arrival await(BooleanSupplier stop) {
    Waiter me = waiters.get();
    while (true) {
      long now = System.nanoTime(); // before the stop check: see the counting rule
      long wait = 0; // 0: park until woken
      Waiter woken = null;
      ArrivalSchedule.Arrival arrival = null;
      synchronized (lock) {
        if (stop.getAsBoolean()) {
          leave(me);
          return null;
        }
        if (me.held != null) {
          if (me.held.nanos() <= now) {
            arrival = me.held;
            me.held = null;
            holders.remove(me);
          } else {
            wait = me.held.nanos() - now; // woken early: park on
          }
        } else if (!me.idle) { // else woken for nothing (park may return spuriously): still idle
          long due = schedule.peekNanos(now);
          if (due <= now) {
            arrival = schedule.claim(now);
          } else if (holders.size() < maxHolders) {
            me.held = schedule.claim(now);
            holders.add(me);
            wait = due - now;
          } else {
            me.idle = true;
            idle.push(me);
          }
        }
        if (pool == null && schedule.start() != null) {
          pool = new PoolRecorder(schedule.start().nanos(), schedule.start().epochMs());
        }
        if (arrival != null && holders.isEmpty()) {
          // No one times the next arrival while this one is in flight: a parked thread will.
          woken = idle.poll();
          if (woken != null) {
            woken.idle = false;
          }
        }
      }
      if (arrival != null) {
        if (woken != null) {
          LockSupport.unpark(woken.thread);
        }
        if (arrival.index() == 0) {
          startLog();
        }
        return arrival;
      }
      if (wait > 0) {
        LockSupport.parkNanos(this, wait);
      } else {
        LockSupport.park(this);
      }
    }
  }

  /** Gives up what a thread that saw the stop held or waited for; under the lock. */
  private void leave(Waiter me) {
    if (me.held != null) {
      abandoned.add(me.held.nanos());
      me.held = null;
      holders.remove(me);
    }
    if (me.idle) {
      me.idle = false;
      idle.remove(me);
    }
  }

  /** Call right before sending the arrival's operation; {@link #completed()} must follow. */
  void sending(ArrivalSchedule.Arrival arrival) {
    long now = System.nanoTime();
    long lagUs = Math.max(0, now - arrival.nanos()) / 1000;
    lag.recordValue(lagUs);
    if (lagUs > schedule.config().lagThresholdUs()) {
      late.increment();
    }
    sent.increment();
    int busy = inFlight.incrementAndGet();
    inFlightCounts.recordValue(busy);
    if (busy > maxInFlight.get()) {
      maxInFlight.accumulateAndGet(busy, Math::max);
    }
    pool.sent(arrival.nanos(), now, busy);
  }

  /** The operation of a {@link #sending} arrival returned. */
  void completed() {
    pool.completed(System.nanoTime());
    inFlight.decrementAndGet();
  }

  /**
   * Notes the first stop request's instant and wakes every waiting thread; call after the
   * workload's stop flag is set (see the counting rule).
   */
  void stopRequested() {
    stopAt.compareAndSet(null, ArrivalSchedule.Moment.now());
    List<Thread> waiting = new ArrayList<>();
    synchronized (lock) {
      for (Waiter w : idle) {
        w.idle = false;
        waiting.add(w.thread);
      }
      idle.clear();
      holders.forEach(w -> waiting.add(w.thread));
    }
    waiting.forEach(LockSupport::unpark);
  }

  private synchronized void startLog() {
    if (log != null || finished) {
      return;
    }
    try {
      log =
          HdrIntervalLog.start(
              List.of(
                  new HdrIntervalLog.Target(
                      dir.resolve(LOG_FILE),
                      RunLayout.SEND_LAG,
                      lag,
                      HdrIntervalLog.LATENCY_MAX_RATIO),
                  new HdrIntervalLog.Target(
                      dir.resolve(IN_FLIGHT_FILE), RunLayout.IN_FLIGHT, inFlightCounts, 1)),
              schedule.start().epochMs());
    } catch (IOException e) {
      throw new SetupException(
          "cannot write " + dir.resolve(RunLayout.HDR_DIR) + ": " + e.getMessage(), e);
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
    if (schedule.start() == null) {
      return;
    }
    if (log != null) {
      log.close();
    }
    summary().writeTo(dir); // first: it adds the waits of the arrivals never sent to the pool's
    AtomicFiles.writeJson(
        dir.resolve(RunLayout.POOL), pool.finish(System.nanoTime(), inFlight.get(), threads));
  }

  /**
   * The content of {@code arrivals.json}; passes over the arrivals due but never held, and adds the
   * waits of every arrival due and never sent to the pool's record (call once).
   */
  Arrivals summary() {
    ArrivalSchedule.Moment stop = stopAt.get();
    long cutoff = stop != null ? stop.nanos() : System.nanoTime();
    long claimedAfterCutoff;
    synchronized (lock) {
      // Held and never sent: given up at the stop, or still held by a thread that never woke.
      List<Long> unsentHeld = new ArrayList<>(abandoned);
      holders.forEach(w -> unsentHeld.add(w.held.nanos()));
      claimedAfterCutoff = unsentHeld.stream().filter(t -> t > cutoff).count();
      unsentHeld.forEach(t -> pool.unsent(t, cutoff));
    }
    long due =
        schedule.claimed()
            - claimedAfterCutoff
            + schedule.skipDue(cutoff, t -> pool.unsent(t, cutoff));
    long sentCount = sent.sum();
    ArrivalConfig config = schedule.config();
    return new Arrivals(
        Arrivals.FORMAT,
        config.process().label(),
        config.rateOps(),
        config.seed(),
        config.rampS(),
        threads,
        schedule.start().epochMs(),
        stop != null ? stop.epochMs() : null,
        due,
        sentCount,
        Math.max(0, due - sentCount),
        late.sum(),
        config.lagThresholdUs(),
        maxInFlight.get(),
        maxInFlight.get() >= threads);
  }
}
