package io.github.ycsbdocsearch.sweep.progress;

import io.github.ycsbdocsearch.sweep.exec.StatusLine;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Progress for a person, on stderr (stdout carries only the results folder's path): which store and
 * step runs, elapsed and remaining time, and the live throughput read from YCSB's status lines,
 * every few seconds. Kept apart from the machine-readable results, as JMH keeps {@code
 * runner/format}. Thread-safe (YCSB status lines arrive on a pump thread).
 */
public final class Progress {
  /** Seconds between live lines during a step. */
  private static final int LIVE_EVERY_SECONDS = 5;

  private final PrintStream err;
  private volatile Supplier<Duration> remaining = () -> Duration.ZERO;
  private long lastLiveSecond = -1;

  public Progress(PrintStream err) {
    this.err = err;
  }

  /** Where the "time left" figure comes from. */
  public void remainingFrom(Supplier<Duration> estimate) {
    this.remaining = estimate;
  }

  /** A general line: {@code [sweep] message}. */
  public synchronized void log(String message) {
    err.println("[sweep] " + message);
  }

  /** A line about one store: {@code [store] message}. */
  public synchronized void store(String store, String message) {
    err.println("[" + store + "] " + message);
  }

  /** A line about one store, {@code format} filled in as printf does, in the root locale. */
  public void storef(String store, String format, Object... args) {
    store(store, String.format(Locale.ROOT, format, args));
  }

  /** A step begins ({@code planned} 0: the store's warm-up, not a step of the plan). */
  public synchronized void stepStarted(String store, StepSpec step, int planned, int runSeconds) {
    lastLiveSecond = -1;
    err.printf(
        Locale.ROOT,
        "[%s] %s: %d s (%s left at most)%n",
        store,
        name(step, planned),
        runSeconds,
        format(remaining.get()));
  }

  /** A YCSB status line of the running step; printed every {@value #LIVE_EVERY_SECONDS} s. */
  public synchronized void live(
      String store, StepSpec step, int planned, int runSeconds, StatusLine line) {
    if (line.currentOpsPerSec().isEmpty()
        || line.elapsedSeconds() == lastLiveSecond
        || line.elapsedSeconds() % LIVE_EVERY_SECONDS != 0
        || line.elapsedSeconds() == 0) {
      return;
    }
    lastLiveSecond = line.elapsedSeconds();
    err.printf(
        Locale.ROOT,
        "[%s] %s: %d/%d s, %.0f ops/s, %s left at most%n",
        store,
        name(step, planned),
        line.elapsedSeconds(),
        runSeconds,
        line.currentOpsPerSec().getAsDouble(),
        format(remaining.get().minusSeconds(Math.min(line.elapsedSeconds(), runSeconds))));
  }

  /**
   * {@code step 3/31 load t=...} for a step of the store's plan; the store's warm-up, which is not
   * one ({@code planned} 0), says what it is instead of posing as step 1 of 1.
   */
  private static String name(StepSpec step, int planned) {
    return planned > 0
        ? String.format(Locale.ROOT, "step %d/%d %s", step.index(), planned, step.label())
        : "store warm-up, " + step.threads() + " threads, not measured";
  }

  /** {@code 1h02m}, {@code 4m10s} or {@code 35s}. */
  public static String format(Duration d) {
    long s = Math.max(0, d.getSeconds());
    if (s >= 3600) {
      return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
    }
    return s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
  }
}
