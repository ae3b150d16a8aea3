package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.resultsformat.PoolOccupancy;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The pacer's pool occupancy per wall-clock second ({@link PoolOccupancy}, {@code pool.json}):
 * threads busy (mean and most) and arrivals due but not yet sent (mean), exact, from the send and
 * return instants the pacer already has, with no timer and no allocation per request.
 *
 * <p>How a time integral per second comes out exact without a tick at each second's boundary: a
 * stretch [a, b) of one request is written as "from a on" minus "from b on", and "from t on" adds
 * the rest of t's second to that second and one whole second to every later one. The second part is
 * a difference array: +1 in the second after t's, summed over the seconds when the file is written.
 * So each instant is two atomic additions, a stretch inside one second a single one, and a request
 * still busy at the end is closed there without knowing when it was sent. The same running sum is
 * the number in flight at each second's start; with the most at any send in the second, it gives
 * the second's most.
 *
 * <p>Seconds are epoch seconds of the client's clock, mapped from {@code System.nanoTime()} once,
 * at the schedule's start (the instant and wall clock of {@code arrivals.json}'s {@code
 * start_epoch_ms}): clients on one machine then share their seconds, so a step's clients add up
 * second by second. Storage grows in blocks of {@value #BLOCK_SECONDS} seconds, each allocated
 * once; instants past {@value #MAX_BLOCKS} blocks (twelve days) are not recorded. Thread-safe.
 */
final class PoolRecorder {
  private static final long SECOND = PoolOccupancy.NANOS_PER_SECOND;
  private static final long NANOS_PER_MS = 1_000_000L;

  /** One second's slots: each integral's part of the second, and its difference-array entry. */
  private static final int BUSY = 0;

  private static final int BUSY_FROM = 1;
  private static final int BUSY_MAX_AT_SEND = 2;
  private static final int WAITING = 3;
  private static final int WAITING_FROM = 4;
  private static final int SLOTS = 5;

  static final int BLOCK_SECONDS = 64;
  static final int MAX_BLOCKS = 1 << 14;

  private final long baseNanos;
  private final long firstEpochS;
  private final long startEpochMs;
  private final AtomicReferenceArray<AtomicLongArray> blocks =
      new AtomicReferenceArray<>(MAX_BLOCKS);

  /** The schedule's start on both clocks ({@code System.nanoTime()}, epoch ms). */
  PoolRecorder(long startNanos, long startEpochMs) {
    this.startEpochMs = startEpochMs;
    this.firstEpochS = Math.floorDiv(startEpochMs, 1000);
    this.baseNanos = startNanos - (startEpochMs - firstEpochS * 1000) * NANOS_PER_MS;
  }

  /**
   * A request sent at {@code sendNanos}, due at {@code dueNanos}, with {@code busy} threads busy
   * now, this one included.
   */
  void sent(long dueNanos, long sendNanos, long busy) {
    stretch(WAITING, dueNanos, sendNanos);
    from(BUSY, sendNanos, 1);
    long second = second(sendNanos);
    AtomicLongArray block = block(second);
    if (block != null) {
      int i = slot(second, BUSY_MAX_AT_SEND);
      if (busy > block.get(i)) { // read first: the most rarely changes, a write would contend
        block.accumulateAndGet(i, busy, Math::max);
      }
    }
  }

  /** A request returned at {@code nanos}. */
  void completed(long nanos) {
    from(BUSY, nanos, -1);
  }

  /** An arrival due at {@code dueNanos} and never sent: it waited until the stop. */
  void unsent(long dueNanos, long stopNanos) {
    stretch(WAITING, dueNanos, stopNanos);
  }

  /**
   * The file's content: every second from the schedule's start to {@code endNanos}, the {@code
   * stillBusy} requests not back yet counted busy up to it. Call once, after the last request; the
   * recorder is not used after.
   */
  PoolOccupancy finish(long endNanos, long stillBusy, int threads) {
    if (stillBusy > 0) {
      from(BUSY, endNanos, -stillBusy);
    }
    int seconds = (int) Math.min(second(endNanos) + 1, (long) MAX_BLOCKS * BLOCK_SECONDS);
    long[] busy = new long[seconds];
    long[] busyMax = new long[seconds];
    long[] waiting = new long[seconds];
    long busyAtStart = 0;
    long waitingAtStart = 0;
    for (int s = 0; s < seconds; s++) {
      busyAtStart += get(s, BUSY_FROM);
      waitingAtStart += get(s, WAITING_FROM);
      busy[s] = get(s, BUSY) + busyAtStart * SECOND;
      busyMax[s] = Math.max(busyAtStart, get(s, BUSY_MAX_AT_SEND));
      waiting[s] = get(s, WAITING) + waitingAtStart * SECOND;
    }
    long endEpochMs = firstEpochS * 1000 + Math.floorDiv(endNanos - baseNanos, NANOS_PER_MS);
    return new PoolOccupancy(
        PoolOccupancy.FORMAT,
        threads,
        startEpochMs,
        endEpochMs,
        firstEpochS,
        busy,
        busyMax,
        waiting);
  }

  /** Adds the stretch [from, to) of one request to a quantity; nothing when it is empty. */
  private void stretch(int quantity, long fromNanos, long toNanos) {
    if (toNanos <= fromNanos) {
      return;
    }
    long second = second(fromNanos);
    if (second == second(toNanos)) {
      add(second, quantity, toNanos - fromNanos); // the common case: one addition
    } else {
      from(quantity, fromNanos, 1);
      from(quantity, toNanos, -1);
    }
  }

  /** Adds {@code count} requests counted from {@code nanos} on (negative: no longer counted). */
  private void from(int quantity, long nanos, long count) {
    long second = second(nanos);
    long rest = SECOND - (nanos - baseNanos - second * SECOND);
    add(second, quantity, count * rest);
    add(second + 1, quantity + 1, count);
  }

  private long second(long nanos) {
    return Math.floorDiv(nanos - baseNanos, SECOND);
  }

  private void add(long second, int slot, long delta) {
    AtomicLongArray block = block(second);
    if (block != null) {
      block.addAndGet(slot(second, slot), delta);
    }
  }

  private long get(long second, int slot) {
    AtomicLongArray block = blocks.get((int) (second / BLOCK_SECONDS));
    return block == null ? 0 : block.get(slot(second, slot));
  }

  private static int slot(long second, int slot) {
    return (int) (second % BLOCK_SECONDS) * SLOTS + slot;
  }

  /** The block of a second, made on first use; null outside the recorder's reach. */
  private AtomicLongArray block(long second) {
    if (second < 0 || second >= (long) MAX_BLOCKS * BLOCK_SECONDS) {
      return null;
    }
    int b = (int) (second / BLOCK_SECONDS);
    AtomicLongArray block = blocks.get(b);
    if (block == null) {
      blocks.compareAndSet(b, null, new AtomicLongArray(BLOCK_SECONDS * SLOTS));
      block = blocks.get(b);
    }
    return block;
  }
}
