package io.github.ycsbdocsearch.sweep.cli;

import io.github.ycsbdocsearch.common.data.Dataset;
import picocli.CommandLine;

import io.github.ycsbdocsearch.sweep.plan.Slo;

import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.sweep.plan.WorkloadFile;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Parses {@code ./run-sweep.sh} arguments into a {@link Command}. Every mistake throws a {@link SetupException} with
 * one line naming the option and the value, before anything is started. Options take their value as the next
 * argument or after '=' ({@code --threads 1,2} or {@code --threads=1,2}). Stateless apart from the repository root.
 */
public final class OptionsParser {
  /** YCSB properties the runner sets itself, with the option to use instead. */
  static final Map<String, String> RESERVED = Map.ofEntries(
      Map.entry("threadcount", "--threads"), Map.entry("target", "--rates"), Map.entry("recordcount", "--records"),
      Map.entry("maxexecutiontime", "--step-seconds and --warmup-seconds"), Map.entry("db", "--stores"),
      Map.entry("workload", "the <workload> argument"), Map.entry("dotransactions", "nothing (the runner loads)"),
      Map.entry("measurementtype", "nothing (always hdrhistogram)"),
      Map.entry("measurement.interval", "nothing (always both)"),
      Map.entry("hdrhistogram.fileoutput", "nothing (always true)"),
      Map.entry("hdrhistogram.output.path", "nothing (each step's hdr/ folder)"),
      Map.entry("status.interval", "nothing (always 1 s)"), Map.entry("exportfile", "nothing (ycsb.out)"));
  private static final Set<String> RESUMABLE = Set.of("--resume", "--hosts", "-p");

  private final Path repoRoot;

  public OptionsParser(Path repoRoot) {
    this.repoRoot = repoRoot;
  }

  /** Parses the arguments: picocli splits them by the declaration in {@link SweepCommandLine}; values are checked here. */
  public Command parse(String... args) {
    SweepCommandLine cl = new SweepCommandLine();
    CommandLine parser = new CommandLine(cl).setOverwrittenOptionsAllowed(false)
        .setUnmatchedOptionsArePositionalParams(false);
    try {
      parser.parseArgs(args);
    } catch (CommandLine.UnmatchedArgumentException e) {
      List<String> unmatched = e.getUnmatched();
      String first = unmatched.isEmpty() ? "?" : unmatched.get(0);
      if (first.startsWith("-") && !first.equals("-")) {
        throw new SetupException("unknown option " + first + " (./run-sweep.sh --help lists the options)");
      }
      throw new SetupException("one workload per run, got: " + String.join(" ", unmatched));
    } catch (CommandLine.OverwrittenOptionException e) {
      throw new SetupException("option " + name(e.getOverwritten()) + " is given twice");
    } catch (CommandLine.MissingParameterException e) {
      throw new SetupException("option " + (e.getMissing().isEmpty() ? "?" : name(e.getMissing().get(0)))
          + " needs a value");
    } catch (CommandLine.ParameterException e) {
      throw new SetupException(firstLine(e.getMessage()));
    }
    if (cl.help) {
      return new Command.Help();
    }
    Map<String, String> values = new HashMap<>();
    for (CommandLine.Model.OptionSpec o : parser.getCommandSpec().options()) {
      Object v = o.getValue();
      if (v instanceof String text && !o.names()[0].equals("-p")) {
        values.put(o.longestName(), text);
      }
    }
    Map<String, String> props = new LinkedHashMap<>();
    cl.properties.forEach(kv -> addProperty(props, kv));
    datasetProperties(cl, props);
    List<String> positional = cl.workload == null ? List.of() : List.of(cl.workload);
    boolean noPin = cl.noPin;
    if (values.containsKey("--resume")) {
      return resume(values, props, positional, noPin);
    }
    if (positional.isEmpty()) {
      throw new SetupException("missing <workload>: ./run-sweep.sh <workload> [options] (--help lists the options)");
    }
    return new Command.Run(options(positional.get(0), values, props, noPin));
  }

  private Command resume(Map<String, String> values, Map<String, String> props, List<String> positional,
                         boolean noPin) {
    for (String k : values.keySet()) {
      if (!RESUMABLE.contains(k)) {
        throw new SetupException("--resume takes the run's options from its manifest.json: drop " + k);
      }
    }
    if (!positional.isEmpty() || noPin) {
      throw new SetupException("--resume takes the run's options from its manifest.json: drop "
          + (noPin ? "--no-pin" : positional.get(0)));
    }
    return new Command.Resume(Path.of(values.get("--resume")), Optional.ofNullable(values.get("--hosts"))
        .map(Path::of), props);
  }

  private SweepOptions options(String workloadArg, Map<String, String> v, Map<String, String> props, boolean noPin) {
    Optional<HostsFile> hosts = Optional.ofNullable(v.get("--hosts")).map(h -> HostsFile.read(Path.of(h)));
    // With a hosts file and no --stores, sweep the stores it names (a terraform setup holds one store).
    String defaultStores = hosts.map(OptionsParser::storesOf).orElse("redisjson,mongodb,elasticsearch");
    List<SweepTarget> targets = targets(v.getOrDefault("--stores", defaultStores));
    int maxThreads = positiveInt(v, "--max-threads", Defaults.MAX_THREADS);
    ThreadPlan threads = threads(v.getOrDefault("--threads", "auto"), maxThreads);
    if (v.containsKey("--max-threads") && !threads.auto()) {
      throw new SetupException("--max-threads only applies to --threads auto");
    }
    List<Integer> rates = v.containsKey("--rates") ? intList("--rates", v.get("--rates")) : List.of();
    int stepSeconds = positiveInt(v, "--step-seconds", Defaults.STEP_SECONDS);
    int warmup = intAtLeast(v, "--warmup-seconds", Defaults.WARMUP_SECONDS, 0);
    int records = positiveInt(v, "--records", Defaults.RECORDS);
    WorkloadFile workload = WorkloadFile.resolve(workloadArg, repoRoot);
    if (props.containsKey(Dataset.FILE_PROPERTY)) {
      // A dataset decides how many records there are: checked whole here, before anything starts. With the same
      // properties as the preflight (workload file, then -p on top), so the preflight finds it checked already.
      if (v.containsKey("--records")) {
        throw new SetupException("--records does not go with --dataset: the record count comes from the file");
      }
      java.util.Properties p = new java.util.Properties();
      p.putAll(workload.properties());
      p.putAll(props);
      records = (int) Math.min(Integer.MAX_VALUE, Dataset.check(p));
    }
    int loadThreads = positiveInt(v, "--load-threads", Defaults.LOAD_THREADS);
    double maxErrorPct = decimal(v, "--max-error-pct", Defaults.MAX_ERROR_PCT, 0, 100);
    OptionalDouble maxP99 = v.containsKey("--max-p99-ms")
        ? OptionalDouble.of(decimal(v, "--max-p99-ms", 0, Double.MIN_VALUE, 3_600_000)) : OptionalDouble.empty();
    hosts.ifPresent(h -> targets.forEach(t -> t.kind().ifPresent(h::propertiesOf)));
    Path out = Path.of(v.getOrDefault("--out", repoRoot.resolve("results").toString())).toAbsolutePath();
    Slo slo = Slo.parse(v.getOrDefault("--slo", Slo.DEFAULT));
    // Explicit --rates alone keep their meaning (only those rates); --load-fractions adds the two phases back.
    List<Double> fractions = v.containsKey("--load-fractions") ? fractions(v.get("--load-fractions"))
        : rates.isEmpty() ? Defaults.LOAD_FRACTIONS : List.of();
    int floorSeconds = intAtLeast(v, "--floor-seconds", Defaults.FLOOR_SECONDS, 0);
    String arrivals = oneOf(v, "--arrivals", Defaults.ARRIVALS, "poisson", "uniform");
    if (targets.stream().anyMatch(t -> t.name().equals(SweepTarget.MM1))) {
      SweepTarget.checkMm1(props);
    }
    return new SweepOptions(workload, targets, threads, rates, stepSeconds, warmup, records, loadThreads,
        maxErrorPct, maxP99, hosts, out, !noPin, props, slo, fractions, floorSeconds, localSetup(v, hosts.isPresent()),
        arrivals);
  }

  /** --topology, --profile and --memory-mb: how local stores start; a hosts file's stores are already running. */
  private static SweepOptions.LocalSetup localSetup(Map<String, String> v, boolean remote) {
    for (String o : List.of("--topology", "--profile", "--memory-mb")) {
      if (remote && v.containsKey(o)) {
        throw new SetupException(o + " applies to local stores only: the stores of --hosts run as they were set up");
      }
    }
    String topology = oneOf(v, "--topology", "single", "single", "cluster");
    String profile = oneOf(v, "--profile", "relaxed", "relaxed", "strict");
    return new SweepOptions.LocalSetup(topology, profile, positiveInt(v, "--memory-mb", Defaults.MEMORY_MB));
  }

  private static String oneOf(Map<String, String> v, String option, String def, String... allowed) {
    String s = v.getOrDefault(option, def);
    if (!List.of(allowed).contains(s)) {
      throw new SetupException(option + " '" + s + "' is malformed: expected " + String.join(" or ", allowed));
    }
    return s;
  }

  /** {@code none} or fractions of the peak in (0, 5], e.g. {@code 0.5,0.9,1.1}. */
  static List<Double> fractions(String list) {
    if (list.trim().equalsIgnoreCase("none")) {
      return List.of();
    }
    List<Double> out = new java.util.ArrayList<>();
    for (String part : list.split(",", -1)) {
      try {
        double f = Double.parseDouble(part.trim());
        if (!(f > 0 && f <= 5)) {
          throw new NumberFormatException();
        }
        out.add(f);
      } catch (NumberFormatException e) {
        throw new SetupException("--load-fractions '" + list + "' is malformed: expected none or fractions of the "
            + "peak above 0 and at most 5, separated by commas, e.g. 0.5,0.9,1.1");
      }
    }
    return out;
  }

  /** --dataset and --text-mode are the workload's properties (an absolute path: every step runs elsewhere). */
  private static void datasetProperties(SweepCommandLine cl, Map<String, String> props) {
    if (cl.textMode != null && cl.dataset == null) {
      throw new SetupException("--text-mode applies to --dataset only (generated text is canonical already)");
    }
    if (cl.textMode != null && !cl.textMode.equals("canonical") && !cl.textMode.equals("raw")) {
      throw new SetupException("--text-mode '" + cl.textMode + "' is malformed: expected canonical or raw");
    }
    if (cl.dataset != null) {
      props.put(Dataset.FILE_PROPERTY, Path.of(cl.dataset).toAbsolutePath().normalize().toString());
      props.put(Dataset.TEXT_MODE_PROPERTY, cl.textMode == null ? "canonical" : cl.textMode);
    }
  }

  private static String name(CommandLine.Model.ArgSpec a) {
    return a instanceof CommandLine.Model.OptionSpec o ? o.longestName() : a.paramLabel();
  }

  private static String firstLine(String s) {
    int nl = s == null ? -1 : s.indexOf('\n');
    return nl < 0 ? String.valueOf(s) : s.substring(0, nl);
  }

  /** Parses {@code key=value} into {@code props}, refusing properties the runner owns. */
  static void addProperty(Map<String, String> props, String kv) {
    int eq = kv.indexOf('=');
    if (eq <= 0) {
      throw new SetupException("-p '" + kv + "' is malformed: expected key=value");
    }
    String key = kv.substring(0, eq).trim();
    String instead = RESERVED.get(key);
    if (instead != null) {
      throw new SetupException("-p " + key + " is set by the runner: use " + instead);
    }
    String value = kv.substring(eq + 1);
    if (key.equals("operationcount")) {
      try {
        if (Integer.parseInt(value.trim()) < 1) {
          throw new NumberFormatException();
        }
      } catch (NumberFormatException e) {
        throw new SetupException("-p operationcount='" + value + "' is malformed: expected an integer from 1 to "
            + Integer.MAX_VALUE);
      }
    }
    props.put(key, value);
  }

  private static String storesOf(HostsFile hosts) {
    List<String> names = new ArrayList<>();
    for (StoreKind k : StoreKind.values()) {
      if (hosts.has(k)) {
        names.add(k.storeName());
      }
    }
    if (names.isEmpty()) {
      throw new SetupException("hosts file " + hosts.source() + " names no store");
    }
    return String.join(",", names);
  }

  static List<SweepTarget> targets(String list) {
    List<SweepTarget> out = new ArrayList<>();
    for (String s : list.split(",", -1)) {
      if (s.isBlank()) {
        throw new SetupException("--stores '" + list + "' is malformed: expected store names separated by commas");
      }
      SweepTarget t = SweepTarget.byName(s);
      if (out.contains(t)) {
        throw new SetupException("--stores names '" + t.name() + "' twice");
      }
      out.add(t);
    }
    return out;
  }

  static ThreadPlan threads(String value, int maxThreads) {
    if (value.equals("auto")) {
      return ThreadPlan.doubling(maxThreads);
    }
    return ThreadPlan.of(intList("--threads", value));
  }

  static List<Integer> intList(String option, String value) {
    List<Integer> out = new ArrayList<>();
    for (String s : value.split(",", -1)) {
      try {
        int n = Integer.parseInt(s.trim());
        if (n < 1) {
          throw new NumberFormatException();
        }
        out.add(n);
      } catch (NumberFormatException e) {
        throw new SetupException(option + " '" + value + "' is malformed: expected "
            + (option.equals("--threads") ? "auto or " : "") + "positive integers separated by commas, e.g. "
            + (option.equals("--threads") ? "1,2,4" : "250,6000"));
      }
    }
    return out;
  }

  private static int positiveInt(Map<String, String> v, String option, int def) {
    return intAtLeast(v, option, def, 1);
  }

  private static int intAtLeast(Map<String, String> v, String option, int def, int min) {
    String s = v.get(option);
    if (s == null) {
      return def;
    }
    try {
      int n = Integer.parseInt(s.trim());
      if (n >= min) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below with the expected range
    }
    throw new SetupException(option + " '" + s + "' is malformed: expected an integer >= " + min);
  }

  private static double decimal(Map<String, String> v, String option, double def, double min, double max) {
    String s = v.get(option);
    if (s == null) {
      return def;
    }
    try {
      double d = Double.parseDouble(s.trim());
      if (d >= min && d <= max) {
        return d;
      }
    } catch (NumberFormatException e) {
      // reported below with the expected range
    }
    throw new SetupException(option + " '" + s + "' is malformed: expected a number "
        + (min == Double.MIN_VALUE ? "> 0" : "from " + min + " to " + max));
  }
}
