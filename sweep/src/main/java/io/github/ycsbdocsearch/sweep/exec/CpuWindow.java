package io.github.ycsbdocsearch.sweep.exec;

import io.github.ycsbdocsearch.resultsformat.Numbers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.ToLongBiFunction;
import java.util.stream.Stream;

/**
 * CPU time used by processes over a step's measured window, in cores (CPU seconds per wall second):
 * sampled when the warm-up ends and every {@value #EVERY_MS} ms until the stop is due, from the
 * kernel's counters.
 *
 * <p>Two things are kept out of the client's figure, because they are not load the client puts on
 * itself per operation and they made fresh JVMs look saturated (a 1-thread MongoDB step
 * "client-bound" at 0.95 CPUs while its steady state is 0.34):
 *
 * <ul>
 *   <li>JVM start-up: the window is timed from the moment YCSB's client threads run (the caller
 *       starts it at YCSB's first status line), not from the process spawn;
 *   <li>the JIT compiler: its threads ({@code C1/C2 CompilerThread*}, read per thread from {@code
 *       /proc/PID/task}) are counted apart, as {@link #clientJitCores()}, so a reader sees whether
 *       the client was still compiling inside the window.
 * </ul>
 *
 * Where {@code /proc} is not readable the JIT share is unknown and counted as client work.
 * Thread-safe.
 */
public final class CpuWindow implements AutoCloseable {

  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "cpu-window");
            t.setDaemon(true);
            return t;
          });

  /** Sampling period after the warm-up. */
  static final long EVERY_MS = 250;

  /** Kernel clock ticks per second of {@code /proc/PID/task/TID/stat} (USER_HZ, 100 on Linux). */
  private static final long TICK_NANOS = 10_000_000L;

  private final ServerCpu server;
  private final long clientPid;
  private volatile Sample first;
  private volatile Sample second;

  private record Sample(
      long nanos, long clientCpuNanos, long jitCpuNanos, Optional<Long> serverCpuNanos) {}

  private CpuWindow(long clientPid, ServerCpu server) {
    this.clientPid = clientPid;
    this.server = server;
  }

  /**
   * Starts sampling {@code client} (and the server): once when the warm-up ends, then every {@value
   * #EVERY_MS} ms until the stop is due, keeping the last sample; a step that ends early (its
   * operation budget spent) keeps the last sample taken while the client lived. Call it when the
   * client's threads start running.
   */
  public static CpuWindow start(
      long clientPid, ServerCpu server, Duration warmup, Duration window) {
    CpuWindow w = new CpuWindow(clientPid, server);
    long end = warmup.plus(window).toMillis();
    w.timer.schedule(() -> w.first = w.sample(), warmup.toMillis(), TimeUnit.MILLISECONDS);
    for (long t = warmup.toMillis() + EVERY_MS; t <= end; t += EVERY_MS) {
      w.timer.schedule(
          () -> {
            Sample s = w.sample();
            if (s.clientCpuNanos() >= 0) {
              w.second = s;
            }
          },
          t,
          TimeUnit.MILLISECONDS);
    }
    return w;
  }

  private Sample sample() {
    Optional<Long> s;
    try {
      s = server.nanos().get();
    } catch (RuntimeException e) {
      s = Optional.empty(); // a remote store that does not answer now: no server figure this step
    }
    return new Sample(System.nanoTime(), cpuNanos(clientPid).orElse(-1L), jitNanos(clientPid), s);
  }

  /** The process's CPU time so far; empty once it has ended or where it cannot be read. */
  static Optional<Long> cpuNanos(long pid) {
    return ProcessHandle.of(pid).flatMap(h -> h.info().totalCpuDuration()).map(Duration::toNanos);
  }

  /**
   * CPU time of the JIT compiler threads of {@code pid} ({@code utime + stime} of each thread whose
   * name starts with {@code C1 Compiler} or {@code C2 Compiler}); 0 where {@code /proc} cannot be
   * read.
   */
  static long jitNanos(long pid) {
    try (Stream<Path> threads = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
      return threads.mapToLong(t -> compilerTicks(t.resolve("stat"))).sum() * TICK_NANOS;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  private static long compilerTicks(Path stat) {
    try {
      return compilerTicksOf(Files.readString(stat));
    } catch (IOException e) {
      return 0; // the thread ended between the listing and the read
    }
  }

  /**
   * The {@code utime + stime} of one {@code /proc/.../stat} line when its thread is a JIT compiler,
   * else 0.
   */
  static long compilerTicksOf(String statLine) {
    int open = statLine.indexOf('(');
    int close = statLine.lastIndexOf(')');
    if (open < 0 || close < open) {
      return 0;
    }
    String name = statLine.substring(open + 1, close);
    if (!(name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler"))) {
      return 0;
    }
    // After ") ": state(3) ppid(4) ... utime is field 14, stime field 15 of the whole line.
    String[] f = statLine.substring(close + 2).split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  /**
   * The client's cores over the window, JIT compiler threads left out; empty when a sample is
   * missing.
   */
  public Optional<Double> clientCores() {
    return cores(
        s -> s.clientCpuNanos() >= 0,
        (a, b) ->
            Math.max(
                0,
                (b.clientCpuNanos() - a.clientCpuNanos())
                    - Math.max(0, b.jitCpuNanos() - a.jitCpuNanos())));
  }

  /**
   * The JIT compiler threads' cores over the window (0 = the client had finished compiling); empty
   * when unknown.
   */
  public Optional<Double> clientJitCores() {
    return cores(
        s -> s.clientCpuNanos() >= 0, (a, b) -> Math.max(0, b.jitCpuNanos() - a.jitCpuNanos()));
  }

  /** Where the server figure came from, or null. */
  public String serverSource() {
    return server.source();
  }

  /** The server's cores over the window; empty when there is no server or it could not be read. */
  public Optional<Double> serverCores() {
    return cores(
        s -> s.serverCpuNanos().isPresent(),
        (a, b) -> b.serverCpuNanos().get() - a.serverCpuNanos().get());
  }

  /**
   * The CPU nanoseconds {@code used} between the two samples, as cores; empty when a sample is
   * missing or not {@code read}.
   */
  private Optional<Double> cores(Predicate<Sample> read, ToLongBiFunction<Sample, Sample> used) {
    Sample a = first;
    Sample b = second;
    if (a == null || b == null || !read.test(a) || !read.test(b) || b.nanos() <= a.nanos()) {
      return Optional.empty();
    }
    return Optional.of(Numbers.round((double) used.applyAsLong(a, b) / (b.nanos() - a.nanos()), 3));
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
