package io.github.ycsbdocsearch.sweep.exec;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * CPU time used by processes over a step's measured window, in cores (CPU seconds per wall second): sampled when
 * the warm-up ends and when the stop is due, from the kernel's per-process counters (ProcessHandle's total CPU
 * duration). The window is timed from the child's start, so it begins a JVM start-up (about a second) before
 * YCSB's own: close enough to tell a saturated client from a saturated store, which is what it is for.
 * Thread-safe.
 */
public final class CpuWindow implements AutoCloseable {

  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "cpu-window");
    t.setDaemon(true);
    return t;
  });
  /** Sampling period after the warm-up. */
  static final long EVERY_MS = 250;
  private final ServerCpu server;
  private volatile Sample first;
  private volatile Sample second;

  private record Sample(long nanos, long clientCpuNanos, Optional<Long> serverCpuNanos) {
  }

  private final long clientPid;

  private CpuWindow(long clientPid, ServerCpu server) {
    this.clientPid = clientPid;
    this.server = server;
  }

  /**
   * Starts sampling {@code client} (and the local server processes): once when the warm-up ends, then every
   * {@value #EVERY_MS} ms until the stop is due, keeping the last sample; a step that ends early (its operation
   * budget spent) keeps the last sample taken while the client lived.
   */
  public static CpuWindow start(Process client, ServerCpu server, Duration warmup, Duration window) {
    CpuWindow w = new CpuWindow(client.pid(), server);
    long end = warmup.plus(window).toMillis();
    w.timer.schedule(() -> w.first = w.sample(), warmup.toMillis(), TimeUnit.MILLISECONDS);
    for (long t = warmup.toMillis() + EVERY_MS; t <= end; t += EVERY_MS) {
      w.timer.schedule(() -> {
        Sample s = w.sample();
        if (s.clientCpuNanos() >= 0) {
          w.second = s;
        }
      }, t, TimeUnit.MILLISECONDS);
    }
    return w;
  }

  private Sample sample() {
    Optional<Long> s;
    try {
      s = server.nanos().get();
    } catch (RuntimeException e) {
      s = Optional.empty(); // a remote store that does not answer now: no server figure for this step
    }
    return new Sample(System.nanoTime(), cpuNanos(clientPid).orElse(-1L), s);
  }

  private static Optional<Long> cpuNanos(long pid) {
    return ProcessHandle.of(pid).flatMap(h -> h.info().totalCpuDuration()).map(Duration::toNanos);
  }

  /** The client's cores over the window; empty when a sample is missing (the child ended early). */
  public Optional<Double> clientCores() {
    Sample a = first;
    Sample b = second;
    if (a == null || b == null || a.clientCpuNanos() < 0 || b.clientCpuNanos() < 0 || b.nanos() <= a.nanos()) {
      return Optional.empty();
    }
    return Optional.of(round((double) (b.clientCpuNanos() - a.clientCpuNanos()) / (b.nanos() - a.nanos())));
  }

  /** Where the server figure came from, or null. */
  public String serverSource() {
    return server.source();
  }

  /** The server's cores over the window; empty when there is no server or it could not be read. */
  public Optional<Double> serverCores() {
    Sample a = first;
    Sample b = second;
    if (a == null || b == null || a.serverCpuNanos().isEmpty() || b.serverCpuNanos().isEmpty()
        || b.nanos() <= a.nanos()) {
      return Optional.empty();
    }
    return Optional.of(round((double) (b.serverCpuNanos().get() - a.serverCpuNanos().get()) / (b.nanos() - a.nanos())));
  }

  private static double round(double v) {
    return Math.round(v * 1000.0) / 1000.0;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
