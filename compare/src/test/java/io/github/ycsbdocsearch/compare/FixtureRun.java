package io.github.ycsbdocsearch.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes a results folder (format v1: manifest.json, summary.csv, summary.json, per-store saturation.json and
 * verification.json, a raw HDR log stub) with numbers the test chooses: every throughput and latency is a base value
 * times the scales set here, so a test knows exactly which change it made.
 *
 * <p>Not thread-safe; one per test.
 */
final class FixtureRun {

  static final int[] THREADS = {1, 4};

  private final String workload;
  private List<String> stores = List.of("elasticsearch", "mongodb", "redisjson");
  private List<String> ops = List.of("READ", "UPDATE");
  private double throughputScale = 1.0;
  private double latencyScale = 1.0;
  private final Map<String, Double> storeThroughputScale = new HashMap<>();
  private final Map<String, Double> opLatencyScale = new HashMap<>();
  private final Map<Integer, Double> stepLatencyScale = new HashMap<>();
  private final Map<String, Long> differing = new HashMap<>();
  private final Map<String, Long> errors = new HashMap<>();
  private final Set<String> withoutVerification = new HashSet<>();
  private String folderName;

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

  FixtureRun throughputScale(String store, double scale) {
    storeThroughputScale.put(store, scale);
    return this;
  }

  FixtureRun latencyScale(String store, String op, double scale) {
    opLatencyScale.put(store + "/" + op, scale);
    return this;
  }

  FixtureRun stepLatencyScale(int threads, double scale) {
    stepLatencyScale.put(threads, scale);
    return this;
  }

  FixtureRun differing(String store, long count) {
    differing.put(store, count);
    return this;
  }

  FixtureRun errors(String store, String op, long count) {
    errors.put(store + "/" + op, count);
    return this;
  }

  FixtureRun withoutVerification(String store) {
    withoutVerification.add(store);
    return this;
  }

  FixtureRun folder(String name) {
    folderName = name;
    return this;
  }

  /** Writes the run folder under {@code parent} and returns it. */
  Path writeTo(Path parent) throws IOException {
    Path dir = parent.resolve(folderName != null ? folderName : "20261121T020000Z-" + workload);
    Files.createDirectories(dir);
    write(dir.resolve("manifest.json"), String.format(Locale.ROOT, "{\"format\": 1, \"run_id\": \"%s\","
        + " \"git_commit\": \"0123abc\", \"started_utc\": \"2026-11-21T02:00:00Z\", \"workload\": \"%s\"}%n",
        dir.getFileName(), workload));
    StringBuilder csv = new StringBuilder("store,workload,threads,target_ops,throughput_ops,op,count,errors,p50_us,"
        + "p90_us,p99_us,p999_us,p9999_us,max_us,latency_kind,step,min_us,mean_us,stddev_us,duration_s\n");
    List<String> jsonRows = new ArrayList<>();
    StringBuilder storesJson = new StringBuilder();
    for (String store : stores) {
      writeStore(dir, store, csv, jsonRows);
      storesJson.append(storesJson.length() == 0 ? "" : ", ").append('"').append(store).append("\": {}");
    }
    write(dir.resolve("summary.csv"), csv.toString());
    write(dir.resolve("summary.json"), "{\"format\": 1, \"rows\": [\n" + String.join(",\n", jsonRows)
        + "\n], \"stores\": {" + storesJson + "}}\n");
    return dir;
  }

  private void writeStore(Path dir, String store, StringBuilder csv, List<String> jsonRows) throws IOException {
    Path storeDir = dir.resolve(store);
    Files.createDirectories(storeDir.resolve("steps/01-t1/hdr"));
    write(storeDir.resolve("steps/01-t1/hdr/READ.hdr"), "#[StartTime: 0]\n");
    write(storeDir.resolve("steps/01-t1/ycsb.out"), "raw\n");
    double best = 0;
    for (int i = 0; i < THREADS.length; i++) {
      int threads = THREADS[i];
      double throughput = throughput(store, threads);
      best = Math.max(best, throughput);
      for (String op : ops) {
        double p50 = baseLatency(store) * threads * latencyScale * opLatencyScale.getOrDefault(store + "/" + op, 1.0)
            * stepLatencyScale.getOrDefault(threads, 1.0);
        long errorCount = errors.getOrDefault(store + "/" + op, 0L);
        for (String kind : List.of("service", "intended")) {
          String line = String.format(Locale.ROOT, "%s,%s,%d,0,%.1f,%s,20000,%d,%.1f,%.1f,%.1f,%.1f,,%.1f,%s,"
              + "%02d-t%d,10,%.1f,5,10", store, workload, threads, throughput, op, errorCount, p50, p50 * 2,
              p50 * 4, p50 * 10, p50 * 20, kind, i + 1, threads, p50 * 1.1);
          csv.append(line).append('\n');
          jsonRows.add(String.format(Locale.ROOT, "{\"store\": \"%s\", \"threads\": %d, \"op\": \"%s\","
              + " \"latency_kind\": \"%s\", \"p50_us\": %.1f}", store, threads, op, kind, p50));
        }
      }
    }
    write(storeDir.resolve("saturation.json"), String.format(Locale.ROOT, "{\"store\": \"%s\","
        + " \"max_sustainable_index\": 2, \"threads\": 4, \"throughput_ops\": %.1f, \"reason\": \"last step\"}%n",
        store, best));
    if (ops.contains("SEARCH") && !withoutVerification.contains(store)) {
      long bad = differing.getOrDefault(store, 0L);
      write(storeDir.resolve("verification.json"), String.format(Locale.ROOT, "{\"store\": \"%s\", \"queries\": 1000,"
          + " \"identical\": %d, \"differing\": %d, \"deep_pages\": 400, \"hit_counts\": {\"min\": 1, \"p50\": 17,"
          + " \"p90\": 230, \"max\": 4120}, \"first_differences\": []}%n", store, 1000 - bad, bad));
    }
  }

  private double throughput(String store, int threads) {
    double perThread = switch (store) {
      case "redisjson" -> 9000;
      case "mongodb" -> 4000;
      default -> 1500;
    };
    return perThread * Math.pow(threads, 0.8) * throughputScale * storeThroughputScale.getOrDefault(store, 1.0);
  }

  private static double baseLatency(String store) {
    return switch (store) {
      case "redisjson" -> 110;
      case "mongodb" -> 240;
      default -> 650;
    };
  }

  private static void write(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
