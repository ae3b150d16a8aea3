package io.github.ycsbdocsearch.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Writes a SYNTHETIC results folder in the exact results format (docs/results-format.md) to exercise the report:
 * three stores, a thread sweep, fixed-rate steps, a failed step, errors, one store without verification. Its
 * manifest says {@code "synthetic": true}, and the report says so on top. Deterministic. Not thread-safe.
 *
 * <p>Usage: {@code SampleRunGenerator <new-run-dir>}.
 */
public final class SampleRunGenerator {

  static final String WORKLOAD = "search-sample";
  static final long RUN_START_MS = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
  static final int WARMUP_S = 2;
  static final int DURATION_S = 10;
  static final int[] THREADS = {1, 2, 4, 8, 16, 32, 64};
  static final double[] RATE_FRACTIONS = {0.25, 0.5, 0.75, 0.95};
  static final int FIXED_RATE_THREADS = 32;
  private static final long STEP_SPACING_MS = 20_000;

  private final Path runDir;
  private final SampleModel model = new SampleModel(20260101L);
  private final JsonNodeFactory json = JsonNodeFactory.instance;
  private long clockMs = RUN_START_MS;

  private SampleRunGenerator(Path runDir) {
    this.runDir = runDir;
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: SampleRunGenerator <new-run-dir>");
      System.exit(2);
    }
    generate(Paths.get(args[0]));
    System.out.println("synthetic run written to " + args[0]);
  }

  /** Writes the synthetic folder; {@code runDir} must not exist or be empty. */
  static void generate(Path runDir) throws IOException {
    if (Files.isDirectory(runDir)) {
      try (java.util.stream.Stream<Path> entries = Files.list(runDir)) {
        if (entries.findAny().isPresent()) {
          throw new IOException(runDir + ": exists and is not empty");
        }
      }
    }
    new SampleRunGenerator(runDir).writeAll();
  }

  private void writeAll() throws IOException {
    writeManifest();
    for (SampleModel.StoreProfile store : SampleModel.STORES) {
      writeStore(store);
    }
  }

  private void writeStore(SampleModel.StoreProfile store) throws IOException {
    Path storeDir = runDir.resolve(store.name());
    writeJson(storeDir.resolve("load/step.json"), stepJson(store.name(), 0, 8, 0, "complete", null));
    int index = 1;
    List<Double> throughputs = new ArrayList<>();
    for (int threads : THREADS) {
      // One failed step shows how the report treats a step that did not complete.
      boolean fails = store.name().equals("elasticsearch") && threads == 64;
      throughputs.add(writeStep(store, index++, threads, 0, fails));
    }
    int saturated = saturationIndex(throughputs);
    double max = throughputs.get(saturated);
    for (double fraction : RATE_FRACTIONS) {
      long target = Math.round(max * fraction / 100) * 100;
      writeStep(store, index++, FIXED_RATE_THREADS, target, false);
    }
    ObjectNode sat = json.objectNode().put("store", store.name()).put("max_sustainable_index", saturated + 1)
        .put("threads", THREADS[saturated]).put("throughput_ops", Math.round(max * 10) / 10.0)
        .put("reason", "throughput grew < 5% over the best step for 2 steps (synthetic)");
    writeJson(storeDir.resolve("saturation.json"), sat);
    if (!store.name().equals("mongodb")) {
      writeVerification(storeDir, store.name());
    }
  }

  /** Same rule the sweep states: the best step after which throughput grew < 5% for two steps. */
  static int saturationIndex(List<Double> throughputs) {
    int best = 0;
    int flat = 0;
    for (int i = 1; i < throughputs.size() && flat < 2; i++) {
      if (throughputs.get(i) >= throughputs.get(best) * 1.05) {
        best = i;
        flat = 0;
      } else {
        flat++;
      }
    }
    return best;
  }

  /** Writes one step folder and returns its throughput. */
  private double writeStep(SampleModel.StoreProfile store, int index, int threads, long target, boolean fails)
      throws IOException {
    String name = String.format(Locale.ROOT, "%02d-t%d%s", index, threads, target > 0 ? "-r" + target : "");
    Path stepDir = runDir.resolve(store.name()).resolve("steps").resolve(name);
    double capacity = SampleModel.unthrottledOps(store, threads);
    double ops = target > 0 ? target : capacity;
    double load = target > 0 ? Math.min(0.97, target / SampleModel.unthrottledOps(store, FIXED_RATE_THREADS)) : 0;
    double slowdown = target > 0 ? 1 + 0.6 * load : SampleModel.slowdown(store, threads);
    int intervals = fails ? WARMUP_S + 4 : WARMUP_S + DURATION_S;
    long logStart = clockMs + 5;
    for (String op : SampleModel.MIX.keySet()) {
      double median = store.baseLatencyUs().get(op) * slowdown;
      double wait = target > 0 ? 2 * median * load * load / (1 - load) : 0;
      writeOpLogs(stepDir, op, logStart, intervals, ops * SampleModel.MIX.get(op), median, wait);
    }
    if (threads == 64 && !fails) {
      writeFailures(stepDir, "READ", logStart, intervals, ops * 0.0005);
    }
    writeYcsbOutput(stepDir, store.name(), threads, fails);
    ObjectNode step = stepJson(store.name(), index, threads, target, fails ? "failed" : "complete",
        fails ? "YCSB exited 1: store stopped answering (synthetic failure)" : null);
    writeJson(stepDir.resolve("step.json"), step);
    clockMs += STEP_SPACING_MS;
    return ops;
  }

  private void writeOpLogs(Path stepDir, String op, long logStart, int intervals, double opsPerSecond,
      double medianUs, double waitUs) throws IOException {
    try (YcsbStyleLogWriter service = new YcsbStyleLogWriter(stepDir.resolve("hdr/" + op + ".hdr"), op, logStart);
        YcsbStyleLogWriter intended = new YcsbStyleLogWriter(stepDir.resolve("hdr/Intended-" + op + ".hdr"),
            "Intended-" + op, logStart)) {
      for (int i = 0; i < intervals; i++) {
        // The first seconds are slower (cold caches, JIT): exactly what the warm-up exclusion is for.
        double cold = i < WARMUP_S ? 1.8 : 1.0;
        long count = Math.round(model.jitter(opsPerSecond, 0.03));
        Histogram[] h = model.interval(count, medianUs * cold, waitUs);
        long start = logStart + i * 1000L;
        service.interval(h[0], start, start + 1000);
        intended.interval(h[1], start, start + 1000);
      }
    }
  }

  private void writeFailures(Path stepDir, String op, long logStart, int intervals, double perSecond)
      throws IOException {
    try (YcsbStyleLogWriter failed = new YcsbStyleLogWriter(stepDir.resolve("hdr/" + op + "-FAILED.hdr"),
        op + "-FAILED", logStart)) {
      for (int i = 0; i < intervals; i++) {
        long start = logStart + i * 1000L;
        failed.interval(model.interval(Math.max(1, Math.round(model.jitter(perSecond, 0.5))), 30_000, 0)[0],
            start, start + 1000);
      }
    }
  }

  private void writeYcsbOutput(Path stepDir, String store, int threads, boolean fails) throws IOException {
    Files.writeString(stepDir.resolve("ycsb.out"), "# SYNTHETIC: no YCSB ran. store=" + store + " threads="
        + threads + "\n");
    Files.writeString(stepDir.resolve("ycsb.err"), fails ? "SYNTHETIC failure for the report test\n" : "");
  }

  private ObjectNode stepJson(String store, int index, int threads, long target, String status, String error) {
    ObjectNode n = json.objectNode().put("format", 1).put("store", store).put("workload", WORKLOAD)
        .put("index", index).put("threads", threads).put("target_ops", target).put("warmup_s", WARMUP_S)
        .put("duration_s", DURATION_S).put("status", status)
        .put("started_utc", Instant.ofEpochMilli(clockMs).toString())
        .put("ended_utc", Instant.ofEpochMilli(clockMs + (WARMUP_S + DURATION_S + 1) * 1000L).toString())
        .put("exit_code", error == null ? 0 : 1);
    return error == null ? n.putNull("error") : n.put("error", error);
  }

  private void writeVerification(Path storeDir, String store) throws IOException {
    ObjectNode v = json.objectNode().put("store", store).put("queries", 1000).put("identical", 1000)
        .put("differing", 0).put("deep_pages", 412);
    v.putObject("hit_counts").put("min", 1).put("p50", 17).put("p90", 230).put("max", 4120);
    v.putArray("first_differences");
    writeJson(storeDir.resolve("verification.json"), v);
  }

  private void writeManifest() throws IOException {
    ObjectNode m = json.objectNode().put("format", 1).put("synthetic", true)
        .put("note", "SYNTHETIC sample written by SampleRunGenerator to test the report: not a measurement")
        .put("run_id", "20260101T000000Z-" + WORKLOAD).put("started_utc", "2026-01-01T00:00:00Z")
        .put("git_commit", "0000000 (synthetic)").put("workload", WORKLOAD);
    ObjectNode stores = m.putObject("stores");
    stores.putObject("redisjson").put("version", "synthetic").putObject("settings").put("appendonly", "no");
    stores.putObject("mongodb").put("version", "synthetic").putObject("settings").put("writeConcern", "w=1");
    stores.putObject("elasticsearch").put("version", "synthetic").putObject("settings").put("replicas", 0);
    m.putObject("machine").put("cpu_model", "synthetic").put("cpus", 2).put("memory_gb", 8)
        .put("os", "synthetic").put("cpu_pinning", "none");
    m.putObject("jvm").put("version", "17 (synthetic)").putArray("flags").add("-Xmx1g");
    ObjectNode params = m.putObject("parameters").put("warmup_s", WARMUP_S).put("step_duration_s", DURATION_S)
        .put("saturation_rule", "throughput grew < 5% over the best step for 2 steps");
    ArrayNode threads = params.putArray("threads");
    for (int t : THREADS) {
      threads.add(t);
    }
    ObjectNode props = m.putObject("properties");
    for (int i = 0; i < 20; i++) {
      props.put("synthetic.property" + i, "value" + i);
    }
    writeJson(runDir.resolve("manifest.json"), m);
  }

  private static void writeJson(Path file, ObjectNode node) throws IOException {
    AtomicFiles.writeString(file, Json.MAPPER.writeValueAsString(node) + "\n");
  }
}
