package io.github.ycsbdocsearch.sweep.cli;

import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.data.Dataset;
import io.github.ycsbdocsearch.common.workload.DocSearchWorkload;
import io.github.ycsbdocsearch.sweep.plan.PropertyFile;
import io.github.ycsbdocsearch.sweep.plan.Slo;
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
import java.util.OptionalDouble;
import java.util.Properties;
import java.util.Set;
import picocli.CommandLine;

/**
 * Parses {@code ./run-sweep.sh} arguments into a {@link Command}. Every mistake throws a {@link
 * SetupException} with one line naming the option and the value, before anything is started.
 * Options take their value as the next argument or after '=' ({@code --threads 1,2} or {@code
 * --threads=1,2}). Stateless apart from the repository root.
 */
public final class OptionsParser {
  /** YCSB properties the runner sets itself, with the option to use instead. */
  static final Map<String, String> RESERVED =
      Map.ofEntries(
          Map.entry("threadcount", "--threads"),
          Map.entry("target", "--rates"),
          Map.entry("maxexecutiontime", "--step-seconds and --warmup-seconds"),
          Map.entry("db", "--stores"),
          Map.entry("workload", "the <workload> argument or the first -P file"),
          Map.entry("dotransactions", "nothing (the runner loads)"),
          Map.entry("measurementtype", "nothing (always hdrhistogram)"),
          Map.entry("measurement.interval", "nothing (always both)"),
          Map.entry("hdrhistogram.fileoutput", "nothing (always true)"),
          Map.entry("hdrhistogram.output.path", "nothing (each step's hdr/ folder)"),
          Map.entry("status.interval", "nothing (always 1 s)"),
          Map.entry("exportfile", "nothing (ycsb.out)"));

  /**
   * YCSB client flags that a user of YCSB types out of habit, with the sweep's option that decides
   * the same thing: the sweep chooses threads and offered rates itself, step by step.
   */
  static final Map<String, String> YCSB_FLAGS =
      Map.of(
          "-threads",
          "--threads LIST|auto (the ramp's thread counts; --max-threads N ends auto)",
          "-target",
          "--rates LIST (fixed offered rates, ops/s; without it the sweep finds the capacity)");

  /** YCSB's property of how many records the load inserts: {@code --records} when given wins. */
  static final String RECORD_COUNT = "recordcount";

  private static final Set<String> RESUMABLE =
      Set.of(SweepCommandLine.RESUME, SweepCommandLine.HOSTS, SweepCommandLine.PROPERTY);

  /** The stores swept without --stores or --hosts. */
  private static final List<SweepTarget> DEFAULT_STORES =
      List.of(
          SweepTarget.of(StoreKind.REDISJSON),
          SweepTarget.of(StoreKind.MONGODB),
          SweepTarget.of(StoreKind.ELASTICSEARCH));

  private final Path repoRoot;

  public OptionsParser(Path repoRoot) {
    this.repoRoot = repoRoot;
  }

  /**
   * Parses the arguments: picocli splits them by the declaration in {@link SweepCommandLine} and
   * converts each value ({@link Converters}); the options are checked against each other here.
   */
  public Command parse(String... args) {
    SweepCommandLine cl = new SweepCommandLine();
    CommandLine parser = SweepCommandLine.parser(cl);
    // Help wins over every mistake, and picocli converts (so checks) each value as it meets it:
    // look for help first.
    boolean help =
        parser.getCommandSpec().options().stream()
            .filter(CommandLine.Model.OptionSpec::usageHelp)
            .flatMap(o -> Arrays.stream(o.names()))
            .anyMatch(Arrays.asList(args)::contains);
    if (help) {
      return new Command.Help();
    }
    refuseYcsbFlags(args);
    CommandLine.ParseResult parsed;
    try {
      parsed = parser.parseArgs(args);
    } catch (CommandLine.UnmatchedArgumentException e) {
      List<String> unmatched = e.getUnmatched();
      String first = unmatched.isEmpty() ? "?" : unmatched.get(0);
      if (first.startsWith("-") && !first.equals("-")) {
        throw new SetupException(
            "unknown option " + first + " (./run-sweep.sh --help lists the options)");
      }
      throw new SetupException("one workload per run, got: " + String.join(" ", unmatched));
    } catch (CommandLine.OverwrittenOptionException e) {
      throw new SetupException("option " + name(e.getOverwritten()) + " is given twice");
    } catch (CommandLine.MissingParameterException e) {
      throw new SetupException(
          "option "
              + (e.getMissing().isEmpty() ? "?" : name(e.getMissing().get(0)))
              + " needs a value");
    } catch (CommandLine.ParameterException e) {
      throw malformed(e);
    }
    for (CommandLine.Model.OptionSpec o : parsed.matchedOptions()) {
      // A list option is a collection to picocli, which adds a repeated one up instead of refusing
      // it.
      if (!o.longestName().equals(SweepCommandLine.PROPERTY)
          && !o.longestName().equals(SweepCommandLine.PROPERTY_FILE)
          && o.originalStringValues().size() > 1) {
        throw new SetupException("option " + o.longestName() + " is given twice");
      }
    }
    if (cl.resume != null) {
      Map<String, String> props = new LinkedHashMap<>();
      cl.properties.forEach(kv -> addProperty(props, kv));
      return resume(cl, parsed, props);
    }
    // YCSB's order: the workload file, each later -P file over it, -p over them all.
    List<String> files = new ArrayList<>();
    if (cl.workload != null) {
      files.add(cl.workload);
    }
    files.addAll(cl.propertyFiles);
    if (files.isEmpty()) {
      throw new SetupException(
          "missing <workload>: ./run-sweep.sh <workload> [options] or ./run-sweep.sh -P FILE"
              + " [options] (--help lists the options)");
    }
    WorkloadFile workload = WorkloadFile.resolve(files.get(0), repoRoot);
    List<PropertyFile> layers = new ArrayList<>();
    Map<String, String> props = new LinkedHashMap<>();
    for (String name : files.subList(1, files.size())) {
      PropertyFile layer = PropertyFile.read(WorkloadFile.locate(name, repoRoot));
      layers.add(layer);
      layer
          .properties()
          .forEach((k, v) -> addProperty(props, k, v, SweepCommandLine.PROPERTY_FILE + " " + name));
    }
    cl.properties.forEach(kv -> addProperty(props, kv));
    datasetProperties(cl, props);
    return new Command.Run(options(cl, workload, layers, props));
  }

  /**
   * Refuses YCSB's own client flags with the option that replaces them, before picocli would call
   * them unknown: they are habits, not typos.
   */
  private static void refuseYcsbFlags(String... args) {
    for (String a : args) {
      String flag = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      String instead = YCSB_FLAGS.get(flag);
      if (instead != null) {
        throw new SetupException(
            flag + " is YCSB's client option; the sweep decides it by " + instead);
      }
    }
  }

  /**
   * A value picocli could not convert, as one line: a converter's {@link
   * CommandLine.TypeConversionException} says what it expected, the option's name and the value are
   * added here; a {@link SetupException} (an unknown store, an objective's form) is worded already.
   */
  private static SetupException malformed(CommandLine.ParameterException e) {
    if (e.getCause() instanceof SetupException s) {
      return s;
    }
    if (e.getCause() instanceof CommandLine.TypeConversionException t) {
      return new SetupException(
          name(e.getArgSpec()) + " '" + e.getValue() + "' is malformed: " + t.getMessage());
    }
    return new SetupException(firstLine(e.getMessage()));
  }

  private static Command resume(
      SweepCommandLine cl, CommandLine.ParseResult parsed, Map<String, String> props) {
    for (CommandLine.Model.OptionSpec o : parsed.matchedOptions()) {
      if (!RESUMABLE.contains(o.longestName())) {
        throw new SetupException(
            "--resume takes the run's options from its manifest.json: drop " + o.longestName());
      }
    }
    if (cl.workload != null) {
      throw new SetupException(
          "--resume takes the run's options from its manifest.json: drop " + cl.workload);
    }
    return new Command.Resume(cl.resume, Optional.ofNullable(cl.hosts), props);
  }

  private SweepOptions options(
      SweepCommandLine cl,
      WorkloadFile workload,
      List<PropertyFile> layers,
      Map<String, String> props) {
    Optional<HostsFile> hosts = Optional.ofNullable(cl.hosts).map(HostsFile::read);
    // With a hosts file and no --stores, sweep the stores it names (a terraform setup holds one
    // store).
    List<SweepTarget> targets =
        cl.stores != null ? cl.stores : hosts.map(OptionsParser::storesOf).orElse(DEFAULT_STORES);
    if (cl.maxThreads != null && cl.threads != null && !cl.threads.auto()) {
      throw new SetupException("--max-threads only applies to --threads auto");
    }
    ThreadPlan threads =
        cl.threads != null && !cl.threads.auto()
            ? cl.threads
            : ThreadPlan.doubling(or(cl.maxThreads, Defaults.MAX_THREADS));
    List<Integer> rates = or(cl.rates, List.of());
    // The runner sets recordcount from the records itself: a later file's or -p's is taken out of
    // the properties and counts as --records would, below it (as YCSB layers -p over -P).
    String recordCount = props.remove(RECORD_COUNT);
    int records = records(cl, workload, recordCount);
    if (props.containsKey(Dataset.FILE_PROPERTY)) {
      // A dataset decides how many records there are: checked whole here, before anything starts.
      // With the same
      // properties as the preflight (workload file, then -p on top), so the preflight finds it
      // checked already.
      if (cl.records != null || recordCount != null) {
        throw new SetupException(
            (cl.records != null ? "--records" : RECORD_COUNT)
                + " does not go with --dataset: the record count comes from the file");
      }
      Properties p = new Properties();
      p.putAll(workload.properties());
      p.putAll(props);
      records = (int) Math.min(Integer.MAX_VALUE, Dataset.check(p));
    }
    OptionalDouble maxP99 =
        cl.maxP99Ms == null ? OptionalDouble.empty() : OptionalDouble.of(cl.maxP99Ms);
    hosts.ifPresent(h -> targets.forEach(t -> t.kind().ifPresent(h::propertiesOf)));
    Path out = (cl.out != null ? cl.out : repoRoot.resolve("results")).toAbsolutePath();
    Slo slo = cl.slo != null ? cl.slo : Slo.parse(Slo.DEFAULT);
    // Explicit --rates alone keep their meaning (only those rates); --load-fractions adds the two
    // phases back.
    List<Double> fractions =
        cl.loadFractions != null
            ? cl.loadFractions
            : rates.isEmpty() ? Defaults.LOAD_FRACTIONS : List.of();
    String arrivals = cl.arrivals == null ? Defaults.ARRIVALS : Converters.label(cl.arrivals);
    String seed = props.get(SweepOptions.ARRIVALS_SEED_PROPERTY);
    if (seed != null && !seed.trim().matches("-?\\d{1,18}")) {
      throw new SetupException(
          "property "
              + SweepOptions.ARRIVALS_SEED_PROPERTY
              + "='"
              + seed
              + "' is malformed: expected a whole number (the first arrival seed of the fixed-rate"
              + " steps)");
    }
    if (targets.stream().anyMatch(t -> t.name().equals(SweepTarget.MM1))) {
      SweepTarget.checkMm1(props);
    }
    // A hosts file that names other client machines drives load from all of them unless --clients
    // says otherwise.
    int others = hosts.map(h -> h.clients().size()).orElse(0);
    int clients = or(cl.clients, others > 0 ? others + 1 : Defaults.CLIENTS);
    checkClients(clients, targets, workload, props);
    if (clients > 1 && arrivals.equals("uniform")) {
      // Each client offers its share on a schedule of its own: several evenly spaced schedules at
      // random phases add up to no evenly spaced one, while independent Poisson schedules add up to
      // one Poisson schedule at the step's rate.
      throw new SetupException(
          "--arrivals uniform does not go with "
              + clients
              + " clients: their schedules would not add up to one uniform schedule (poisson"
              + " schedules do: leave --arrivals out)");
    }
    if (others > 0 && clients > others + 1) {
      throw new SetupException(
          "--clients "
              + clients
              + " needs "
              + (clients - 1)
              + " other client machines; hosts "
              + "file "
              + hosts.get().source()
              + " names "
              + others);
    }
    return new SweepOptions(
        workload,
        layers,
        targets,
        threads,
        rates,
        or(cl.stepSeconds, Defaults.STEP_SECONDS),
        or(cl.warmupSeconds, Defaults.WARMUP_SECONDS),
        records,
        or(cl.loadThreads, Defaults.LOAD_THREADS),
        or(cl.maxErrorPct, Defaults.MAX_ERROR_PCT),
        maxP99,
        hosts,
        out,
        !cl.noPin,
        props,
        slo,
        fractions,
        or(cl.floorSeconds, Defaults.FLOOR_SECONDS),
        localSetup(cl, hosts.isPresent()),
        arrivals,
        search(cl),
        clients,
        soak(cl),
        fault(cl, hosts));
  }

  /**
   * Several clients need a store outside the client (the M/M/1 store's server lives in each client
   * JVM). A workload that inserts while it runs needs the suite's workload class, which gives each
   * client its own keys ({@link io.github.ycsbdocsearch.common.workload.KeyLayout}); another
   * class's YCSB numbers every client's inserts from the same first key, so two clients would write
   * the same records.
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
          "--clients "
              + clients
              + " does not go with the mm1 store: its simulated server lives "
              + "in each client JVM, so every client would have its own");
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
          "--clients "
              + clients
              + " cannot split "
              + workload.name()
              + ": it inserts while "
              + "it runs (insertproportion="
              + inserts.trim()
              + ") and its workload class '"
              + cls
              + "' would insert "
              + "the same keys from every client ("
              + DocSearchWorkload.class.getName()
              + " gives each its own)");
    }
  }

  /** Whether the workload class is the suite's, which honours the clients' key layout. */
  private static boolean spreadsInserts(String cls) {
    try {
      return DocSearchWorkload.class.isAssignableFrom(
          Class.forName(cls, false, OptionsParser.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** --soak and --soak-load (one fraction, above 0 and at most 1.5). */
  private static SweepOptions.Soak soak(SweepCommandLine cl) {
    if (cl.soakLoad != null && (cl.soakSeconds == null || cl.soakSeconds == 0)) {
      throw new SetupException("--soak-load applies to --soak only");
    }
    if (cl.soakLoad != null
        && (cl.soakLoad.size() != 1 || cl.soakLoad.get(0) <= 0 || cl.soakLoad.get(0) > 1.5)) {
      throw new SetupException(
          "--soak-load '"
              + cl.soakLoad
              + "' is malformed: expected one fraction above 0 and "
              + "at most 1.5");
    }
    return new SweepOptions.Soak(
        or(cl.soakSeconds, 0), cl.soakLoad == null ? Defaults.SOAK_LOAD : cl.soakLoad.get(0));
  }

  /**
   * --fault KIND@T[+D] and --fault-load: a cluster, local or a hosts file's whose servers take
   * faults over SSH (its {@code "fault"} entry); T at least 1 s into the window, D at least 1 s.
   */
  private static SweepOptions.Fault fault(SweepCommandLine cl, Optional<HostsFile> hosts) {
    if (cl.faultLoad != null && cl.fault == null) {
      throw new SetupException("--fault-load applies to --fault only");
    }
    if (cl.fault == null) {
      return SweepOptions.Fault.NONE;
    }
    if (cl.faultLoad != null
        && (cl.faultLoad.size() != 1 || cl.faultLoad.get(0) <= 0 || cl.faultLoad.get(0) > 1.5)) {
      throw new SetupException(
          "--fault-load '"
              + cl.faultLoad
              + "' is malformed: expected one fraction above 0 and "
              + "at most 1.5");
    }
    SweepOptions.Fault fault =
        SweepOptions.Fault.parse(
            cl.fault, cl.faultLoad == null ? Defaults.FAULT_LOAD : cl.faultLoad.get(0));
    if (hosts.isPresent()) {
      HostsFile h = hosts.get();
      if ("kill-unreplicated".equals(fault.kind())) {
        throw new SetupException(
            "--fault kill-unreplicated runs on the local cluster only: the servers' fault helper"
                + " cannot pause a replica");
      }
      if (!"cluster".equals(h.topology())) {
        throw new SetupException(
            "--fault needs a cluster: hosts file "
                + h.source()
                + " says topology '"
                + h.topology()
                + "', and a single server lost is an outage, not a failover");
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
    if (cl.topology == null || !"cluster".equals(Converters.label(cl.topology))) {
      throw new SetupException(
          "--fault needs --topology cluster: a single server lost is an outage, not a "
              + "failover");
    }
    return fault;
  }

  /**
   * --topology, --profile and --memory-mb: how local stores start; a hosts file's stores are
   * already running.
   */
  private static SweepOptions.LocalSetup localSetup(SweepCommandLine cl, boolean remote) {
    if (remote && (cl.topology != null || cl.profile != null || cl.memoryMb != null)) {
      throw new SetupException(
          "--topology, --profile and --memory-mb apply to local stores only: the stores of "
              + "--hosts run as they were set up");
    }
    SweepOptions.LocalSetup d = SweepOptions.LocalSetup.DEFAULT;
    return new SweepOptions.LocalSetup(
        cl.topology == null ? d.topology() : Converters.label(cl.topology),
        cl.profile == null ? d.profile() : Converters.label(cl.profile),
        or(cl.memoryMb, d.memoryMb()));
  }

  /**
   * The records to load: {@code --records}, else the last recordcount of the later files and {@code
   * -p}, else the workload file's, else the default.
   */
  private static int records(SweepCommandLine cl, WorkloadFile workload, String layered) {
    if (cl.records != null) {
      return cl.records;
    }
    String fromFile = workload.properties().get(RECORD_COUNT);
    if (layered == null && fromFile == null) {
      return Defaults.RECORDS;
    }
    String value = layered != null ? layered : fromFile;
    return positiveInt(RECORD_COUNT, value, layered != null ? "" : " (" + workload.path() + ")");
  }

  /**
   * A property that must be a whole number from 1 up.
   *
   * @param where where it was set, for the message ("" for -p)
   */
  private static int positiveInt(String key, String value, String where) {
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // Worded below, as for a value below 1.
    }
    throw new SetupException(
        key
            + "='"
            + value
            + "'"
            + where
            + " is malformed: expected an integer from 1 to "
            + Integer.MAX_VALUE);
  }

  /**
   * The search's limits: the defaults, or with {@code --precision} as many probes as reach it
   * within {@code --max-minutes} (its default then {@link Defaults#PRECISION_MAX_MINUTES}).
   */
  private static SweepOptions.Search search(SweepCommandLine cl) {
    boolean asked = cl.precision != null;
    if (asked && !(cl.precision > 0)) {
      throw new SetupException("--precision must be above 0 %");
    }
    double minutes = or(cl.maxMinutes, asked ? Defaults.PRECISION_MAX_MINUTES : 0.0);
    return new SweepOptions.Search(
        or(cl.searchProbes, asked ? Defaults.PRECISION_MAX_PROBES : Defaults.SEARCH_MAX_PROBES),
        or(cl.searchBudget, asked ? (int) Math.ceil(60 * minutes) : Defaults.SEARCH_BUDGET_SECONDS),
        asked ? cl.precision / 100 : Defaults.SEARCH_PRECISION,
        asked,
        minutes);
  }

  /** The option's value, or its default when it was not given. */
  private static <T> T or(T given, T def) {
    return given != null ? given : def;
  }

  /**
   * --dataset and --text-mode are the workload's properties (an absolute path: every step runs
   * elsewhere).
   */
  private static void datasetProperties(SweepCommandLine cl, Map<String, String> props) {
    if (cl.textMode != null && cl.dataset == null) {
      throw new SetupException(
          "--text-mode applies to --dataset only (generated text is canonical already)");
    }
    if (cl.dataset != null) {
      props.put(Dataset.FILE_PROPERTY, cl.dataset.toAbsolutePath().normalize().toString());
      props.put(
          Dataset.TEXT_MODE_PROPERTY,
          (cl.textMode == null ? Dataset.TextMode.CANONICAL : cl.textMode).label());
    }
  }

  private static String name(CommandLine.Model.ArgSpec a) {
    return a instanceof CommandLine.Model.OptionSpec o ? o.longestName() : a.paramLabel();
  }

  private static String firstLine(String s) {
    int nl = s == null ? -1 : s.indexOf('\n');
    return nl < 0 ? String.valueOf(s) : s.substring(0, nl);
  }

  /** Parses {@code -p key=value} into {@code props}, refusing properties the runner owns. */
  static void addProperty(Map<String, String> props, String kv) {
    int eq = kv.indexOf('=');
    if (eq <= 0) {
      throw new SetupException("-p '" + kv + "' is malformed: expected key=value");
    }
    addProperty(props, kv.substring(0, eq).trim(), kv.substring(eq + 1), SweepCommandLine.PROPERTY);
  }

  /**
   * Puts one property into {@code props} (a later one replaces an earlier one), refusing those the
   * runner owns.
   *
   * @param source where it was set, for the message: {@code -p} or {@code -P FILE}
   */
  private static void addProperty(
      Map<String, String> props, String key, String value, String source) {
    String instead = RESERVED.get(key);
    if (instead != null) {
      throw new SetupException(
          (source.equals(SweepCommandLine.PROPERTY) ? "-p " + key : key + " in " + source)
              + " is set by the runner: use "
              + instead);
    }
    if (key.equals("operationcount") || key.equals(RECORD_COUNT)) {
      positiveInt(
          (source.equals(SweepCommandLine.PROPERTY) ? "-p " : "") + key,
          value,
          source.equals(SweepCommandLine.PROPERTY) ? "" : " in " + source);
    }
    props.put(key, value);
  }

  private static List<SweepTarget> storesOf(HostsFile hosts) {
    List<SweepTarget> targets = new ArrayList<>();
    for (StoreKind k : StoreKind.values()) {
      if (hosts.has(k)) {
        targets.add(SweepTarget.of(k));
      }
    }
    if (targets.isEmpty()) {
      throw new SetupException("hosts file " + hosts.source() + " names no store");
    }
    return targets;
  }
}
