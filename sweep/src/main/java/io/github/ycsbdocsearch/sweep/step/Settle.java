package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.sweep.exec.ServerCpu;
import java.time.Duration;
import java.util.Optional;

/**
 * The rule between two steps: the store settles before the next one starts. A step leaves work
 * behind (Redis' AOF rewrite, MongoDB's checkpoint, Elasticsearch's merges and refreshes); started
 * on top of it, the next step would measure the previous one's backlog. So the sweep waits until
 * the store's servers used less than {@value #IDLE_CORES} cores over {@value #SAMPLE_MS} ms, at
 * most {@value #MAX_SECONDS} s (a store that never idles is measured as it is, and the wait says
 * so). Without a server CPU figure (BasicDB, the simulated store) there is nothing to wait for.
 */
final class Settle {
  /** A server using less than this many cores is settled. */
  static final double IDLE_CORES = 0.15;

  /** Length of one CPU sample. */
  static final long SAMPLE_MS = 500;

  /** Longest wait. */
  static final int MAX_SECONDS = 10;

  private Settle() {}

  /**
   * Waits until the server is idle, at most {@code max} ({@link #MAX_SECONDS} between steps).
   *
   * @return how long it waited; empty when there is no server figure
   */
  static Optional<Duration> await(ServerCpu server, Duration max) throws InterruptedException {
    if (server.source() == null) {
      return Optional.empty();
    }
    long start = System.nanoTime();
    long deadline = start + max.toNanos();
    while (System.nanoTime() < deadline) {
      Optional<Long> a = read(server);
      long t0 = System.nanoTime();
      Thread.sleep(SAMPLE_MS);
      Optional<Long> b = read(server);
      long t1 = System.nanoTime();
      if (a.isEmpty() || b.isEmpty()) {
        return Optional.empty(); // the store does not say: nothing to wait for
      }
      if ((double) (b.get() - a.get()) / (t1 - t0) < IDLE_CORES) {
        break;
      }
    }
    return Optional.of(Duration.ofNanos(System.nanoTime() - start));
  }

  private static Optional<Long> read(ServerCpu server) {
    try {
      return server.nanos().get();
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }
}
