package io.github.ycsbdocsearch.sweep.cli;

/**
 * The {@code --help} text (the README's option table follows it; a test checks). Depends on {@link Defaults} alone,
 * so {@code ./run-sweep.sh --help} compiles the two files and prints it without building the project. Stateless.
 */
public final class Usage {
  private Usage() {
  }

  /** Prints the help text. */
  public static void main(String[] args) {
    System.out.print(text());
  }

  /** The help text, ending with a newline. */
  public static String text() {
    return """
        Usage: ./run-sweep.sh <workload> [options]
               ./run-sweep.sh --resume <results-dir> [--hosts FILE] [-p KEY=VALUE ...]

        Runs one YCSB workload against each store in turn: loads the data once per store, then answers two
        questions, each step a separate, unmodified YCSB 0.17.0 client JVM:
          1. capacity search (closed loop): one step per client thread count (1, 2, 4, ...) until throughput
             stops growing beyond its confidence interval: the peak;
          2. latency under offered load (open loop): fixed-rate steps at fractions of that peak, with latency from
             each request's intended start (coordinated omission corrected): the latency-vs-load curve, and the
             capacity = the highest offered rate sustained (>= 95 %% achieved) that met the objective (--slo);
        then measures the harness floor: YCSB's BasicDB (no store) at each fixed-rate step's threads and rate. Writes results/<UTC time>-<workload>/ (docs/results-format.md): HDR
        interval logs per store x step x operation, step.json files, saturation.json, manifest.json and the report.
        The last line printed is that folder's path. Progress goes to stderr.

        <workload>             a file in workloads/ by name (workloada; case does not matter) or a path to a
                               YCSB workload file

        Options:
          --stores LIST        stores to sweep, in order, comma-separated (default: redisjson,mongodb,elasticsearch,
                               or the stores the --hosts file names);
                               basicdb is YCSB's no-op site.ycsb.BasicDB: no server, measures the runner itself
          --threads LIST|auto  client thread counts, e.g. 1,2,4 (default: auto = 1,2,4,8,... up to --max-threads,
                               stopping at saturation)
          --max-threads N      last thread count of auto (default: %d)
          --rates LIST         fixed target rates in ops/s, e.g. 250,6000: one throttled step per rate (per
                               thread count of an explicit --threads list, else at %d threads); these steps record
                               both service time and intended latency (coordinated omission corrected). Alone,
                               they replace both phases; add --load-fractions to run those too
          --load-fractions L   offered loads of the load phase as fractions of the peak, or none (default:
                               0.1,0.25,0.5,0.7,0.8,0.9,0.95,1,1.1)
          --slo OBJECTIVE      latency objective of the capacity: intended latency of every operation, all
                               requests, e.g. p99<=10ms (default), p99.9<=50ms, p50<=500us
          --floor-seconds N    measured seconds of each harness-floor step; 0 = no floor (default: %d)
          --step-seconds N     measured seconds per step, after the warm-up (default: %d)
          --warmup-seconds N   seconds at the start of every step left out of all numbers (default: %d)
          --records N          records loaded into each store (default: %d)
          --load-threads N     client threads of the load phase (default: %d; the load is not measured)
          --max-error-pct P    a step with more than P %% failed operations fails and ends that store's sweep
                               (default: %s)
          --max-p99-ms MS      end a store's sweep after a step whose p99 latency (worst operation; intended
                               latency in fixed-rate steps) passes MS milliseconds (default: no bound)
          --hosts FILE         remote stores: a hosts file (terraform output; the format of
                               .stores/hosts-single.json); without it the local stores are installed and started
                               one at a time with scripts/stores.sh (the others stopped), stopped after their sweep
          --out DIR            folder in which the run folder is created (default: results/)
          --resume DIR         complete an interrupted or failed run: re-reads DIR/manifest.json, keeps every
                               complete step and re-runs the others (the load is repeated first)
          --no-pin             do not pin the client and the local server to separate CPUs (default: pinned
                               when the machine has 2 or more CPUs and taskset exists)
          -p KEY=VALUE         YCSB property for the load and every step, repeatable (e.g. -p fieldcount=5);
                               -p operationcount=N ends a step after N operations if that comes first
          -h, --help           this text

        Capacity search: it ends when a step's throughput did not clear the best step's by more than %s%% and
        by its 95%% confidence interval (per-second counts) for %d steps in a row, when a step passes the error
        or p99 bound, when the client used > 90%% of its CPUs (client-bound: never taken for the store's limit),
        or when a step fails. saturation.json records the peak (a lower bound when the ramp was still growing),
        the capacity under the objective, and why.

        Environment: SWEEP_CLIENT_JVM_OPTS  flags of each YCSB client JVM (default: %s)
                     SWEEP_JVM_OPTS         flags of the runner's own JVM (default: -Xmx2g)
                     STORES_HOME            where scripts/stores.sh keeps the local stores (default: .stores/)
                     SWEEP_MACHINE_BASELINE scripts/baseline.sh output kept in the manifest (default:
                                            /var/lib/ycsb-docsearch/baseline.json when it exists)

        Exit status: 0 every store's sweep finished; 1 a step or a store failed (see its step.json; the results
        are kept); 2 bad input or a store not reachable (nothing was started); 130 interrupted (--resume it).
        """.formatted(Defaults.MAX_THREADS, Defaults.RATE_THREADS, Defaults.FLOOR_SECONDS, Defaults.STEP_SECONDS,
        Defaults.WARMUP_SECONDS,
        Defaults.RECORDS, Defaults.LOAD_THREADS, fmt(Defaults.MAX_ERROR_PCT), fmt(Defaults.GROWTH_PCT),
        Defaults.FLAT_STEPS, Defaults.CLIENT_JVM_OPTS);
  }

  private static String fmt(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
  }
}
