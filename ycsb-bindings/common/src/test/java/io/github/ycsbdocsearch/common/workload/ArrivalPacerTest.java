package io.github.ycsbdocsearch.common.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.PoolOccupancy;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The pacer driven by real threads, as YCSB's client threads drive it through the workload. Only
 * orders, counts and generous time bounds are checked (the machine is shared): a design that lets
 * one request hold up the next arrival, loses count of one, or leaves a parked thread asleep at the
 * stop fails by seconds or by a count, not by microseconds.
 */
class ArrivalPacerTest {
  private static final long WAIT_S = 20;

  @TempDir Path dir;

  private final AtomicBoolean stop = new AtomicBoolean();

  private ArrivalPacer pacer(double rate, ArrivalConfig.Process process, int threads, int holders) {
    return new ArrivalPacer(
        new ArrivalConfig(rate, process, 7, ArrivalConfig.LAG_THRESHOLD_US_DEFAULT),
        threads,
        dir,
        holders);
  }

  /** Client threads that send what the pacer hands them and run {@code request} on it. */
  private static final class Clients {
    private final List<Thread> threads = new ArrayList<>();
    private final List<Throwable> failures = new ArrayList<>();

    Clients(
        int n, ArrivalPacer pacer, AtomicBoolean stop, Consumer<ArrivalSchedule.Arrival> request) {
      for (int i = 0; i < n; i++) {
        Thread t =
            new Thread(
                () -> {
                  for (ArrivalSchedule.Arrival a = pacer.await(stop::get);
                      a != null;
                      a = pacer.await(stop::get)) {
                    pacer.sending(a);
                    try {
                      request.accept(a);
                    } finally {
                      pacer.completed();
                    }
                  }
                },
                "client-" + i);
        t.setUncaughtExceptionHandler((th, e) -> record(e));
        threads.add(t);
      }
      threads.forEach(Thread::start);
    }

    private synchronized void record(Throwable e) {
      failures.add(e);
    }

    /** Sets the stop as the workload does (flag, then the pacer) and waits for every thread. */
    long stopAndJoin(ArrivalPacer pacer, AtomicBoolean stop) throws InterruptedException {
      stop.set(true);
      pacer.stopRequested();
      long start = System.nanoTime();
      for (Thread t : threads) {
        t.join(TimeUnit.SECONDS.toMillis(WAIT_S));
        assertFalse(t.isAlive(), t.getName() + " still runs " + WAIT_S + " s after the stop");
      }
      synchronized (this) {
        assertTrue(failures.isEmpty(), failures.toString());
      }
      return System.nanoTime() - start;
    }

    /** Waits until every thread is parked (waiting for an arrival or for the lead). */
    void awaitAllParked() throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_S);
      while (!threads.stream()
          .allMatch(
              t ->
                  t.getState() == Thread.State.WAITING
                      || t.getState() == Thread.State.TIMED_WAITING)) {
        assertTrue(System.nanoTime() < deadline, "the client threads never all parked");
        Thread.sleep(5);
      }
    }
  }

  private JsonNode finish(ArrivalPacer pacer) throws Exception {
    pacer.finish();
    return new ObjectMapper().readTree(dir.resolve(RunLayout.ARRIVALS).toFile());
  }

  /**
   * The requests of arrivals 1 to {@code holders} never return until the end, so every thread that
   * held an arrival is stuck in a request; the two threads left must go on sending the arrivals
   * after them, each from its own due time: one of them has to be woken to time the next arrival.
   */
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 8})
  void blockedRequestsDoNotDelayTheArrivalsAfterThem(int holders) throws Exception {
    int threads = holders + 2;
    ArrivalPacer pacer = pacer(200, ArrivalConfig.Process.UNIFORM, threads, holders);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch twenty = new CountDownLatch(20);
    AtomicLong worstLagNanos = new AtomicLong();
    Clients clients =
        new Clients(
            threads,
            pacer,
            stop,
            a -> {
              if (a.index() >= 1 && a.index() <= holders) {
                awaitQuietly(release);
              } else if (a.index() > holders && a.index() <= holders + 20) {
                worstLagNanos.accumulateAndGet(System.nanoTime() - a.nanos(), Math::max);
                twenty.countDown();
              }
            });
    try {
      assertTrue(
          twenty.await(WAIT_S, TimeUnit.SECONDS),
          "the 20 arrivals (5 ms apart) after the blocked ones were not all sent while those were"
              + " in flight");
      // A design that queued them behind the blocked requests would have sent none by now; this
      // bound only catches that, with room for a busy machine.
      assertTrue(
          worstLagNanos.get() < TimeUnit.SECONDS.toNanos(2),
          "worst send lag " + worstLagNanos.get() / 1000 + " us");
    } finally {
      release.countDown();
      clients.stopAndJoin(pacer, stop);
    }
    JsonNode j = finish(pacer);
    assertEquals(
        j.get("scheduled_due").asLong(), j.get("sent").asLong() + j.get("unsent").asLong());
    int most = j.get("max_in_flight").asInt();
    assertTrue(most > holders && most <= threads, "the blocked ones and more: " + most);
  }

  /**
   * Every thread stuck in a request for three seconds at 1,000 uniform arrivals a second, as when a
   * server dies under the load: pool.json must show, in each second wholly inside the stall, the
   * pool full (busy exactly threads x 1 s, most = threads) although no request was sent in it, and
   * exactly 1,000 more arrivals waiting throughout each such second than throughout the one before
   * (arrival k is due at exactly k ms, and none is sent while the pool is stuck).
   */
  @Test
  void aStuckPoolIsRecordedExactlyInTheSecondsWithoutASend() throws Exception {
    int threads = 4;
    ArrivalPacer pacer =
        pacer(1000, ArrivalConfig.Process.UNIFORM, threads, ArrivalPacer.DEFAULT_HOLDERS);
    CountDownLatch allIn = new CountDownLatch(threads);
    CountDownLatch release = new CountDownLatch(1);
    Clients clients =
        new Clients(
            threads,
            pacer,
            stop,
            a -> {
              allIn.countDown();
              awaitQuietly(release);
            });
    long stuckFrom;
    long stuckTo;
    try {
      assertTrue(allIn.await(WAIT_S, TimeUnit.SECONDS), "the first requests were never sent");
      stuckFrom = System.nanoTime(); // every thread has sent (its send instant is before this)
      Thread.sleep(3_100);
      stuckTo = System.nanoTime(); // none has returned (the release comes after)
    } finally {
      release.countDown();
    }
    Thread.sleep(100); // the backlog goes out
    clients.stopAndJoin(pacer, stop);
    pacer.finish();
    PoolOccupancy pool = Json.read(dir.resolve(RunLayout.POOL), PoolOccupancy.class);

    assertEquals(threads, pool.threads());
    // Second i of the file starts at this nanoTime: the epoch seconds mapped at the schedule's
    // start, as the file's start_epoch_ms says.
    long t0 = pacer.schedule().start().nanos();
    List<Integer> stuck = new ArrayList<>();
    for (int i = 0; i < pool.seconds(); i++) {
      long from = t0 + ((pool.firstEpochS() + i) * 1000 - pool.startEpochMs()) * 1_000_000;
      if (from >= stuckFrom && from + 1_000_000_000 <= stuckTo) {
        stuck.add(i);
      }
    }
    assertTrue(stuck.size() >= 2, "3.1 s hold two whole seconds: " + stuck);
    for (int i : stuck) {
      assertEquals(threads * 1_000_000_000L, pool.busyNs()[i], "second " + i + " all busy");
      assertEquals(threads, pool.busyMax()[i], "second " + i + "'s most");
    }
    for (int k = 1; k < stuck.size(); k++) {
      int i = stuck.get(k);
      assertEquals(
          1000 * 1_000_000_000L,
          pool.waitingNs()[i] - pool.waitingNs()[i - 1],
          "second " + i + " waits 1,000 arrivals more than the one before");
    }
    for (int i = 0; i < pool.seconds(); i++) {
      assertTrue(pool.busyMax()[i] <= threads, "never more busy than threads");
      assertTrue(pool.busyNs()[i] <= threads * 1_000_000_000L);
    }
  }

  /**
   * The counting rule, both when every thread is stuck in a request at the stop (due arrivals
   * nobody could take: unsent) and when free threads hold arrivals past the stop (not due).
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void everyDueArrivalIsEitherSentOrCountedUnsent(boolean requestsBlock) throws Exception {
    ArrivalPacer pacer =
        pacer(1000, ArrivalConfig.Process.UNIFORM, 2, ArrivalPacer.DEFAULT_HOLDERS);
    CountDownLatch release = new CountDownLatch(1);
    Clients clients =
        new Clients(
            2,
            pacer,
            stop,
            a -> {
              if (requestsBlock) {
                awaitQuietly(release);
              }
            });
    // 60 ms from the schedule's start, not from here: the client threads may start late on a
    // loaded machine, and the arrivals due are counted from the start.
    while (pacer.schedule().start() == null) {
      Thread.sleep(1);
    }
    long t0 = pacer.schedule().start().nanos();
    while (System.nanoTime() < t0 + 60_000_000L) {
      Thread.sleep(1);
    }
    long before = System.nanoTime();
    stop.set(true);
    pacer.stopRequested();
    long after = System.nanoTime();
    release.countDown();
    clients.stopAndJoin(pacer, stop);
    JsonNode j = finish(pacer);

    // Arrival k is due at t0 + k ms: those at or before the stop's instant are due.
    long dueAtLeast = (before - t0) / 1_000_000 + 1;
    long dueAtMost = (after - t0) / 1_000_000 + 1;
    long due = j.get("scheduled_due").asLong();
    long sent = j.get("sent").asLong();
    assertTrue(
        due >= dueAtLeast && due <= dueAtMost,
        "scheduled_due " + due + ", expected " + dueAtLeast + ".." + dueAtMost);
    assertEquals(due, sent + j.get("unsent").asLong(), "sent + unsent == scheduled_due");
    if (requestsBlock) {
      assertEquals(2, sent, "each thread sent one arrival, then was stuck in its request");
      assertTrue(j.get("pool_exhausted").asBoolean());
      assertTrue(j.get("unsent").asLong() >= 50, "60 ms at 1,000/s with no free thread");
    } else {
      assertTrue(sent >= 1 && sent <= due);
    }
  }

  /**
   * The next arrivals are 100 s and more away: every thread parks (some holding an arrival, the
   * rest waiting without a timeout) and must still end at once when the stop comes; the arrivals
   * held past the stop are not due.
   */
  @Test
  void aStopWakesEveryParkedThreadPromptly() throws Exception {
    ArrivalPacer pacer =
        pacer(0.01, ArrivalConfig.Process.UNIFORM, 6, ArrivalPacer.DEFAULT_HOLDERS);
    AtomicInteger requests = new AtomicInteger();
    Clients clients = new Clients(6, pacer, stop, a -> requests.incrementAndGet());
    clients.awaitAllParked();
    assertEquals(1, requests.get(), "only arrival 0, at t0, is due");
    long tookNanos = clients.stopAndJoin(pacer, stop);
    assertTrue(
        tookNanos < TimeUnit.SECONDS.toNanos(5),
        "the threads took " + tookNanos / 1_000_000 + " ms to see the stop");
    JsonNode j = finish(pacer);
    assertEquals(1, j.get("scheduled_due").asLong());
    assertEquals(1, j.get("sent").asLong());
    assertEquals(0, j.get("unsent").asLong());
    assertNull(pacer.await(stop::get), "after the stop nothing is handed out");
  }

  /**
   * Requests much shorter than the gaps: the threads back from a request keep the holders topped
   * up, so a few threads send nearly everything and the rest of the pool stays parked (the old
   * design rotated through every thread, each woken several times per request).
   */
  @Test
  void withFastRequestsAFewThreadsDoNearlyAllTheWork() throws Exception {
    ArrivalPacer pacer =
        pacer(2000, ArrivalConfig.Process.POISSON, 16, ArrivalPacer.DEFAULT_HOLDERS);
    Map<String, AtomicInteger> byThread = new ConcurrentHashMap<>();
    AtomicInteger total = new AtomicInteger();
    Clients clients =
        new Clients(
            16,
            pacer,
            stop,
            a -> {
              byThread
                  .computeIfAbsent(Thread.currentThread().getName(), k -> new AtomicInteger())
                  .incrementAndGet();
              total.incrementAndGet();
            });
    Thread.sleep(500);
    clients.stopAndJoin(pacer, stop);
    int busiest =
        byThread.values().stream()
            .map(AtomicInteger::get)
            .sorted(Comparator.reverseOrder())
            .limit(4)
            .mapToInt(Integer::intValue)
            .sum();
    assertTrue(total.get() >= 100, "only " + total.get() + " requests in 0.5 s at 2,000/s");
    assertTrue(
        busiest >= 0.75 * total.get(),
        "the 4 busiest of 16 threads sent " + busiest + " of " + total.get() + ": " + byThread);
  }

  /**
   * A thread's timer slack lands in the send lag (its timed waits end up to the slack late); a
   * pacing thread asks for {@link TimerSlack#NANOS} on its first wait. Linux only.
   */
  @Test
  void aPacingThreadAsksForATightTimerSlack() throws Exception {
    assumeTrue(TimerSlack.get() >= 0, "no per-thread timer slack in /proc here");
    ArrivalPacer pacer =
        pacer(1000, ArrivalConfig.Process.UNIFORM, 1, ArrivalPacer.DEFAULT_HOLDERS);
    AtomicLong before = new AtomicLong(-2);
    AtomicLong after = new AtomicLong(-2);
    Thread t =
        new Thread(
            () -> {
              TimerSlack.set(50_000); // Linux's default, whatever this thread inherited
              before.set(TimerSlack.get());
              pacer.await(stop::get);
              after.set(TimerSlack.get());
            });
    t.start();
    t.join(TimeUnit.SECONDS.toMillis(WAIT_S));
    assertEquals(50_000, before.get());
    assertEquals(TimerSlack.NANOS, after.get());
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
