package io.github.ycsbdocsearch.sweep.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.data.Dataset;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.sweep.plan.Slo;
import io.github.ycsbdocsearch.sweep.plan.ThreadPlan;
import io.github.ycsbdocsearch.sweep.plan.WorkloadFile;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
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
    n.put("search_probes", o.searchProbes());
    n.put("search_budget", o.searchBudgetSeconds());
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
   * Rebuilds the options of an earlier run.
   *
   * @param n the manifest's {@code parameters}
   * @param hostsFile a hosts file given again with {@code --resume} (overrides the recorded one)
   * @param propOverride {@code -p} values given again with {@code --resume}
   * @throws SetupException when the workload file changed or a masked secret was not given again
   */
  public static SweepOptions fromJson(
      JsonNode n, Optional<Path> hostsFile, Map<String, String> propOverride) {
    WorkloadFile workload = WorkloadFile.read(Path.of(n.path("workload_file").asText()));
    if (!workload.sha256().equals(n.path("workload_sha256").asText())) {
      throw new SetupException(
          "workload file "
              + workload.path()
              + " changed since the run started: restore it "
              + "or start a new run");
    }
    List<SweepTarget> targets = new ArrayList<>();
    n.path("stores").forEach(s -> targets.add(SweepTarget.byName(s.asText())));
    ThreadPlan threads =
        n.path("threads").asText().equals("auto")
            ? ThreadPlan.doubling(n.path("max_threads").asInt())
            : ThreadPlan.of(counts(n.path("threads").asText()));
    List<Integer> rates = new ArrayList<>();
    n.path("rates").forEach(r -> rates.add(r.asInt()));
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
    Optional<Path> hostsPath =
        hostsFile.or(
            () ->
                n.path("hosts_file").isTextual()
                    ? Optional.of(Path.of(n.path("hosts_file").asText()))
                    : Optional.empty());
    Optional<HostsFile> hosts = hostsPath.map(HostsFile::read);
    hosts.ifPresent(h -> targets.forEach(t -> t.kind().ifPresent(h::propertiesOf)));
    OptionalDouble maxP99 =
        n.path("max_p99_ms").isNumber()
            ? OptionalDouble.of(n.path("max_p99_ms").asDouble())
            : OptionalDouble.empty();
    return new SweepOptions(
        workload,
        targets,
        threads,
        rates,
        n.path("step_seconds").asInt(),
        n.path("warmup_seconds").asInt(),
        n.path("records").asInt(),
        n.path("load_threads").asInt(),
        n.path("max_error_pct").asDouble(),
        maxP99,
        hosts,
        Path.of(n.path("out").asText()),
        n.path("pin").asBoolean(),
        props,
        Slo.parse(n.path("slo").asText(Slo.DEFAULT)),
        fractions(n),
        n.path("floor_seconds").asInt(0),
        new SweepOptions.LocalSetup(
            n.path("topology").asText("single"),
            n.path("profile").asText("relaxed"),
            n.path("memory_mb").asInt(Defaults.MEMORY_MB)),
        n.path("arrivals").asText(Defaults.ARRIVALS),
        n.path("search_probes").asInt(Defaults.SEARCH_MAX_PROBES),
        n.path("search_budget").asInt(Defaults.SEARCH_BUDGET_SECONDS),
        n.path("clients").asInt(Defaults.CLIENTS),
        new SweepOptions.Soak(
            n.path("soak_seconds").asInt(0), n.path("soak_load").asDouble(Defaults.SOAK_LOAD)),
        n.path("fault").isTextual()
            ? SweepOptions.Fault.parse(
                n.path("fault").asText(), n.path("fault_load").asDouble(Defaults.FAULT_LOAD))
            : SweepOptions.Fault.NONE);
  }

  private static List<Integer> counts(String threads) {
    try {
      return Converters.positiveInts(threads);
    } catch (picocli.CommandLine.TypeConversionException e) {
      throw new SetupException(
          "manifest.json: threads '" + threads + "' is malformed: " + e.getMessage());
    }
  }

  private static List<Double> fractions(JsonNode n) {
    List<Double> out = new ArrayList<>();
    n.path("load_fractions").forEach(f -> out.add(f.asDouble()));
    return out;
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
