package io.github.ycsbdocsearch.sweep.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.data.Dataset;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.sweep.plan.PropertyFile;
import io.github.ycsbdocsearch.sweep.plan.WorkloadFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Writes {@link SweepOptions} as the manifest's {@code parameters} object and reads them back for
 * {@code --resume}. Secrets in {@code -p} values are masked on the way out, so a resume must be
 * given them again. Stateless.
 */
public final class ParametersJson {
  /** What {@link HostsFile#masked} puts in place of a secret. */
  static final String MASK = "***";

  private ParametersJson() {}

  /** The options as JSON (secrets masked). */
  public static ObjectNode toJson(SweepOptions o) {
    ObjectNode n = Json.MAPPER.createObjectNode();
    n.put("workload", o.workload().name());
    n.put("workload_file", o.workload().path().toString());
    n.put("workload_sha256", o.workload().sha256());
    ArrayNode files = n.putArray("property_files");
    o.propertyFiles()
        .forEach(f -> files.addObject().put("file", f.path().toString()).put("sha256", f.sha256()));
    ArrayNode stores = n.putArray("stores");
    o.targets().forEach(t -> stores.add(t.name()));
    n.put("threads", o.threads().describe());
    n.put("max_threads", o.threads().auto() ? o.threads().maxThreads() : 0);
    ArrayNode counts = n.putArray("thread_counts");
    o.threads().counts().forEach(counts::add);
    ArrayNode rates = n.putArray("rates");
    o.rates().forEach(rates::add);
    n.put("step_seconds", o.stepSeconds());
    n.put("warmup_seconds", o.warmupSeconds());
    n.put("records", o.records());
    n.put("load_threads", o.loadThreads());
    n.put("max_error_pct", o.maxErrorPct());
    if (o.maxP99Ms().isPresent()) {
      n.put("max_p99_ms", o.maxP99Ms().getAsDouble());
    } else {
      n.putNull("max_p99_ms");
    }
    n.put("slo", o.slo().text());
    n.put("arrivals", o.arrivals());
    n.put("topology", o.local().topology());
    n.put("profile", o.local().profile());
    n.put("memory_mb", o.local().memoryMb());
    n.put("dataset", o.ycsbProperties().get(Dataset.FILE_PROPERTY));
    n.put(
        "text_mode",
        o.ycsbProperties().containsKey(Dataset.FILE_PROPERTY)
            ? o.ycsbProperties().getOrDefault(Dataset.TEXT_MODE_PROPERTY, "canonical")
            : "generated");
    ArrayNode fractions = n.putArray("load_fractions");
    o.loadFractions().forEach(fractions::add);
    n.put("floor_seconds", o.floorSeconds());
    n.put("search_probes", o.search().probes());
    n.put("search_budget", o.search().budgetS());
    n.put("precision", o.search().precision());
    n.put("precision_asked", o.search().asked());
    n.put("max_minutes", o.search().maxMinutes());
    n.put("clients", o.clients());
    n.put("soak_seconds", o.soak().seconds());
    n.put("soak_load", o.soak().load());
    n.put("fault", o.fault().runs() ? o.fault().spec() : null);
    n.put("fault_load", o.fault().load());
    n.put("growth_pct", Defaults.GROWTH_PCT);
    n.put("flat_steps", Defaults.FLAT_STEPS);
    n.put("hosts_file", o.hosts().map(h -> h.source().toAbsolutePath().toString()).orElse(null));
    n.put("out", o.outDir().toString());
    n.put("pin", o.pin());
    ObjectNode props = n.putObject("ycsb_properties");
    masked(o.ycsbProperties()).forEach(props::put);
    return n;
  }

  /**
   * Rebuilds the options of an earlier run: its recorded parameters are written back as the command
   * line that sets each of them, which {@link OptionsParser} reads as it reads a new run's, so
   * every option is converted and checked by one parser.
   *
   * @param n the manifest's {@code parameters}
   * @param hostsFile a hosts file given again with {@code --resume} (overrides the recorded one)
   * @param propOverride {@code -p} values given again with {@code --resume}
   * @throws SetupException when the workload file changed, a masked secret was not given again, or
   *     the recorded options no longer pass the parser's checks
   */
  public static SweepOptions fromJson(
      JsonNode n, Optional<Path> hostsFile, Map<String, String> propOverride) {
    unchanged(WorkloadFile.read(Path.of(n.path("workload_file").asText())).sha256(), n);
    for (JsonNode f : n.path("property_files")) {
      unchanged(PropertyFile.read(Path.of(f.path("file").asText())).sha256(), f);
    }
    List<String> args = commandLine(n, hostsFile, propOverride);
    // Every path on that command line is absolute, so the folder the parser resolves a workload's
    // name and the default --out against is never read: the current one stands in.
    Command c = new OptionsParser(Path.of("").toAbsolutePath()).parse(args.toArray(String[]::new));
    if (!(c instanceof Command.Run run)) {
      throw new SetupException("manifest.json: its parameters do not make a run: " + args);
    }
    return run.options();
  }

  /**
   * Refuses a resume whose workload or -P file is no longer the file the run read: its properties
   * decided the steps already run.
   *
   * @param recorded the workload's parameters ({@code workload_file}) or a {@code property_files}
   *     entry ({@code file})
   */
  private static void unchanged(String sha256, JsonNode recorded) {
    boolean workload = recorded.has("workload_file");
    String file = recorded.path(workload ? "workload_file" : "file").asText();
    if (!sha256.equals(recorded.path(workload ? "workload_sha256" : "sha256").asText())) {
      throw new SetupException(
          "workload file "
              + file
              + " changed since the run started: restore it or start a new run");
    }
  }

  /**
   * The command line that sets every recorded parameter: absolute paths, every value given (so the
   * defaults of a later version do not change a resumed run), and the options that do not go
   * together left out as a new run leaves them out ({@code --records} with a data set, the local
   * stores' setup with a hosts file, {@code --soak-load} without a soak, {@code --fault-load}
   * without a fault). A parameter an older manifest lacks is left to the parser's default, but for
   * the floor and the load fractions, which such runs did not have.
   */
  static List<String> commandLine(
      JsonNode n, Optional<Path> hostsFile, Map<String, String> propOverride) {
    Map<String, String> props = new LinkedHashMap<>();
    n.path("ycsb_properties")
        .fields()
        .forEachRemaining(e -> props.put(e.getKey(), e.getValue().asText()));
    props.putAll(propOverride);
    props.forEach(
        (k, v) -> {
          if (MASK.equals(v)) {
            throw new SetupException(
                "property "
                    + k
                    + " was masked in manifest.json: give it again with --resume DIR "
                    + "-p "
                    + k
                    + "=...");
          }
        });
    Optional<String> hosts =
        hostsFile
            .map(h -> h.toAbsolutePath().toString())
            .or(
                () ->
                    n.path("hosts_file").isTextual()
                        ? Optional.of(n.path("hosts_file").asText())
                        : Optional.empty());
    List<String> a = new ArrayList<>();
    a.add(n.path("workload_file").asText());
    // The -P files are read again (checked unchanged by fromJson); their properties are recorded
    // among ycsb_properties too, and the recorded --records wins over their recordcount.
    n.path("property_files")
        .forEach(f -> a.addAll(List.of(SweepCommandLine.PROPERTY_FILE, f.path("file").asText())));
    a.addAll(List.of("--stores", joined(n.path("stores"))));
    String threads = n.path("threads").asText();
    a.addAll(List.of("--threads", threads));
    if (threads.equals("auto")) {
      option(a, "--max-threads", n.path("max_threads"));
    }
    if (!n.path("rates").isEmpty()) {
      a.addAll(List.of("--rates", joined(n.path("rates"))));
    }
    // No fractions (also in a manifest older than them) are written as the parser's "none".
    String fractions = joined(n.path("load_fractions"));
    a.addAll(List.of("--load-fractions", fractions.isEmpty() ? "none" : fractions));
    option(a, "--step-seconds", n.path("step_seconds"));
    option(a, "--warmup-seconds", n.path("warmup_seconds"));
    if (!props.containsKey(Dataset.FILE_PROPERTY)) {
      option(a, "--records", n.path("records"));
    }
    option(a, "--load-threads", n.path("load_threads"));
    option(a, "--max-error-pct", n.path("max_error_pct"));
    option(a, "--max-p99-ms", n.path("max_p99_ms"));
    option(a, "--slo", n.path("slo"));
    option(a, "--arrivals", n.path("arrivals"));
    a.addAll(List.of("--floor-seconds", n.path("floor_seconds").asText("0")));
    option(a, "--search-probes", n.path("search_probes"));
    option(a, "--search-budget", n.path("search_budget"));
    if (n.path("precision_asked").asBoolean(false)) {
      a.addAll(List.of("--precision", Double.toString(100 * n.path("precision").asDouble())));
    }
    if (n.path("max_minutes").asDouble(0) > 0) {
      option(a, "--max-minutes", n.path("max_minutes"));
    }
    option(a, "--clients", n.path("clients"));
    if (n.path("soak_seconds").asInt(0) > 0) {
      a.addAll(List.of("--soak", n.path("soak_seconds").asText() + "s"));
      option(a, "--soak-load", n.path("soak_load"));
    }
    if (n.path("fault").isTextual()) {
      option(a, "--fault", n.path("fault"));
      option(a, "--fault-load", n.path("fault_load"));
    }
    if (hosts.isPresent()) {
      a.addAll(List.of(SweepCommandLine.HOSTS, hosts.get()));
    } else {
      option(a, "--topology", n.path("topology"));
      option(a, "--profile", n.path("profile"));
      option(a, "--memory-mb", n.path("memory_mb"));
    }
    option(a, "--out", n.path("out"));
    if (!n.path("pin").asBoolean(true)) {
      a.add("--no-pin");
    }
    props.forEach((k, v) -> a.addAll(List.of(SweepCommandLine.PROPERTY, k + "=" + v)));
    return a;
  }

  /** {@code name value} when the parameter was recorded with a value. */
  private static void option(List<String> args, String name, JsonNode value) {
    if (value.isValueNode() && !value.isNull()) {
      args.add(name);
      args.add(value.asText());
    }
  }

  /** A recorded list as the command line writes it: items separated by commas. */
  private static String joined(JsonNode list) {
    List<String> items = new ArrayList<>();
    list.forEach(v -> items.add(v.asText()));
    return String.join(",", items);
  }

  /** The properties with secrets masked, by the same rule as the hosts file's. */
  public static Map<String, String> masked(Map<String, String> props) {
    Properties p = new Properties();
    p.putAll(props);
    Map<String, String> m = HostsFile.masked(p);
    Map<String, String> out = new LinkedHashMap<>();
    props.keySet().forEach(k -> out.put(k, m.get(k)));
    return out;
  }
}
