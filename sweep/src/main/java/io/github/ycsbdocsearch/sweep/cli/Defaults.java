package io.github.ycsbdocsearch.sweep.cli;

import io.github.ycsbdocsearch.resultsformat.RampShape;
import io.github.ycsbdocsearch.sweep.plan.StepPlanner;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch;
import java.util.List;

/**
 * Every default of the sweep in one place (as JMH keeps them in {@code runner/Defaults}). The step
 * defaults are sized so that {@code ./run-sweep.sh workloada} covers all three local stores on a
 * 2-core machine in about a quarter of an hour, install, start and load included. Constants only.
 */
public final class Defaults {
  /** Records loaded into each store. */
  public static final int RECORDS = 10_000;

  /** Memory budget of every local store per server, MB (scripts/stores.sh's default too). */
  public static final int MEMORY_MB = 1024;

  /** Seconds at the start of each step that are left out of every derived number. */
  public static final int WARMUP_SECONDS = 5;

  /** Measured seconds per step, after the warm-up. */
  public static final int STEP_SECONDS = 15;

  /** Last thread count of the automatic doubling 1, 2, 4, ... */
  public static final int MAX_THREADS = 64;

  /** Client threads of the (unmeasured) load phase. */
  public static final int LOAD_THREADS = 4;

  /** Client threads of a fixed-rate step when no explicit thread list is given. */
  public static final int RATE_THREADS = StepPlanner.RATE_THREADS;

  /**
   * Offered loads of the latency curve, as fractions of the closed-loop peak: the points of the
   * latency-vs-offered-load chart, and the capacity search's first bracket.
   */
  public static final List<Double> LOAD_FRACTIONS = List.of(0.25, 0.50, 0.75, 1.00);

  /** {@link #LOAD_FRACTIONS} as the help text shows it. */
  public static final String LOAD_FRACTIONS_TEXT = "0.25,0.5,0.75,1";

  /** Least client threads of a fixed-rate step (the shared arrival schedule's pool). */
  public static final int MIN_LOAD_THREADS = StepPlanner.MIN_LOAD_THREADS;

  /** Capacity search: probes after the curve, at most (see {@link CapacitySearch#MAX_PROBES}). */
  public static final int SEARCH_MAX_PROBES = CapacitySearch.MAX_PROBES;

  /** Capacity search: measured probe seconds after the curve ({@link CapacitySearch#BUDGET_S}). */
  public static final int SEARCH_BUDGET_SECONDS = CapacitySearch.BUDGET_S;

  /**
   * Capacity search: the 95 % interval's half-width it stops at, as a share of the capacity (see
   * {@link CapacitySearch#TARGET_HALF_WIDTH}).
   */
  public static final double SEARCH_PRECISION = CapacitySearch.TARGET_HALF_WIDTH;

  /**
   * With --precision: minutes each store's search may take unless --max-minutes says otherwise (an
   * hour: on the simulated clock, +-5 % needs about 4x the default budget, +-3 % about 10x).
   */
  public static final int PRECISION_MAX_MINUTES = 60;

  /** {@link #SEARCH_PRECISION} in per cent, for help text. */
  static final String SEARCH_PRECISION_PCT = "3";

  /** With --precision: probes after the curve, at most (the target or the minutes end it first). */
  public static final int PRECISION_MAX_PROBES = 1000;

  /** Arrival process of fixed-rate steps. */
  public static final String ARRIVALS = "poisson";

  /** The soak's offered load as a fraction of the capacity. */
  public static final double SOAK_LOAD = 0.7;

  /** The fault steps' offered load as a fraction of the capacity. */
  public static final double FAULT_LOAD = 0.7;

  /** Seconds the server stays down when {@code --fault} does not say ({@code KIND@T+D}). */
  public static final int FAULT_DOWN_SECONDS = 10;

  /** Measured seconds the fault steps run on after the restart. */
  public static final int FAULT_AFTER_RESTART_SECONDS = 20;

  /** Client JVMs that drive each step. */
  public static final int CLIENTS = 1;

  /** At most this many client JVMs. */
  public static final int MAX_CLIENTS = 64;

  /** Several clients start together this long after their launch (every JVM is up by then). */
  public static final long CLIENTS_START_DELAY_MS = 3_000;

  /**
   * Behind the ready barrier, how long the runner waits for every client's init (an oracle over ten
   * million records takes minutes) before it starts those that are ready.
   */
  public static final long CLIENTS_READY_TIMEOUT_S = 1_800;

  /**
   * Behind the ready barrier, the start is set this long after the last client said it is ready:
   * enough for the start to reach every client over its SSH session.
   */
  public static final long CLIENTS_START_MARGIN_MS = 250;

  /** Seed of the arrival schedules (each step adds its index). */
  public static final long ARRIVALS_SEED = 20_211_118L;

  /**
   * Share of a fixed-rate step's warm-up over which its arrival rate rises from 0 to the full rate
   * (a soft start). Every step is a new client JVM, whose cold code (interpreted, then compiled
   * while it runs) cannot keep the full rate from its first arrival: it fell behind and queued a
   * backlog that outlasted a 5 s warm-up in MongoDB steps, charging the client's start to the
   * store. The rest of the warm-up runs at the full rate: the store is steady before the window.
   */
  public static final double ARRIVAL_RAMP_SHARE = 0.6;

  /** Least send-lag threshold: a p99 over it (a tenth of the bound, at least this) limits. */
  public static final long SEND_LAG_THRESHOLD_US = 1_000;

  /** Client threads of that store warm-up. */
  public static final int STORE_WARMUP_THREADS = 8;

  /** Measured seconds of a harness-floor step (BasicDB): short, the floor is the client's cost. */
  public static final int FLOOR_SECONDS = 5;

  /** Warm-up of a harness-floor step. */
  public static final int FLOOR_WARMUP_SECONDS = 1;

  /** A step whose failed operations pass this share (percent) fails and ends the store's sweep. */
  public static final double MAX_ERROR_PCT = 1.0;

  /** {@link #MAX_ERROR_PCT} as the help text shows it (annotations need a constant). */
  public static final String MAX_ERROR_PCT_TEXT = "1";

  /**
   * A step counts as "not growing" when its throughput is less than this much (percent) over the
   * best step (the results format's, which the report words the ramp by).
   */
  public static final double GROWTH_PCT = RampShape.GROWTH_PCT;

  /** {@link #GROWTH_PCT} as the help text shows it. */
  public static final String GROWTH_PCT_TEXT = "5";

  /** Consecutive "not growing" steps that end the ramp (the peak is found). */
  public static final int FLAT_STEPS = 2;

  /**
   * Flags of each YCSB client JVM unless SWEEP_CLIENT_JVM_OPTS says otherwise. Every step is a new
   * JVM that lives about 20 s: with the default tiered compilation its C2 compiler spends 10-25 s
   * compiling on the client's one core, inside the measured window (0.2-0.4 cores measured here, so
   * the client's core was saturated with the store idle). C1 only ({@code TieredStopAtLevel=1})
   * finishes compiling within about a second; its code costs about 30 % more CPU per operation, but
   * the same for every store, and the client's total CPU over a step is lower. Each step records
   * the JIT's CPU in its window ({@code client_jit_cpu_cores}), which shows it settled.
   */
  public static final String CLIENT_JVM_OPTS =
      "-Xms256m -Xmx1g -XX:+UseG1GC -XX:TieredStopAtLevel=1";

  /** Time a YCSB child gets past warm-up + step (JVM start, thread init, export) before a kill. */
  public static final int STEP_GRACE_SECONDS = 90;

  /** Smallest YCSB operationcount per step (see {@code run.OperationBudget}). */
  public static final long MIN_OPERATION_COUNT = 1_000_000L;

  /** YCSB's table name default, used to reset and count the loaded table. */
  public static final String TABLE = "usertable";

  private Defaults() {}
}
