package io.github.ycsbdocsearch.sweep.cli;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.sweep.plan.PropertyFile;
import io.github.ycsbdocsearch.sweep.plan.WorkloadFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine;

/**
 * Parses {@code ./run-sweep.sh} arguments into a {@link Command}. Every mistake throws a {@link
 * SetupException} with one line naming the option and the value, before anything is started.
 * Options take their value as the next argument or after '=' ({@code --threads 1,2} or {@code
 * --threads=1,2}). Stateless apart from the repository root.
 */
public record OptionsParser(Path repoRoot) {
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

  private static final Set<String> RESUMABLE =
      Set.of(SweepCommandLine.RESUME, SweepCommandLine.HOSTS, SweepCommandLine.PROPERTY);

  /**
   * Parses the arguments: picocli splits them by the declaration in {@link SweepCommandLine} and
   * converts each value ({@link Converters}); its mistakes become one line here, and the
   * declaration makes the plan ({@link SweepCommandLine#plan}).
   */
  public Command parse(String... args) {
    SweepCommandLine cl = new SweepCommandLine();
    CommandLine parser = SweepCommandLine.parser(cl);
    // Help wins over every mistake, and picocli checks each value as it meets it: help first.
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
      String option = e.getMissing().isEmpty() ? "?" : name(e.getMissing().get(0));
      throw new SetupException("option " + option + " needs a value");
    } catch (CommandLine.ParameterException e) {
      throw malformed(e);
    }
    for (CommandLine.Model.OptionSpec o : parsed.matchedOptions()) {
      // picocli adds a repeated list option up (a collection) instead of refusing it.
      if (!SweepCommandLine.REPEATABLE.contains(o.longestName())
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
    return new Command.Run(cl.plan(repoRoot, workload, layers, props));
  }

  /** Refuses YCSB's client flags with the option instead, before picocli: habits, not typos. */
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
    return new SetupException(Json.firstLine(String.valueOf(e.getMessage())));
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

  private static String name(CommandLine.Model.ArgSpec a) {
    return a instanceof CommandLine.Model.OptionSpec o ? o.longestName() : a.paramLabel();
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
   * Puts one property into {@code props} (the later wins), refusing those the runner owns.
   *
   * @param source where it was set, for the message: {@code -p} or {@code -P FILE}
   */
  private static void addProperty(
      Map<String, String> props, String key, String value, String source) {
    boolean dashP = source.equals(SweepCommandLine.PROPERTY);
    String instead = RESERVED.get(key);
    if (instead != null) {
      throw new SetupException(
          (dashP ? "-p " + key : key + " in " + source) + " is set by the runner: use " + instead);
    }
    if (key.equals("operationcount") || key.equals(Converters.RECORD_COUNT)) {
      Converters.positiveInt((dashP ? "-p " : "") + key, value, dashP ? "" : " in " + source);
    }
    props.put(key, value);
  }
}
