package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Builds a baseline folder from at least {@link NoisePolicy#MIN_RUNS} repeated runs: for each workload a copy of the
 * median run ({@link MedianRunPicker}), plus {@code noise.json} measured from all the runs ({@link NoiseEstimator})
 * and {@code baseline.json} saying which runs went in and which was picked. The folder is assembled beside the target
 * and renamed into place, so a failure leaves no half-built baseline.
 *
 * <p>Layout: {@code <out>/noise.json}, {@code <out>/baseline.json}, {@code <out>/<run folder>/...} per workload; it is
 * a valid compare argument as is.
 *
 * <p>Stateless; safe to use from several threads on different output folders.
 */
public final class BaselineBuilder {

  /** Provenance file beside {@code noise.json}. */
  public static final String PROVENANCE = "baseline.json";

  private BaselineBuilder() {
  }

  /**
   * @param runDirs run folders or folders of run folders, one per repetition
   * @return the loaded sets
   * @throws BadInputException when fewer than {@link NoisePolicy#MIN_RUNS}, one is not a results folder, or their
   *     workloads differ
   * @throws IOException when a file cannot be read
   */
  public static List<ResultsSet> load(List<Path> runDirs) throws BadInputException, IOException {
    if (runDirs.size() < NoisePolicy.MIN_RUNS) {
      throw new BadInputException("a baseline needs at least " + NoisePolicy.MIN_RUNS + " repeated runs to measure"
          + " noise, got " + runDirs.size());
    }
    List<ResultsSet> sets = new ArrayList<>();
    for (Path dir : runDirs) {
      ResultsSet set = ResultsSet.load(dir);
      if (!sets.isEmpty() && !sets.get(0).byWorkload().keySet().equals(set.byWorkload().keySet())) {
        throw new BadInputException("workloads differ: " + sets.get(0).dir() + " has "
            + sets.get(0).byWorkload().keySet() + ", " + dir + " has " + set.byWorkload().keySet());
      }
      sets.add(set);
    }
    return sets;
  }

  /**
   * @param sets the repeated runs
   * @return one line per search store whose verification is missing or failed; empty when all verified
   */
  public static List<String> verificationProblems(List<ResultsSet> sets) {
    List<String> problems = new ArrayList<>();
    for (ResultsSet set : sets) {
      for (ResultsRun run : set.byWorkload().values()) {
        for (String store : run.stores()) {
          Verification v = run.verification().get(store);
          if (run.isSearch(store) && (v == null || !v.passed())) {
            problems.add(run.dir() + "/" + store + ": " + (v == null ? "no verification.json"
                : v.differing() + " of " + v.queries() + " answers differ from the oracle"));
          }
        }
      }
    }
    return problems;
  }

  /**
   * @param out target folder; must not exist or be empty
   * @param sets the repeated runs, as returned by {@link #load}
   * @param light true to leave out raw HDR logs and YCSB output (the derived files stay)
   * @param k multiplier on the CV
   * @return the provenance written to {@code baseline.json}
   * @throws BadInputException when {@code out} exists and is not empty
   * @throws IOException when copying or writing fails
   */
  public static ObjectNode build(Path out, List<ResultsSet> sets, boolean light, double k)
      throws BadInputException, IOException {
    if (Files.exists(out) && !isEmptyDir(out)) {
      throw new BadInputException(out + ": exists and is not empty; give a new folder for the baseline");
    }
    Path parent = out.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path staging = Files.createTempDirectory(parent, "." + out.getFileName() + ".tmp");
    try {
      SortedSet<String> workloads = new TreeSet<>(sets.get(0).byWorkload().keySet());
      ObjectNode provenance = provenance(sets, light, k);
      ObjectNode picked = provenance.putObject("picked");
      for (String workload : workloads) {
        List<ResultsRun> runs = sets.stream().map(set -> set.byWorkload().get(workload)).toList();
        int index = MedianRunPicker.pick(runs);
        Path source = runs.get(index).dir();
        Path target = staging.resolve(source.getFileName().toString());
        if (Files.exists(target)) {
          target = staging.resolve(source.getFileName() + "-" + workload);
        }
        copyTree(source, target, light);
        ObjectNode choice = picked.putObject(workload);
        choice.put("run", source.toString());
        choice.put("folder", target.getFileName().toString());
        ArrayNode scores = choice.putArray("distance_from_median");
        for (double score : MedianRunPicker.scores(runs)) {
          scores.add(score);
        }
      }
      ObjectNode noise = provenance.deepCopy();
      noise.remove("picked");
      noise.set("noise", NoiseEstimator.estimate(sets, workloads, k));
      Json.write(staging.resolve(NoiseModel.FILE_NAME), noise);
      Json.write(staging.resolve(PROVENANCE), provenance);
      if (Files.exists(out)) {
        Files.delete(out);
      }
      Files.move(staging, out, StandardCopyOption.ATOMIC_MOVE);
      return provenance;
    } finally {
      if (Files.exists(staging)) {
        deleteTree(staging);
      }
    }
  }

  private static ObjectNode provenance(List<ResultsSet> sets, boolean light, double k) {
    ObjectNode node = Json.object();
    node.put("format", 1);
    node.put("created_utc", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    node.put("k", k);
    node.put("min_runs", NoisePolicy.MIN_RUNS);
    ObjectNode floors = node.putObject("floors");
    floors.put("throughput", NoisePolicy.THROUGHPUT_FLOOR);
    floors.put("latency", NoisePolicy.LATENCY_FLOOR);
    node.put("method", "threshold = max(floor, k x CV); CV = sample stddev / mean over the runs; for latency the"
        + " largest CV over the steps");
    node.put("light", light);
    ArrayNode runs = node.putArray("runs");
    sets.forEach(set -> runs.add(set.dir().toString()));
    return node;
  }

  private static boolean isEmptyDir(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (Stream<Path> children = Files.list(dir)) {
      return children.findAny().isEmpty();
    }
  }

  /** Light copies skip raw HDR logs and YCSB's own output: the derived summaries are what comparisons read. */
  private static boolean skipped(Path relative, boolean light) {
    if (!light) {
      return false;
    }
    String name = relative.getFileName().toString();
    for (Path part : relative) {
      if (part.toString().equals("hdr")) {
        return true;
      }
    }
    return name.equals("ycsb.out") || name.equals("ycsb.err");
  }

  private static void copyTree(Path source, Path target, boolean light) throws IOException {
    List<Path> paths;
    try (Stream<Path> walk = Files.walk(source)) {
      paths = walk.sorted().toList();
    }
    for (Path path : paths) {
      Path relative = source.relativize(path);
      if (!relative.toString().isEmpty() && skipped(relative, light)) {
        continue;
      }
      Path dest = target.resolve(relative.toString());
      if (Files.isDirectory(path)) {
        Files.createDirectories(dest);
      } else {
        Files.copy(path, dest, StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    List<Path> paths;
    try (Stream<Path> walk = Files.walk(dir)) {
      paths = walk.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path path : paths) {
      Files.deleteIfExists(path);
    }
  }
}
