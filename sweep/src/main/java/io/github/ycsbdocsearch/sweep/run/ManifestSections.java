package io.github.ycsbdocsearch.sweep.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.exec.ClientLauncher;
import io.github.ycsbdocsearch.sweep.plan.StepPlanner;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import io.github.ycsbdocsearch.sweep.results.EnvironmentInfo;
import io.github.ycsbdocsearch.sweep.results.RunManifest;
import io.github.ycsbdocsearch.sweep.step.PeakDetector;
import io.github.ycsbdocsearch.sweep.step.StepTiming;
import io.github.ycsbdocsearch.sweep.targets.CpuPinning;
import io.github.ycsbdocsearch.sweep.targets.LocalStores;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Fills a new run's manifest (docs/results-format.md): run id and time, git commit, workload and
 * every effective property, the run's plan and the steps it schedules, the ramp's peak rule,
 * stores, JVMs, machine, CPU pinning and hosts, secrets masked. Store versions and settings are
 * added by each store's sweep once it answers. Stateless.
 */
public final class ManifestSections {
  /** Properties the runner sets on every step (listed among the effective properties). */
  private static final Map<String, String> RUNNER_PROPERTIES =
      Map.of(
          "measurementtype",
          "hdrhistogram",
          "hdrhistogram.fileoutput",
          "true",
          "hdrhistogram.output.path",
          "hdr/ (in the step folder)",
          "measurement.interval",
          "both",
          "status.interval",
          "1");

  private ManifestSections() {}

  /**
   * The manifest's entry for a resumed store: when, which complete steps it keeps, and which it
   * runs again with how they ended before (also a complete step whose HDR logs changed).
   *
   * @param existing the records of the store's step folders found at the resume, by folder name
   * @param logsChanged why a step folder's HDR logs differ from when it was published, or empty
   */
  public static ObjectNode resume(
      String store,
      Map<String, StepRecord> existing,
      Function<String, Optional<String>> logsChanged,
      Instant at) {
    ObjectNode n = Json.MAPPER.createObjectNode();
    n.put("utc", StepTiming.utc(at));
    n.put("store", store);
    long kept = 0;
    var rerun = Json.MAPPER.createArrayNode();
    for (Map.Entry<String, StepRecord> e : existing.entrySet()) {
      StepRecord r = e.getValue();
      Optional<String> changed = r.complete() ? logsChanged.apply(e.getKey()) : Optional.empty();
      if (r.complete() && changed.isEmpty()) {
        kept++;
        continue;
      }
      rerun
          .addObject()
          .put("index", r.index())
          .put("previous_status", r.status().jsonName())
          .put(
              "previous_error",
              changed
                  .map(why -> "its HDR logs changed since it completed: " + why)
                  .orElse(r.error()));
    }
    n.put("kept_complete_steps", kept);
    n.set("rerun", rerun);
    return n;
  }

  public static void fill(
      RunManifest m,
      String runId,
      Instant started,
      RunPlan o,
      List<String> args,
      Path repo,
      ClientLauncher launcher,
      CpuPinning pinning,
      Optional<LocalStores> local,
      Optional<Path> fingerprint) {
    m.put(Manifest.RUN_ID, runId);
    m.put(Manifest.STARTED_UTC, StepTiming.utc(started));
    m.put(Manifest.ENDED_UTC, (String) null);
    m.put(Manifest.STATUS, "running");
    m.put(
        "command", Stream.concat(Stream.of("./run-sweep.sh"), maskedArgs(args).stream()).toList());
    ObjectNode git = EnvironmentInfo.git(repo);
    m.put(Manifest.GIT_COMMIT, git.get("commit").asText());
    m.put(Manifest.GIT_DIRTY, git.get("dirty"));
    m.put(Manifest.WORKLOAD, workload(o));
    m.put(Manifest.PLAN, o.toJson());
    m.put("schedule", schedule(o));
    m.put(Manifest.PEAK_RULE, peakRule(o));
    Map<String, PendingStore> stores = new LinkedHashMap<>();
    o.targets().forEach(t -> stores.put(t.name(), new PendingStore(t.dbClass(), "pending", null)));
    m.put(Manifest.STORES, stores);
    m.put("jvm", jvm(launcher));
    m.put(Manifest.MACHINE, EnvironmentInfo.machine());
    m.put(
        "machine_baseline",
        fingerprint(fingerprint)); // results-format key, kept from before the rename
    m.put("cpu_pinning", new Pinning(pinning));
    m.put(Manifest.HOSTS, hosts(o, local));
  }

  /** The fingerprint file as JSON (null without one); a broken file is recorded, never fatal. */
  static JsonNode fingerprint(Optional<Path> file) {
    if (file.isEmpty() || !Files.isRegularFile(file.get())) {
      return NullNode.getInstance();
    }
    try {
      return Json.MAPPER.readTree(file.get().toFile());
    } catch (IOException e) {
      ObjectNode n = Json.MAPPER.createObjectNode();
      n.put("file", file.get().toString());
      n.put("error", "not readable JSON: " + e.getMessage());
      return n;
    }
  }

  /**
   * The fingerprint file (scripts/machine-fingerprint.sh output): the environment's
   * (SWEEP_MACHINE_FINGERPRINT, else the old SWEEP_MACHINE_BASELINE), else where cloud provisioning
   * leaves it (scripts/provision/common.sh), else where machines provisioned before the rename left
   * it (scripts/baseline.sh wrote baseline.json).
   */
  public static Optional<Path> fingerprintFile(Map<String, String> env) {
    for (String name : List.of("SWEEP_MACHINE_FINGERPRINT", "SWEEP_MACHINE_BASELINE")) {
      String f = env.get(name);
      if (f != null && !f.isBlank()) {
        return Optional.of(Path.of(f));
      }
    }
    Path current = Path.of("/var/lib/ycsb-docsearch/machine-fingerprint.json");
    Path old = Path.of("/var/lib/ycsb-docsearch/baseline.json");
    return Optional.of(!Files.exists(current) && Files.exists(old) ? old : current);
  }

  private static ObjectNode workload(RunPlan o) {
    ObjectNode w = Json.MAPPER.createObjectNode();
    w.put(Manifest.NAME, o.workload().name());
    w.put("file", o.workload().path().toString());
    w.put("sha256", o.workload().sha256());
    w.set("file_properties", Json.MAPPER.valueToTree(new TreeMap<>(o.workload().properties())));
    Map<String, String> effective = new TreeMap<>(o.workload().properties());
    effective.put("recordcount", String.valueOf(o.records()));
    effective.remove("operationcount");
    effective.putAll(RUNNER_PROPERTIES);
    effective.putAll(RunPlan.masked(o.ycsbProperties()));
    w.set("effective_properties", Json.MAPPER.valueToTree(effective));
    return w;
  }

  /** What the plan schedules, in words and step folders (its settings are the plan's own). */
  private static ObjectNode schedule(RunPlan o) {
    ObjectNode p = Json.MAPPER.createObjectNode();
    p.put("ycsb_maxexecutiontime_s", o.stepRunSeconds());
    p.put(
        "step_recordcount",
        "records + the inserts of the store's earlier steps since its load (each step is a "
            + "new YCSB JVM; its inserts start at recordcount)");
    p.put(
        "operationcount",
        o.ycsbProperties()
            .getOrDefault(
                "operationcount",
                "per step: max(1000000, 4 x best throughput so far x step time, 2 x target x step"
                    + " time); steps end on time"));
    ArrayNode steps = p.putArray("steps");
    List<StepSpec> planned = new ArrayList<>(StepPlanner.ramp(o));
    planned.addAll(StepPlanner.rates(o, planned.size()));
    for (StepSpec s : planned) {
      steps
          .addObject()
          .put("index", s.index())
          .put("phase", s.phase().jsonName())
          .put("threads", s.threads())
          .put("target_ops", s.targetOps())
          .put("dir", "steps/" + s.dirName());
    }
    p.put(
        "load_phase",
        o.loadFractions().isEmpty()
            ? "none"
            : ("fixed rates at %s of each store's ramp peak, at twice the peak's thread count (at"
                    + " least %d), numbered after the steps above")
                .formatted(o.loadFractions(), Defaults.MIN_LOAD_THREADS));
    p.put(
        "slo",
        o.slo().text()
            + ": intended latency of every operation, all requests; capacity = the highest "
            + "sustained (>= 95 % achieved) offered rate that met it");
    p.put(
        "harness_floor",
        o.floorSeconds() == 0
            ? "none"
            : "YCSB BasicDB at every fixed-rate step's threads and rate, %d s warm-up + %d s"
                .formatted(Defaults.FLOOR_WARMUP_SECONDS, o.floorSeconds()));
    p.put("client_bound_rule", "client CPU over the window > 90 % of the CPUs the client may use");
    return p;
  }

  private static ObjectNode peakRule(RunPlan o) {
    PeakDetector.Rules r = PeakDetector.Rules.of(o, true);
    ObjectNode n = Json.MAPPER.createObjectNode();
    n.put("growth_pct", r.growthPct());
    n.put("flat_steps", r.flatSteps());
    n.put("max_error_pct", r.maxErrorPct());
    n.put("max_p99_ms", r.maxP99Ms().isPresent() ? r.maxP99Ms().getAsDouble() : null);
    n.put("rule", r.describe());
    return n;
  }

  /** A store's manifest entry before its sweep. */
  private record PendingStore(String dbClass, String status, String error) {}

  private static ObjectNode jvm(ClientLauncher launcher) {
    ObjectNode n = Json.MAPPER.createObjectNode();
    n.set("runner", EnvironmentInfo.runnerJvm());
    ObjectNode c = n.putObject("client");
    c.put("main", ClientLauncher.YCSB_MAIN);
    c.put("java", launcher.javaBin().toString());
    launcher.jvmFlags().forEach(c.putArray("jvm_flags")::add);
    c.put(
        "jvm_flags_from",
        System.getenv(ClientLauncher.JVM_OPTS_ENV) == null
            ? "default"
            : ClientLauncher.JVM_OPTS_ENV);
    c.put("cpus", launcher.cpus().orElse(null));
    c.set("libraries", Json.MAPPER.valueToTree(EnvironmentInfo.libraries(launcher.classpath())));
    return n;
  }

  private record Pinning(boolean enabled, String serverCpus, String clientCpus, String reason) {
    Pinning(CpuPinning p) {
      this(p.enabled(), p.serverCpus().orElse(null), p.clientCpus().orElse(null), p.reason());
    }
  }

  private static ObjectNode hosts(RunPlan o, Optional<LocalStores> local) {
    ObjectNode n = Json.MAPPER.createObjectNode();
    if (o.hosts().isPresent()) {
      HostsFile h = o.hosts().get();
      n.put("mode", "remote");
      n.put("file", h.source().toAbsolutePath().toString());
      n.put("topology", h.topology());
      // As provisioned (terraform): the same keys as a local run's, for the Conditions table.
      n.put("durability_profile", h.durabilityProfile().orElse(null));
      Map<String, Integer> provisioned = h.provisioned();
      n.put("memory_mb_per_store_and_server", provisioned.get("memory_mb_per_server"));
      n.put("servers", provisioned.get("servers"));
      n.put("copies", provisioned.get("copies"));
      ObjectNode stores = n.putObject("stores");
      for (SweepTarget t : o.targets()) {
        t.kind()
            .filter(h::has)
            .ifPresent(
                k ->
                    stores.set(
                        k.storeName(),
                        Json.MAPPER.valueToTree(HostsFile.masked(h.propertiesOf(k)))));
      }
    } else {
      n.put("mode", "local");
      n.put("file", local.map(l -> l.hostsFile().toString()).orElse(null));
      n.put("topology", o.local().topology());
      n.put("durability_profile", o.local().profile());
      n.put("memory_mb_per_store_and_server", o.local().memoryMb());
      n.put(
          "note",
          "each store started alone by scripts/stores.sh with this topology, profile and memory"
              + " budget (scripts/stores/profiles/); how each was launched (profile, memory share,"
              + " copies, OS tuning) is under stores.<name>.local_settings, what its servers report"
              + " of themselves (versions, settings, the data set after the load) under"
              + " stores.<name>.describe");
    }
    return n;
  }

  /** The command line with the values of secret {@code -p} keys masked. */
  static List<String> maskedArgs(List<String> args) {
    String[] out = args.toArray(new String[0]);
    for (int i = 0; i + 1 < out.length; i++) {
      if (out[i].equals("-p") && out[i + 1].indexOf('=') > 0) {
        String kv = out[i + 1];
        String k = kv.substring(0, kv.indexOf('='));
        out[i + 1] = k + "=" + RunPlan.masked(Map.of(k, kv.substring(kv.indexOf('=') + 1))).get(k);
      }
    }
    return List.of(out);
  }
}
