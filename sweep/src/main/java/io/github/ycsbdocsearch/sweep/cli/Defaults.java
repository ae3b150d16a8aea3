package io.github.ycsbdocsearch.sweep.cli;

/**
 * Every default of the sweep in one place (as JMH keeps them in {@code runner/Defaults}). The step defaults are sized
 * so that {@code ./run-sweep.sh workloada} covers all three local stores on a 2-core machine in about a quarter of an
 * hour, install, start and load included. Constants only.
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
  public static final int RATE_THREADS = 16;
  /** Offered loads of the load phase, as fractions of the capacity-search peak. */
  public static final java.util.List<Double> LOAD_FRACTIONS =
      java.util.List.of(0.10, 0.25, 0.50, 0.70, 0.80, 0.90, 0.95, 1.00, 1.10);
  /** {@link #LOAD_FRACTIONS} as the help text shows it. */
  public static final String LOAD_FRACTIONS_TEXT = "0.1,0.25,0.5,0.7,0.8,0.9,0.95,1,1.1";
  /** Least client threads of a load-phase step: a slow request must not stall the whole schedule. */
  public static final int MIN_LOAD_THREADS = 4;
  /** Measured seconds of a harness-floor step (BasicDB): short, the floor is the client's own cost. */
  public static final int FLOOR_SECONDS = 5;
  /** Warm-up of a harness-floor step. */
  public static final int FLOOR_WARMUP_SECONDS = 1;
  /** A step whose failed operations pass this share (percent) fails and ends the store's sweep. */
  public static final double MAX_ERROR_PCT = 1.0;
  /** {@link #MAX_ERROR_PCT} as the help text shows it (annotations need a constant). */
  public static final String MAX_ERROR_PCT_TEXT = "1";
  /** A step counts as "not growing" when its throughput is less than this much (percent) over the best step. */
  public static final double GROWTH_PCT = 5.0;
  /** {@link #GROWTH_PCT} as the help text shows it. */
  public static final String GROWTH_PCT_TEXT = "5";
  /** Consecutive "not growing" steps that mean saturation. */
  public static final int FLAT_STEPS = 2;
  /** Flags of each YCSB client JVM unless SWEEP_CLIENT_JVM_OPTS says otherwise. */
  public static final String CLIENT_JVM_OPTS = "-Xms256m -Xmx1g -XX:+UseG1GC";
  /** Time a YCSB child gets beyond warm-up + step (JVM start, thread init, export) before it is killed. */
  public static final int STEP_GRACE_SECONDS = 90;
  /** Smallest YCSB operationcount per step (see {@code run.OperationBudget}). */
  public static final long MIN_OPERATION_COUNT = 1_000_000L;
  /** YCSB's table name default, used to reset and count the loaded table. */
  public static final String TABLE = "usertable";

  private Defaults() {
  }
}
