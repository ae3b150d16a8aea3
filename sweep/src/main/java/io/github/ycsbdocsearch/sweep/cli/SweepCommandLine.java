package io.github.ycsbdocsearch.sweep.cli;

import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.data.Dataset;
import io.github.ycsbdocsearch.common.workload.DocSearchWorkload;
import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.sweep.plan.PropertyFile;
import io.github.ycsbdocsearch.sweep.plan.ThreadPlan;
import io.github.ycsbdocsearch.sweep.plan.WorkloadFile;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The one declaration of every option of {@code ./run-sweep.sh}: picocli parses the command line
 * into these fields and writes {@code --help} from them (docs/cli/run-sweep-help.txt holds that
 * text, checked by a test, so --help needs no build); {@link #plan} checks them against each other,
 * applies the defaults of those not given ({@link Defaults}) and puts each into its field of the
 * {@link RunPlan}. An option is added here and in the plan's field, nowhere else (the manifest and
 * {@code --resume} take the plan as Jackson writes it). Each value is checked as picocli converts
 * it ({@link Converters}); a field is null when its option is absent. One instance per parse.
 */
@Command(
    name = "./run-sweep.sh",
    usageHelpWidth = 118,
    sortOptions = false,
    customSynopsis = {
      "./run-sweep.sh <workload> [options]",
      "       ./run-sweep.sh -P FILE [-P FILE ...] [options]",
      "       ./run-sweep.sh --resume <results-dir> [--hosts FILE] [-p KEY=VALUE ...]"
    },
    description =
        """

        Runs one YCSB workload against each store in turn: loads the data once per store, then answers two
        questions, each step a separate, unmodified YCSB 0.17.0 client JVM:
          1. the ramp (closed loop): one step per client thread count (1, 2, 4, ...) until throughput
             stops growing beyond its confidence interval: the peak;
          2. latency under offered load (open loop): fixed-rate steps at fractions of that peak, one Poisson
             arrival schedule shared by all client threads, latency from each request's scheduled arrival
             (coordinated omission corrected): the latency-vs-load curve; then the capacity: the offered rate
             where the share of operations over the objective (--slo) reaches its limit, estimated from every
             fixed-rate window with a 95 %% interval, and probes placed where they narrow it, until it is within
             +-3 %% or --search-budget is spent;
        then measures the harness floor: YCSB's BasicDB (no store) at each fixed-rate step's threads and rate.
        Writes results/<UTC time>-<workload>/ (docs/results-format.md). The last line printed is that folder's
        path. Progress goes to stderr.
        """,
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer =
        "\nThe ramp ends when a step's throughput did not clear the best step's by more than "
            + Defaults.GROWTH_PCT_TEXT
            + " %% and\nby its 95 %% confidence interval (per-second counts) for "
            + Defaults.FLAT_STEPS
            + """
             steps in a row, when a step passes the error
            or p99 bound, when the client used > 90 %% of its CPUs, JIT compiler left out (client-limited: never taken
            for the store's limit),
            or when a step fails. A ramp step whose throughput's 95 %% interval is wider than +-25 %% is run once more.
            capacity.json records the peak (a lower bound when the ramp was still growing), the capacity under the
            objective with its bracket, confidence and every probe (a lower bound when the top of the range passed
            or the client limited it), and why.

            Environment: SWEEP_CLIENT_JVM_OPTS  flags of each YCSB client JVM (default: \
            """
            + Defaults.CLIENT_JVM_OPTS
            + """
            )
                         SWEEP_JVM_OPTS         flags of the runner's own JVM (default: -Xmx2g)
                         STORES_HOME            where scripts/stores.sh keeps the local stores (default: .stores/)
                         SWEEP_MACHINE_FINGERPRINT  scripts/machine-fingerprint.sh output kept in the manifest as
                                                    machine_baseline (default: /var/lib/ycsb-docsearch/
                                                    machine-fingerprint.json when it exists; \
            SWEEP_MACHINE_BASELINE,
                                                    the previous name, is still read)

            Exit status: 0 every store's sweep finished; 1 a step or a store failed (see its step.json; the results
            are kept); 2 bad input or a store not reachable (nothing was started); 130 interrupted (--resume it).\
            """)
final class SweepCommandLine {
  /** The options {@code --resume} goes with: the run's manifest holds every other. */
  static final String RESUME = "--resume";

  static final String HOSTS = "--hosts";
  static final String PROPERTY = "-p";
  static final String PROPERTY_FILE = "-P";
  static final String TAG = "--tag";

  /** The options that may be given more than once (the others are refused the second time). */
  static final Set<String> REPEATABLE = Set.of(PROPERTY, PROPERTY_FILE, TAG);

  /** How local stores are laid out. */
  enum Topology {
    SINGLE,
    CLUSTER
  }

  /** Durability profile of the local stores. */
  enum Profile {
    RELAXED,
    STRICT
  }

  /** Arrival process of the fixed-rate steps. */
  enum Arrivals {
    POISSON,
    UNIFORM
  }

  /**
   * A parser for {@code cl}: enums are written in lower case and each value is given once (a second
   * value would silently win; list options would silently add up).
   */
  static CommandLine parser(SweepCommandLine cl) {
    return new CommandLine(cl)
        .setOverwrittenOptionsAllowed(false)
        .setUnmatchedOptionsArePositionalParams(false)
        .registerConverter(Topology.class, new Converters.OneOf<>(Topology.class))
        .registerConverter(Profile.class, new Converters.OneOf<>(Profile.class))
        .registerConverter(Arrivals.class, new Converters.OneOf<>(Arrivals.class))
        .registerConverter(Dataset.TextMode.class, new Converters.OneOf<>(Dataset.TextMode.class));
  }

  @Parameters(
      arity = "0..1",
      paramLabel = "<workload>",
      description =
          "a file in workloads/ by name (workloada; case does not matter) or a path to a YCSB"
              + " workload file")
  String workload;

  @Option(
      names = PROPERTY_FILE,
      paramLabel = "FILE",
      description =
          "a YCSB workload or properties file, as YCSB's -P: named like <workload>, repeatable; the"
              + " first file (or <workload>) is the workload, each later one overrides its keys,"
              + " -p overrides them all; recordcount sets the records unless --records is given."
              + " YCSB's -threads and -target are refused: the sweep's are --threads and --rates")
  List<String> propertyFiles = new ArrayList<>();

  @Option(
      names = "--stores",
      converter = Converters.Stores.class,
      paramLabel = "LIST",
      description =
          "stores to sweep, in order, comma-separated (default: redisjson,mongodb,elasticsearch, or"
              + " the stores the --hosts file names); basicdb is YCSB's no-op BasicDB (answering"
              + " SEARCH with an empty page): no server, measures the runner itself")
  List<SweepTarget> stores;

  @Option(
      names = "--threads",
      converter = Converters.Threads.class,
      paramLabel = "LIST|auto",
      description =
          "the ramp's thread counts, e.g. 1,2,4 (default: auto = 1,2,4,8,... up to"
              + " --max-threads, stopping at the peak)")
  ThreadPlan threads;

  @Option(
      names = "--max-threads",
      converter = Converters.PositiveInt.class,
      paramLabel = "N",
      description = "last thread count of auto (default: " + Defaults.MAX_THREADS + ")")
  Integer maxThreads;

  @Option(
      names = "--load-fractions",
      converter = Converters.Fractions.class,
      paramLabel = "LIST",
      description =
          "offered loads of the load phase as fractions of the peak, or none (default: "
              + Defaults.LOAD_FRACTIONS_TEXT
              + ")")
  List<Double> loadFractions;

  @Option(
      names = "--slo",
      converter = Converters.LatencyObjective.class,
      paramLabel = "OBJECTIVE",
      description =
          "latency objective of the capacity: intended latency of every operation, all requests,"
              + " e.g. p99<=10ms (default), p99.9<=50ms, p50<=500us")
  Objective slo;

  @Option(
      names = "--arrivals",
      paramLabel = "PROCESS",
      description =
          "arrival process of every fixed-rate step, one schedule shared by all client threads:"
              + " poisson (default: exponential gaps, as independent users arrive) or uniform (a"
              + " fixed period)")
  Arrivals arrivals;

  @Option(
      names = "--search-probes",
      converter = Converters.NonNegativeInt.class,
      paramLabel = "N",
      description =
          "fixed-rate probes the capacity search may run after the latency curve, at most (the"
              + " budget usually ends it first); 0 = the capacity is estimated from the curve's"
              + " windows only (default: "
              + Defaults.SEARCH_MAX_PROBES
              + ")")
  Integer searchProbes;

  @Option(
      names = "--search-budget",
      converter = Converters.NonNegativeInt.class,
      paramLabel = "SECONDS",
      description =
          "measured seconds the capacity search's probes may take together after the latency curve;"
              + " it stops sooner when the capacity's 95 %% interval is within +-3 %% (default: "
              + Defaults.SEARCH_BUDGET_SECONDS
              + ")")
  Integer searchBudget;

  @Option(
      names = "--precision",
      converter = Converters.Percent.class,
      paramLabel = "PCT",
      description =
          "the capacity's precision to reach: keep probing near the estimate until its 95 %%"
              + " interval is within +-PCT %% (e.g. 5), or --max-minutes ends it; prints the time"
              + " it expects first (default: +-"
              + Defaults.SEARCH_PRECISION_PCT
              + " %% within --search-budget)")
  Double precision;

  @Option(
      names = "--max-minutes",
      converter = Converters.Minutes.class,
      paramLabel = "MIN",
      description =
          "minutes each store's capacity search (latency curve and probes, warm-ups included) may"
              + " take; no probe starts that would end past it (default: none, or "
              + Defaults.PRECISION_MAX_MINUTES
              + " with --precision)")
  Double maxMinutes;

  @Option(
      names = "--clients",
      converter = Converters.PositiveInt.class,
      paramLabel = "N",
      description =
          "client JVMs that drive every step together, each with its share of the threads and of"
              + " the offered rate, started at one instant; their interval logs are merged exactly"
              + " (default: "
              + Defaults.CLIENTS
              + ")")
  Integer clients;

  @Option(
      names = "--soak",
      converter = Converters.Seconds.class,
      paramLabel = "DURATION",
      description =
          "after the other phases, one fixed-rate step this long (e.g. 30m) at --soak-load of the"
              + " capacity (with --rates alone: at the first rate): throughput and p99 minute by"
              + " minute, their drift, the store's background events and the data set's growth"
              + " (default: none)")
  Integer soakSeconds;

  @Option(
      names = "--soak-load",
      converter = Converters.Fractions.class,
      paramLabel = "F",
      description =
          "the soak's offered load as a fraction of the capacity (default: "
              + Defaults.SOAK_LOAD
              + ")")
  List<Double> soakLoad;

  @Option(
      names = "--fault",
      paramLabel = "KIND@T[+D]",
      description =
          "after the other phases (a cluster: --topology cluster, or a hosts file with its"
              + " \"fault\" servers), two fixed-rate steps at --fault-load of the capacity (with"
              + " --rates alone: at the first rate), the second with one server holding primary"
              + " data killed (kill-primary: SIGKILL; stop-node: SIGTERM; kill-unreplicated, local"
              + " Redis and MongoDB: its replicas paused 2 s first, a fault known to lose"
              + " acknowledged writes under the relaxed profile; os-crash, --hosts only: the server"
              + " rebooted at once through SysRq b, losing what was not fsynced, its restart the"
              + " reboot, waited for from D s on) T s into its window and restarted D s later"
              + " (default "
              + Defaults.FAULT_DOWN_SECONDS
              + "): failed operations, the longest gap, the recovery time and acknowledged "
              + "writes read back (default: none)")
  String fault;

  @Option(
      names = "--fault-load",
      converter = Converters.Fractions.class,
      paramLabel = "F",
      description =
          "the fault steps' offered load as a fraction of the capacity (default: "
              + Defaults.FAULT_LOAD
              + ")")
  List<Double> faultLoad;

  @Option(
      names = "--floor-seconds",
      converter = Converters.NonNegativeInt.class,
      paramLabel = "N",
      description =
          "measured seconds of each harness-floor step (BasicDB at the same threads and rate); 0 ="
              + " no floor (default: "
              + Defaults.FLOOR_SECONDS
              + ")")
  Integer floorSeconds;

  @Option(
      names = "--dataset",
      paramLabel = "FILE",
      description =
          "your own documents instead of the generator's: a JSON Lines file (datasets/README.md;"
              + " built example: scripts/dataset.sh debian); checked line by line before any store"
              + " starts; the record count comes from it")
  Path dataset;

  @Option(
      names = "--text-mode",
      paramLabel = "MODE",
      description =
          "with --dataset: canonical (default: text normalized once so every engine sees the same"
              + " tokens; answers verified identical) or raw (stored as given; verification"
              + " measures how far each engine's answers differ)")
  Dataset.TextMode textMode;

  @Option(
      names = "--rates",
      converter = Converters.Rates.class,
      paramLabel = "LIST",
      description =
          "fixed target rates in ops/s, e.g. 250,6000: one throttled step per rate (per thread"
              + " count of an explicit --threads list, else at "
              + Defaults.RATE_THREADS
              + " threads), with service time and intended "
              + "latency. Alone, they replace both phases; add --load-fractions to run those too")
  List<Integer> rates;

  @Option(
      names = "--step-seconds",
      converter = Converters.PositiveInt.class,
      paramLabel = "N",
      description =
          "measured seconds per step, after the warm-up (default: " + Defaults.STEP_SECONDS + ")")
  Integer stepSeconds;

  @Option(
      names = "--warmup-seconds",
      converter = Converters.NonNegativeInt.class,
      paramLabel = "N",
      description =
          "seconds at the start of every step left out of all numbers (default: "
              + Defaults.WARMUP_SECONDS
              + ")")
  Integer warmupSeconds;

  @Option(
      names = "--records",
      converter = Converters.PositiveInt.class,
      paramLabel = "N",
      description =
          "records loaded into each store (default: the recordcount of -p, of the -P files or of"
              + " the workload file, the later first; else "
              + Defaults.RECORDS
              + ")")
  Integer records;

  @Option(
      names = "--load-threads",
      converter = Converters.PositiveInt.class,
      paramLabel = "N",
      description =
          "client threads of the load (default: "
              + Defaults.LOAD_THREADS
              + "; the load is not measured)")
  Integer loadThreads;

  @Option(
      names = "--max-error-pct",
      converter = Converters.Percent.class,
      paramLabel = "P",
      description =
          "a step with more than P %% failed operations fails and ends that store's sweep (default:"
              + " "
              + Defaults.MAX_ERROR_PCT_TEXT
              + ")")
  Double maxErrorPct;

  @Option(
      names = "--max-p99-ms",
      converter = Converters.Millis.class,
      paramLabel = "MS",
      description =
          "end a store's ramp after a step whose p99 latency (worst operation) passes MS"
              + " milliseconds (default: no bound)")
  Double maxP99Ms;

  @Option(
      names = HOSTS,
      paramLabel = "FILE",
      description =
          "remote stores: a hosts file (terraform output; the format of .stores/hosts-single.json);"
              + " without it the local stores are installed and started one at a time with"
              + " scripts/stores.sh, stopped after their sweep")
  Path hosts;

  @Option(
      names = "--topology",
      paramLabel = "T",
      description =
          "local stores only: single (default: one server each) or cluster (Redis cluster of 3"
              + " masters + 3 replicas, MongoDB 3 shards of 3-member replica sets, Elasticsearch 3"
              + " nodes), started by scripts/stores.sh")
  Topology topology;

  @Option(
      names = "--profile",
      paramLabel = "P",
      description =
          "local stores only: durability profile, relaxed (default: about the last second of"
              + " acknowledged writes may be lost on a crash, every store) or strict (none:"
              + " replicated and durable before the acknowledgement); defined once per store in"
              + " scripts/stores/profiles/")
  Profile profile;

  @Option(
      names = "--memory-mb",
      converter = Converters.PositiveInt.class,
      paramLabel = "N",
      description =
          "local stores only: memory each store may use per server, the same for all (Elasticsearch"
              + " heap, MongoDB cache, Redis maxmemory without eviction; default: "
              + Defaults.MEMORY_MB
              + ")")
  Integer memoryMb;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "folder in which the run folder is created (default: results/)")
  Path out;

  @Option(
      names = RESUME,
      paramLabel = "DIR",
      description =
          "complete an interrupted or failed run: re-reads DIR/manifest.json, keeps every complete"
              + " step and re-runs the others (the load is repeated first)")
  Path resume;

  @Option(
      names = "--no-pin",
      description =
          "do not pin the client and the local server to separate CPUs (default: pinned when the"
              + " machine has 2 or more CPUs and taskset exists)")
  boolean noPin;

  @Option(
      names = PROPERTY,
      paramLabel = "KEY=VALUE",
      description =
          "YCSB property for the load and every step, repeatable (e.g. -p fieldcount=5); -p"
              + " operationcount=N ends a step after N operations if that comes first")
  List<String> properties = new ArrayList<>();

  @Option(
      names = TAG,
      converter = Converters.Tag.class,
      paramLabel = "KEY=VALUE",
      description =
          "a label of the run, repeatable (e.g. --tag host=m5d --tag try=2): recorded in the plan"
              + " in manifest.json, shown in the report, by compare and by bin/docsearch runs; KEY"
              + " of letters, digits, '_', '.' and '-'")
  List<String> tags = new ArrayList<>();

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "this text")
  boolean help;

  /** The stores swept without --stores or --hosts. */
  private static final List<SweepTarget> DEFAULT_STORES =
      List.of(
          SweepTarget.of(StoreKind.REDISJSON),
          SweepTarget.of(StoreKind.MONGODB),
          SweepTarget.of(StoreKind.ELASTICSEARCH));

  /**
   * The plan these options make, checked against each other: the workload and -P files read, the
   * properties of -P and -p layered in {@code props}; the defaults of options not given.
   */
  RunPlan plan(
      Path repoRoot, WorkloadFile workload, List<PropertyFile> layers, Map<String, String> props) {
    datasetProperties(props);
    Optional<HostsFile> hosts = Optional.ofNullable(this.hosts).map(HostsFile::read);
    // With a hosts file and no --stores, sweep the stores it names (a terraform setup has one).
    List<SweepTarget> targets =
        stores != null ? stores : hosts.map(SweepCommandLine::storesOf).orElse(DEFAULT_STORES);
    if (maxThreads != null && this.threads != null && !this.threads.auto()) {
      throw new SetupException("--max-threads only applies to --threads auto");
    }
    ThreadPlan threads =
        this.threads != null && !this.threads.auto()
            ? this.threads
            : ThreadPlan.doubling(or(maxThreads, Defaults.MAX_THREADS));
    List<Integer> rates = or(this.rates, List.of());
    // The runner sets recordcount from the records itself: a later file's or -p's is taken out of
    // the properties and counts as --records would, below it (as YCSB layers -p over -P).
    String recordCount = props.remove(Converters.RECORD_COUNT);
    int records = records(workload, recordCount);
    if (props.containsKey(Dataset.FILE_PROPERTY)) {
      // A dataset decides how many records there are: checked whole here, before anything starts.
      // With the preflight's properties (workload file, then -p), so it finds it checked already.
      if (this.records != null || recordCount != null) {
        throw new SetupException(
            (this.records != null ? "--records" : Converters.RECORD_COUNT)
                + " does not go with --dataset: the record count comes from the file");
      }
      Properties p = new Properties();
      p.putAll(workload.properties());
      p.putAll(props);
      records = (int) Math.min(Integer.MAX_VALUE, Dataset.check(p));
    }
    hosts.ifPresent(h -> targets.forEach(t -> t.kind().ifPresent(h::propertiesOf)));
    Path out = (this.out != null ? this.out : repoRoot.resolve("results")).toAbsolutePath();
    // --rates alone mean only those rates; --load-fractions adds the two phases back.
    List<Double> fractions =
        loadFractions != null
            ? loadFractions
            : rates.isEmpty() ? Defaults.LOAD_FRACTIONS : List.of();
    String arrivals = this.arrivals == null ? Defaults.ARRIVALS : Converters.label(this.arrivals);
    String seed = props.get(RunPlan.ARRIVALS_SEED_PROPERTY);
    if (seed != null && !seed.trim().matches("-?\\d{1,18}")) {
      throw new SetupException(
          "property %s='%s' is malformed: expected a whole number (the first arrival seed of the"
                  .formatted(RunPlan.ARRIVALS_SEED_PROPERTY, seed)
              + " fixed-rate steps)");
    }
    if (targets.stream().anyMatch(t -> t.name().equals(SweepTarget.MM1))) {
      SweepTarget.checkMm1(props);
    }
    // A hosts file naming other client machines drives load from all of them unless --clients says.
    int others = hosts.map(h -> h.clients().size()).orElse(0);
    int clients = or(this.clients, others > 0 ? others + 1 : Defaults.CLIENTS);
    checkClients(clients, targets, workload, props);
    if (clients > 1 && arrivals.equals("uniform")) {
      // Each client offers its share on a schedule of its own: evenly spaced schedules at random
      // phases add up to no evenly spaced one; independent Poisson ones add up to one Poisson one.
      throw new SetupException(
          "--arrivals uniform does not go with %d clients: their schedules would not add up to one"
                  .formatted(clients)
              + " uniform schedule (poisson schedules do: leave --arrivals out)");
    }
    if (others > 0 && clients > others + 1) {
      throw new SetupException(
          "--clients %d needs %d other client machines; hosts file %s names %d"
              .formatted(clients, clients - 1, hosts.get().source(), others));
    }
    return new RunPlan(
        workload,
        layers,
        targets,
        threads,
        rates,
        or(stepSeconds, Defaults.STEP_SECONDS),
        or(warmupSeconds, Defaults.WARMUP_SECONDS),
        records,
        or(loadThreads, Defaults.LOAD_THREADS),
        or(maxErrorPct, Defaults.MAX_ERROR_PCT),
        maxP99Ms,
        hosts.orElse(null),
        out,
        !noPin,
        props,
        or(slo, Objective.DEFAULT),
        fractions,
        or(floorSeconds, Defaults.FLOOR_SECONDS),
        localSetup(hosts.isPresent()),
        arrivals,
        search(),
        clients,
        soak(),
        fault(hosts),
        tags());
  }

  /**
   * Several clients need a store outside the client (the M/M/1 store's server lives in each client
   * JVM). A workload that inserts while it runs needs the suite's workload class, which gives each
   * client its own keys ({@link io.github.ycsbdocsearch.common.workload.KeyLayout}); with another
   * class YCSB numbers every client's inserts from the same first key: they would write the same.
   */
  private static void checkClients(
      int clients, List<SweepTarget> targets, WorkloadFile workload, Map<String, String> props) {
    if (clients == 1) {
      return;
    }
    if (clients > Defaults.MAX_CLIENTS) {
      throw new SetupException("--clients " + clients + " is more than " + Defaults.MAX_CLIENTS);
    }
    if (targets.stream().anyMatch(t -> t.name().equals(SweepTarget.MM1))) {
      throw new SetupException(
          "--clients %d does not go with the mm1 store: its simulated server lives in each client"
                  .formatted(clients)
              + " JVM, so every client would have its own");
    }
    String inserts =
        props.getOrDefault(
            "insertproportion", workload.properties().getOrDefault("insertproportion", "0"));
    double share;
    try {
      share = Double.parseDouble(inserts.trim());
    } catch (NumberFormatException e) {
      throw new SetupException(
          "property insertproportion='" + inserts + "' is malformed: expected a number");
    }
    String cls =
        workload.properties().getOrDefault("workload", "").trim(); // -p workload is refused
    if (share > 0 && !spreadsInserts(cls)) {
      throw new SetupException(
          ("--clients %d cannot split %s: it inserts while it runs (insertproportion=%s) and its"
                  + " workload class '%s' would insert the same keys from every client (%s gives"
                  + " each its own)")
              .formatted(
                  clients,
                  workload.name(),
                  inserts.trim(),
                  cls,
                  DocSearchWorkload.class.getName()));
    }
  }

  /** Whether the workload class is the suite's, which honours the clients' key layout. */
  private static boolean spreadsInserts(String cls) {
    try {
      return DocSearchWorkload.class.isAssignableFrom(
          Class.forName(cls, false, SweepCommandLine.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** --soak and --soak-load (one fraction, above 0 and at most 1.5). */
  private RunPlan.Soak soak() {
    if (soakLoad != null && (soakSeconds == null || soakSeconds == 0)) {
      throw new SetupException("--soak-load applies to --soak only");
    }
    return new RunPlan.Soak(
        or(soakSeconds, 0), oneFraction("--soak-load", soakLoad, Defaults.SOAK_LOAD));
  }

  /** The one fraction of a load option (above 0 and at most 1.5), or its default. */
  private static double oneFraction(String option, List<Double> given, double byDefault) {
    if (given == null) {
      return byDefault;
    }
    if (given.size() != 1 || given.get(0) <= 0 || given.get(0) > 1.5) {
      throw new SetupException(
          option + " '" + given + "' is malformed: expected one fraction above 0 and at most 1.5");
    }
    return given.get(0);
  }

  /**
   * --fault KIND@T[+D] and --fault-load: a cluster, local or a hosts file's whose servers take
   * faults over SSH (its {@code "fault"} entry); T at least 1 s into the window, D at least 1 s.
   */
  private RunPlan.Fault fault(Optional<HostsFile> hosts) {
    if (faultLoad != null && this.fault == null) {
      throw new SetupException("--fault-load applies to --fault only");
    }
    if (this.fault == null) {
      return RunPlan.Fault.NONE;
    }
    RunPlan.Fault fault =
        RunPlan.Fault.parse(
            this.fault, oneFraction("--fault-load", faultLoad, Defaults.FAULT_LOAD));
    if (hosts.isPresent()) {
      HostsFile h = hosts.get();
      if ("kill-unreplicated".equals(fault.kind())) {
        throw new SetupException(
            "--fault kill-unreplicated runs on the local cluster only: the servers' fault helper"
                + " cannot pause a replica");
      }
      if (!"cluster".equals(h.topology())) {
        throw new SetupException(
            "--fault needs a cluster: hosts file %s says topology '%s', and a single server lost"
                    .formatted(h.source(), h.topology())
                + " is an outage, not a failover");
      }
      if (h.faultServers().isEmpty()) {
        throw new SetupException(
            "--fault needs the hosts file's \"fault\" entry (the servers, reached over SSH with "
                + "the fault key): "
                + h.source()
                + " has none; scripts/hosts-from-terraform.sh writes it");
      }
      return fault;
    }
    if ("os-crash".equals(fault.kind())) {
      throw new SetupException(
          "--fault os-crash is a hard reboot of a server through its fault helper: it runs with"
              + " --hosts only; locally the same loss of unsynced data is"
              + " scripts/tests/test_unsynced_crash.sh (docs/faults.md)");
    }
    if (topology == null || !"cluster".equals(Converters.label(topology))) {
      throw new SetupException(
          "--fault needs --topology cluster: a single server lost is an outage, not a failover");
    }
    return fault;
  }

  /** --topology, --profile and --memory-mb: how local stores start (a hosts file's already run). */
  private RunPlan.LocalSetup localSetup(boolean remote) {
    if (remote && (topology != null || profile != null || memoryMb != null)) {
      throw new SetupException(
          "--topology, --profile and --memory-mb apply to local stores only: the stores of "
              + "--hosts run as they were set up");
    }
    RunPlan.LocalSetup d = RunPlan.LocalSetup.DEFAULT;
    return new RunPlan.LocalSetup(
        topology == null ? d.topology() : Converters.label(topology),
        profile == null ? d.profile() : Converters.label(profile),
        or(memoryMb, d.memoryMb()));
  }

  /** Records: --records, else the last recordcount of -P and -p, the workload's, the default. */
  private int records(WorkloadFile workload, String layered) {
    if (this.records != null) {
      return this.records;
    }
    String fromFile = workload.properties().get(Converters.RECORD_COUNT);
    if (layered == null && fromFile == null) {
      return Defaults.RECORDS;
    }
    String value = layered != null ? layered : fromFile;
    return Converters.positiveInt(
        Converters.RECORD_COUNT, value, layered != null ? "" : " (" + workload.path() + ")");
  }

  /**
   * The search's limits: the defaults, or with {@code --precision} as many probes as reach it
   * within {@code --max-minutes} (its default then {@link Defaults#PRECISION_MAX_MINUTES}).
   */
  private RunPlan.Search search() {
    boolean asked = precision != null;
    if (asked && !(precision > 0)) {
      throw new SetupException("--precision must be above 0 %");
    }
    double minutes = or(maxMinutes, asked ? Defaults.PRECISION_MAX_MINUTES : 0.0);
    return new RunPlan.Search(
        or(searchProbes, asked ? Defaults.PRECISION_MAX_PROBES : Defaults.SEARCH_MAX_PROBES),
        or(searchBudget, asked ? (int) Math.ceil(60 * minutes) : Defaults.SEARCH_BUDGET_SECONDS),
        asked ? precision / 100 : Defaults.SEARCH_PRECISION,
        asked,
        minutes);
  }

  /** The --tag labels by key, in the order given; a key given twice is refused. */
  private Map<String, String> tags() {
    Map<String, String> byKey = new LinkedHashMap<>();
    for (String t : tags) {
      String key = t.substring(0, t.indexOf('='));
      if (byKey.put(key, t.substring(key.length() + 1)) != null) {
        throw new SetupException("--tag " + key + " is given twice");
      }
    }
    return byKey;
  }

  /** The option's value, or its default when it was not given. */
  private static <T> T or(T given, T def) {
    return given != null ? given : def;
  }

  /** --dataset and --text-mode as workload properties (an absolute path: steps run elsewhere). */
  private void datasetProperties(Map<String, String> props) {
    if (textMode != null && dataset == null) {
      throw new SetupException(
          "--text-mode applies to --dataset only (generated text is canonical already)");
    }
    if (dataset != null) {
      props.put(Dataset.FILE_PROPERTY, dataset.toAbsolutePath().normalize().toString());
      props.put(
          Dataset.TEXT_MODE_PROPERTY,
          (textMode == null ? Dataset.TextMode.CANONICAL : textMode).label());
    }
  }

  private static List<SweepTarget> storesOf(HostsFile hosts) {
    List<SweepTarget> targets =
        Arrays.stream(StoreKind.values()).filter(hosts::has).map(SweepTarget::of).toList();
    if (targets.isEmpty()) {
      throw new SetupException("hosts file " + hosts.source() + " names no store");
    }
    return targets;
  }
}
