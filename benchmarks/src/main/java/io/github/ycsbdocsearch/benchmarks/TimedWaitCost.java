package io.github.ycsbdocsearch.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * The machine's price of one timed wait: a thread that sleeps until a moment 100 µs ahead, over and
 * over, as the open-loop pacer's waiting thread does once per request (the schedule's next
 * arrival), and the CPU the thread was charged for each wake-up. It is the floor of the open-loop
 * pacing's cost per request: a pacer that needs one timed wake-up per request costs at least this
 * over a closed loop. (On a virtual machine a timed wake-up programs the host's timer and resumes a
 * halted virtual CPU: tens of microseconds here.) Prints one line; {@code bench-client-cost.sh}
 * runs it on the client's CPU.
 */
public final class TimedWaitCost {
  private TimedWaitCost() {}

  /**
   * Runs {@code args[0]} timed waits (default 50,000) of {@code args[1]} µs each (default 100)
   * after as many unmeasured ones.
   */
  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
    long gapNanos = (args.length > 1 ? Long.parseLong(args[1]) : 100) * 1000;
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    waits(n, gapNanos);
    long cpu = mx.getCurrentThreadCpuTime();
    long wall = System.nanoTime();
    waits(n, gapNanos);
    cpu = mx.getCurrentThreadCpuTime() - cpu;
    wall = System.nanoTime() - wall;
    System.out.printf(
        Locale.ROOT,
        "one timed wait of %d us (LockSupport.parkNanos, as the pacer's): %.1f us of CPU per"
            + " wake-up (%d waits, %.1f s)%n",
        gapNanos / 1000,
        cpu / 1000.0 / n,
        n,
        wall / 1e9);
  }

  /** Waits until each of {@code n} moments {@code gapNanos} apart, parking until it. */
  private static void waits(int n, long gapNanos) {
    long next = System.nanoTime();
    for (int i = 0; i < n; i++) {
      next += gapNanos;
      for (long left = next - System.nanoTime(); left > 0; left = next - System.nanoTime()) {
        LockSupport.parkNanos(left);
      }
    }
  }
}
