package io.github.ycsbdocsearch.sweep.step;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * When a step's clients start. Three kinds:
 *
 * <ul>
 *   <li>{@link #none()}: one client, nothing to agree on; it starts when its JVM is up.
 *   <li>{@link #fixed}: every client waits for one instant set before they were launched (a
 *       workload class without the barrier: {@code docsearch.start_at_epoch_ms}).
 *   <li>{@link #gate}: the ready barrier. Every client says it is ready once its {@code init} is
 *       done ({@link #ready}); a client that ended (or never started) counts as ready, so it cannot
 *       hold the others. Once all are, {@link #awaitAndRelease} sets the start a margin after that
 *       moment, tells every client through what it {@link #register}ed (a file beside a local JVM,
 *       a line on a remote one's SSH session) and runs the step's own start action (the fault's
 *       timer).
 * </ul>
 *
 * Thread-safe: clients register and report from their own threads; one thread releases.
 */
final class StartBarrier {
  private final int clients;
  private final long fixedAtEpochMs;
  private final boolean gated;
  private final LongConsumer onStart;
  private final CountDownLatch pending;
  private final Set<Integer> counted = ConcurrentHashMap.newKeySet();
  private final Map<Integer, LongConsumer> tellers = new ConcurrentHashMap<>();
  private volatile long startAtEpochMs;
  private volatile boolean released;

  private StartBarrier(int clients, long fixedAtEpochMs, boolean gated, LongConsumer onStart) {
    this.clients = clients;
    this.fixedAtEpochMs = fixedAtEpochMs;
    this.gated = gated;
    this.onStart = onStart;
    this.pending = new CountDownLatch(gated ? clients : 0);
    this.startAtEpochMs = fixedAtEpochMs;
  }

  /** One client, started at once. */
  static StartBarrier none() {
    return new StartBarrier(1, 0, false, at -> {});
  }

  /** Every client starts at {@code epochMs}; {@code onStart} runs now, with it. */
  static StartBarrier fixed(long epochMs, LongConsumer onStart) {
    StartBarrier b = new StartBarrier(0, epochMs, false, onStart);
    onStart.accept(epochMs);
    return b;
  }

  /** The ready barrier of {@code clients} clients; {@code onStart} runs with the start once set. */
  static StartBarrier gate(int clients, LongConsumer onStart) {
    return new StartBarrier(clients, 0, true, onStart);
  }

  /** Whether the clients wait for the barrier (else for the fixed instant, or for nothing). */
  boolean gated() {
    return gated;
  }

  /** The instant of a {@link #fixed} start; 0 otherwise. */
  long fixedAtEpochMs() {
    return fixedAtEpochMs;
  }

  /** The agreed start (this machine's clock); 0 before it is set, and with {@link #none()}. */
  long startAtEpochMs() {
    return startAtEpochMs;
  }

  /**
   * How client {@code index} is told the start (this machine's clock), once set; told at once when
   * it is set already (a client late to register may then be told twice, the same instant).
   */
  void register(int index, LongConsumer tell) {
    tellers.put(index, tell);
    if (released) {
      tell.accept(startAtEpochMs);
    }
  }

  /** Client {@code index} is ready (or ended: it then cannot start, and must not hold the rest). */
  void ready(int index) {
    if (gated && index >= 0 && index < clients && counted.add(index)) {
      pending.countDown();
    }
  }

  /**
   * Waits until every client is ready, at most {@code timeout} (the rest then start late, and the
   * step's start spread says so), sets the start {@code margin} from now, tells every client and
   * runs the start action; returns the start. Returns at once for a barrier that is not gated.
   */
  long awaitAndRelease(Duration timeout, Duration margin) throws InterruptedException {
    if (!gated) {
      return startAtEpochMs;
    }
    pending.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    long at = System.currentTimeMillis() + margin.toMillis();
    startAtEpochMs = at;
    released = true;
    for (LongConsumer tell : tellers.values()) {
      tell.accept(at);
    }
    onStart.accept(at);
    return at;
  }
}
