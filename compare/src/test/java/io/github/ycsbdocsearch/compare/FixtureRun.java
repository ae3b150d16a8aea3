package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.RunMigration;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.SummaryJson;
import io.github.ycsbdocsearch.resultsformat.Verification;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepSummarizer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a results folder the way a sweep does, through the results-format module: per store,
 * closed-loop ramp steps (threads {@link #THREADS}) and fixed-rate load steps at {@link #FRACTIONS}
 * of the measured peak, each a {@code step.json} plus YCSB-style HDR interval logs ({@link
 * RunFixture}), summarized by {@link StepSummarizer} into the step's summary.json; then
 * capacity.json and verification.json as records, and the run-level summary.json from {@code
 * SummaryJson.of(RunFolder.read(dir))}. Every rate and latency is a base value times the scales set
 * here, so a test knows which change it made. {@link #format1()} rewrites the folder's summary.json
 * the way format 1 wrote it, and migrates the folder ({@link RunMigration}) as a user's is.
 *
 * <p>Not thread-safe; one per run.
 */
final class FixtureRun {

  static final int[] THREADS = {1, 4};
  static final double[] FRACTIONS = {0.5, 0.9};
  static final int SECONDS = 3;
  static final Objective SLO = Objective.parse("p99<=10ms");

  private final String workload;
  private List<String> stores = List.of("elasticsearch", "mongodb", "redisjson");
  private List<String> ops = List.of("READ", "UPDATE");
  private double throughputScale = 1.0;
  private double latencyScale = 1.0;
  private final Map<String, Double> storeThroughputScale = new HashMap<>();
  private final Map<String, Double> opLatencyScale = new HashMap<>();
  private final Map<String, Double> stepLatencyScale = new HashMap<>();
  private final Map<String, Integer> differing = new HashMap<>();
  private final Map<String, Long> errors = new HashMap<>();
  private final Set<String> withoutVerification = new HashSet<>();
  private final Set<String> noQualifyingStep = new HashSet<>();
  private final Set<String> noCapacity = new HashSet<>();
  private final Map<String, Double> unsustained = new HashMap<>();
  private final Set<String> withoutCapacityFile = new HashSet<>();
  private double capacityHalfWidth = 0.03;
  private boolean format1;
  private String folderName;
  private Map<String, String> tags = Map.of();

  private FixtureRun(String workload) {
    this.workload = workload;
  }

  static FixtureRun crud(String workload) {
    return new FixtureRun(workload);
  }

  static FixtureRun search(String workload) {
    return new FixtureRun(workload).ops("SEARCH", "READ");
  }

  FixtureRun stores(String... names) {
    stores = List.of(names);
    return this;
  }

  FixtureRun ops(String... names) {
    ops = List.of(names);
    return this;
  }

  FixtureRun throughputScale(double scale) {
    throughputScale = scale;
    return this;
  }

  FixtureRun latencyScale(double scale) {
    latencyScale = scale;
    return this;
  }

  /**
   * The relative half-width of the 95 % interval written with each capacity (3 % unless set); NaN
   * writes none.
   */
  FixtureRun capacityHalfWidth(double halfWidth) {
    capacityHalfWidth = halfWidth;
    return this;
  }

  FixtureRun throughputScale(String store, double scale) {
    storeThroughputScale.put(store, scale);
    return this;
  }

  FixtureRun latencyScale(String store, String op, double scale) {
    opLatencyScale.put(store + "/" + op, scale);
    return this;
  }

  /** Scales the latency of one step of one store, named by its {@link StepKey#label()}. */
  FixtureRun stepLatencyScale(String store, String stepLabel, double scale) {
    stepLatencyScale.put(store + "/" + stepLabel, scale);
    return this;
  }

  FixtureRun differing(String store, int count) {
    differing.put(store, count);
    return this;
  }

  /** Failed operations of one store and operation, per step. */
  FixtureRun errors(String store, String op, long count) {
    errors.put(store + "/" + op, count);
    return this;
  }

  FixtureRun withoutVerification(String store) {
    withoutVerification.add(store);
    return this;
  }

  /** Every step of the store fails; its capacity.json has no numbers, only a reason. */
  FixtureRun noQualifyingStep(String store) {
    noQualifyingStep.add(store);
    return this;
  }

  /** No load step of the store meets the objective: capacity null, peak kept. */
  FixtureRun noCapacity(String store) {
    noCapacity.add(store);
    return this;
  }

  /** The store's load step at {@code fraction} achieves only 80 % of its target. */
  FixtureRun unsustained(String store, double fraction) {
    unsustained.put(store, fraction);
    return this;
  }

  /** The store's sweep never wrote capacity.json (an interrupted run). */
  FixtureRun withoutCapacityFile(String store) {
    withoutCapacityFile.add(store);
    return this;
  }

  /**
   * Writes summary.json as format 1 did: closed-loop steps only, no all-requests rows, intended
   * rows everywhere.
   */
  FixtureRun format1() {
    format1 = true;
    return this;
  }

  /** Labels the run as {@code --tag} does (the manifest's plan.tags). */
  FixtureRun tags(Map<String, String> labels) {
    tags = labels;
    return this;
  }

  FixtureRun folder(String name) {
    folderName = name;
    return this;
  }

  /** Writes the run folder under {@code parent} and returns it. */
  Path writeTo(Path parent) throws IOException {
    Path dir = parent.resolve(folderName != null ? folderName : "20261121T020000Z-" + workload);
    Map<String, Object> manifest = new LinkedHashMap<>();
    manifest.put("run_id", dir.getFileName().toString());
    manifest.put("git_commit", "0123abc");
    manifest.put("workload", Map.of("name", workload));
    if (!tags.isEmpty()) {
      manifest.put("plan", Map.of("tags", tags));
    }
    AtomicFiles.writeJson(dir.resolve(RunLayout.MANIFEST), manifest);
    for (String store : stores) {
      writeStore(dir, store);
    }
    SummaryJson.of(RunFolder.read(dir)).writeTo(dir);
    if (format1) {
      downgradeSummary(dir);
      RunMigration.migrate(dir);
    }
    return dir;
  }

  private void writeStore(Path dir, String store) throws IOException {
    Path storeDir = RunLayout.storeDir(dir, store);
    StepStatus status = noQualifyingStep.contains(store) ? StepStatus.FAILED : StepStatus.COMPLETE;
    int index = 0;
    StepSummary peak = null;
    for (int threads : THREADS) {
      double rate =
          perThread(store)
              * Math.pow(threads, 0.8)
              * throughputScale
              * storeThroughputScale.getOrDefault(store, 1.0);
      StepSummary s =
          step(storeDir, store, ++index, threads, 0, Phase.RAMP, null, rate, status, "t" + threads);
      if (peak == null || s.throughputOps() > peak.throughputOps()) {
        peak = s;
      }
    }
    StepSummary capacity = null;
    if (!format1) {
      for (double fraction : FRACTIONS) {
        long target = Math.round(fraction * peak.throughputOps());
        double achieved = unsustained.getOrDefault(store, -1.0) == fraction ? 0.8 * target : target;
        StepSummary s =
            step(
                storeDir,
                store,
                ++index,
                peak.threads(),
                target,
                Phase.LOAD,
                fraction,
                achieved,
                status,
                "load-" + Math.round(fraction * 100) + "%");
        if (s.usable() && !noCapacity.contains(store)) {
          capacity = s;
        }
      }
    }
    if (!withoutCapacityFile.contains(store)) {
      capacityFile(store, status == StepStatus.COMPLETE ? peak : null, capacity, capacityHalfWidth)
          .writeTo(storeDir);
    }
    if (ops.contains("SEARCH") && !withoutVerification.contains(store)) {
      int bad = differing.getOrDefault(store, 0);
      new Verification(
              store,
              10_000L,
              1000,
              1000 - bad,
              bad,
              600,
              300,
              100,
              null,
              new Verification.HitCounts(1, 17, 230, 4120),
              List.of(),
              null,
              null)
          .writeTo(storeDir);
    }
  }

  private static StoreCapacity capacityFile(
      String store, StepSummary peak, StepSummary capacity, double halfWidth) {
    if (peak == null) {
      return new StoreCapacity(
          StoreCapacity.FORMAT,
          store,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          SLO,
          "no step completed",
          "every step failed",
          null,
          null,
          null,
          null,
          false);
    }
    return new StoreCapacity(
        StoreCapacity.FORMAT,
        store,
        peak.throughputOps(),
        peak.step(),
        peak.threads(),
        peak.throughputCi95(),
        false,
        capacity == null ? null : (double) capacity.targetOps(),
        capacity == null ? null : capacity.step(),
        SLO,
        capacity == null ? "no offered rate met " + SLO : "highest sustained rate meeting " + SLO,
        "last thread step",
        peak.index(),
        peak.threads(),
        peak.throughputOps(),
        capacity == null || Double.isNaN(halfWidth) ? null : interval(capacity, halfWidth),
        false);
  }

  /** A capacity search record holding only the capacity's 95 % interval. */
  private static CapacitySearchRecord interval(StepSummary capacity, double halfWidth) {
    double c = capacity.targetOps();
    return new CapacitySearchRecord(
        c * (1 - halfWidth),
        c * (1 + halfWidth),
        false,
        true,
        null,
        0.03,
        "fixture",
        null,
        halfWidth,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        List.of());
  }

  /**
   * Writes one step: {@code rate} operations per second for {@link #SECONDS} seconds, split evenly
   * over the operations, each with a known latency spectrum; fixed-rate steps get an intended log
   * 25 % above service time.
   */
  private StepSummary step(
      Path storeDir,
      String store,
      int index,
      int threads,
      long target,
      Phase phase,
      Double fraction,
      double rate,
      StepStatus status,
      String label)
      throws IOException {
    Path stepDir =
        RunLayout.stepsDir(storeDir.getParent(), store)
            .resolve(RunLayout.stepDirName(index, threads, target, phase));
    new StepRecord(
            StepRecord.FORMAT,
            store,
            workload,
            index,
            threads,
            target,
            0,
            SECONDS,
            status,
            "2026-11-21T02:00:00Z",
            "2026-11-21T02:00:03Z",
            status == StepStatus.COMPLETE ? 0 : 1,
            status == StepStatus.COMPLETE ? null : "store died",
            phase,
            fraction,
            0.3,
            2,
            null,
            null,
            null,
            null)
        .writeTo(stepDir);
    long start = RunFixture.T0 + index * 60_000L;
    int perOp = (int) Math.round(rate / ops.size());
    for (String op : ops) {
      double base =
          baseLatency(store)
              * (phase == Phase.RAMP ? threads : 1 + fraction)
              * latencyScale
              * opLatencyScale.getOrDefault(store + "/" + op, 1.0)
              * stepLatencyScale.getOrDefault(store + "/" + label, 1.0);
      long[] service = spectrum(base, perOp);
      RunFixture.log(stepDir, op, start, RunFixture.times(SECONDS, service));
      if (target > 0) {
        RunFixture.log(
            stepDir,
            "Intended-" + op,
            start,
            RunFixture.times(SECONDS, spectrum(base * 1.25, perOp)));
      }
      long failed = errors.getOrDefault(store + "/" + op, 0L);
      if (failed > 0) {
        RunFixture.log(
            stepDir,
            op + "-FAILED",
            start,
            RunFixture.times(
                SECONDS, RunFixture.repeat(Math.round(base * 10), (int) (failed / SECONDS))));
      }
    }
    StepSummary summary = StepSummarizer.summarize(stepDir);
    summary.writeTo(stepDir);
    return summary;
  }

  /**
   * {@code n} latencies spread evenly from 0.5 to 1.5 x {@code base} µs. No steep tail on purpose:
   * every percentile then depends on {@code base} alone, not on how many samples the rate gave (a
   * tail of a few samples would move p99 with the sample count and make throughput changes look
   * like latency changes).
   */
  private static long[] spectrum(double base, int n) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = Math.max(1, Math.round(base * (0.5 + (i + 0.5) / n)));
    }
    return v;
  }

  private static double perThread(String store) {
    return switch (store) {
      case "redisjson" -> 900;
      case "mongodb" -> 600;
      default -> 300;
    };
  }

  private static double baseLatency(String store) {
    return switch (store) {
      case "redisjson" -> 110;
      case "mongodb" -> 240;
      default -> 650;
    };
  }

  /** Rewrites summary.json as a format-1 writer did (that writer no longer exists). */
  private static void downgradeSummary(Path dir) throws IOException {
    ObjectNode root = (ObjectNode) Json.readObject(dir.resolve(RunLayout.SUMMARY_JSON));
    root.put("format", 1);
    ArrayNode rows = root.putArray("rows");
    for (JsonNode r : Json.readObject(dir.resolve(RunLayout.SUMMARY_JSON)).get("rows")) {
      if (!"ok".equals(r.path("requests").asText())) {
        continue;
      }
      ObjectNode row = ((ObjectNode) r).deepCopy();
      row.set("status", row.get("step_status"));
      List.of(
              "step_status",
              "phase",
              "offered_fraction",
              "rate_sustained",
              "requests",
              "part_count",
              "client_bound",
              "client_cpu_cores",
              "usable",
              "unusable_reason")
          .forEach(row::remove);
      rows.add(row);
      if (row.path("target_ops").asLong() == 0) {
        rows.add(row.deepCopy().put("latency_kind", "intended"));
      }
    }
    List<String> names = new ArrayList<>();
    root.get("stores").fieldNames().forEachRemaining(names::add);
    for (String store : names) {
      ObjectNode entry = (ObjectNode) root.get("stores").get(store);
      JsonNode capacity = entry.remove("capacity");
      JsonNode verification = entry.remove("verification");
      // Format 1 called the store's capacity file's copy "saturation".
      entry.set("saturation", capacity);
      entry.set("verification", verification);
      if (capacity != null && capacity.isObject()) {
        ObjectNode old = Json.MAPPER.createObjectNode();
        old.put("store", store);
        old.set("max_sustainable_index", capacity.get("max_sustainable_index"));
        old.set("threads", capacity.get("threads"));
        old.set("throughput_ops", capacity.get("throughput_ops"));
        old.set("reason", capacity.get("reason"));
        entry.set("saturation", old);
      }
    }
    AtomicFiles.writeJson(dir.resolve(RunLayout.SUMMARY_JSON), root);
  }
}
