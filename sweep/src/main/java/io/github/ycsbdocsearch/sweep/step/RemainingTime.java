package io.github.ycsbdocsearch.sweep.step;

import java.time.Duration;

/**
 * An upper bound of the time a sweep still needs: the steps left in the plan (a store may saturate
 * sooner) times the step length plus the overhead seen so far per step (JVM start, export), plus a
 * setup allowance (start, load) per store still to come. When a store's sweep ends, the steps of
 * its plan it did not run leave the estimate, so the next store starts from its own plan.
 * Thread-safe (read by the progress printer while the sweep updates it).
 */
public final class RemainingTime {
  private static final double FIRST_STEP_OVERHEAD_S = 3.0;
  private static final double FIRST_SETUP_S = 30.0;

  private final int runSeconds;
  private int stepsLeft;
  private int storesLeft;

  /** Steps of the current store that ended or were kept from an earlier attempt. */
  private int storeSteps;

  /** Steps added to the current store's plan after it started. */
  private int storeGrowth;

  private double overheadS = FIRST_STEP_OVERHEAD_S;
  private double setupS = FIRST_SETUP_S;
  private long stepStartedNanos;

  public RemainingTime(int runSeconds, int stepsLeft, int storesLeft) {
    this.runSeconds = runSeconds;
    this.stepsLeft = stepsLeft;
    this.storesLeft = storesLeft;
  }

  synchronized void stepStarted() {
    stepStartedNanos = System.nanoTime();
  }

  /** A step ended; learn its overhead. */
  synchronized void stepEnded() {
    stepsLeft = Math.max(0, stepsLeft - 1);
    storeSteps++;
    double took = (System.nanoTime() - stepStartedNanos) / 1e9;
    overheadS = Math.max(0, took - runSeconds);
  }

  /** Steps kept from an earlier attempt (resume) will not run. */
  synchronized void skipped(int steps) {
    stepsLeft = Math.max(0, stepsLeft - steps);
    storeSteps += steps;
  }

  /**
   * A store's sweep ended (done, saturated, failed or stopped) with {@code planned} steps in its
   * plan (and those it grew by): those it did not run will not run. A retried step counts twice, so
   * a store may use more than its plan; nothing is added back.
   */
  public synchronized void storeEnded(int planned) {
    stepsLeft = Math.max(0, stepsLeft - Math.max(0, planned + storeGrowth - storeSteps));
    storesLeft = Math.max(0, storesLeft - 1);
    storeSteps = 0;
    storeGrowth = 0;
  }

  /** The current store's plan grew by {@code steps} (a capacity search run again). */
  public synchronized void planGrew(int steps) {
    stepsLeft += steps;
    storeGrowth += steps;
  }

  /** How long a store's setup (start, load) took. */
  public synchronized void setupTook(Duration d) {
    setupS = d.toMillis() / 1000.0;
  }

  public synchronized Duration estimate() {
    double s = stepsLeft * (runSeconds + overheadS) + Math.max(0, storesLeft - 1) * setupS;
    return Duration.ofSeconds((long) Math.ceil(s));
  }
}
