package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.Verification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Builds a baseline folder from at least {@link NoisePolicy#MIN_RUNS} repeated runs: for each
 * workload a copy of the median run ({@link MedianRunPicker}), plus {@code noise.json} measured
 * from all the runs ({@link NoiseEstimator}) and {@code baseline.json} saying which runs went in
 * and which was picked. The folder is assembled beside the target and renamed into place, so a
 * failure leaves no half-built baseline.
 *
 * <p>Layout: {@code <out>/noise.json}, {@code <out>/baseline.json}, {@code <out>/<run folder>/...}
 * per workload; it is a valid compare argument as is.
 *
 * <p>Stateless; safe to use from several threads on different output folders.
 */
public final class BaselineBuilder {

  /** Provenance file beside {@code noise.json}. */
  public static final String PROVENANCE = "baseline.json";

  private BaselineBuilder() {}

  /**
   * @param runDirs run folders or folders of run folders, one per repetition
   * @return the loaded sets
   * @throws BadInputException when fewer than {@link NoisePolicy#MIN_RUNS}, one is not a results
   *     folder, or their workloads differ
   * @throws IOException when a file cannot be read
   */
  public static List<ResultsSet> load(List<Path> runDirs) throws BadInputException, IOException {
    if (runDirs.size() < NoisePolicy.MIN_RUNS) {
      throw new BadInputException(
          "a baseline needs at least "
              + NoisePolicy.MIN_RUNS
              + " repeated runs to measure"
              + " noise, got "
              + runDirs.size());
    }
    List<ResultsSet> sets = new ArrayList<>();
    for (Path dir : runDirs) {
      ResultsSet set = ResultsSet.load(dir);
      if (!sets.isEmpty() && !sets.get(0).byWorkload().keySet().equals(set.byWorkload().keySet())) {
        throw new BadInputException(
            "workloads differ: "
                + sets.get(0).dir()
                + " has "
                + sets.get(0).byWorkload().keySet()
                + ", "
                + dir
                + " has "
                + set.byWorkload().keySet());
      }
      sets.add(set);
    }
    return sets;
  }

  /**
   * @param sets the repeated runs
   * @return one line per search store whose verification is missing or failed; empty when all
   *     verified
   */
  public static List<String> verificationProblems(List<ResultsSet> sets) {
    List<String> problems = new ArrayList<>();
    for (ResultsSet set : sets) {
      for (ResultsRun run : set.byWorkload().values()) {
        for (String store : run.stores()) {
          Verification v = run.verification().get(store);
          if (run.isSearch(store) && (v == null || !v.rawText() && !v.passed())) {
            problems.add(
                run.dir()
                    + "/"
                    + store
                    + ": "
                    + (v == null
                        ? "no verification.json"
                        : v.differing()
                            + " of "
                            + v.queries()
                            + " answers differ from the oracle"));
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
   * @return the provenance written to {@code baseline.json}
   * @throws BadInputException when {@code out} exists and is not empty
   * @throws IOException when copying or writing fails
   */
  public static ObjectNode build(Path out, List<ResultsSet> sets, boolean light)
      throws BadInputException, IOException {
    if (Files.exists(out) && !isEmptyDir(out)) {
      throw new BadInputException(
          out + ": exists and is not empty; give a new folder for the baseline");
    }
    Path parent = out.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path staging = Files.createTempDirectory(parent, "." + out.getFileName() + ".tmp");
    try {
      SortedSet<String> workloads = new TreeSet<>(sets.get(0).byWorkload().keySet());
      NoiseFile noise = noiseFile(sets, light, NoiseEstimator.estimate(sets, workloads));
      ObjectNode provenance = Json.MAPPER.valueToTree(noise);
      provenance.remove("noise");
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
      AtomicFiles.writeJson(staging.resolve(NoiseModel.FILE_NAME), noise);
      AtomicFiles.writeJson(staging.resolve(PROVENANCE), provenance);
      AtomicFiles.publish(staging, out);
      return provenance;
    } finally {
      AtomicFiles.deleteTree(staging);
    }
  }

  private static NoiseFile noiseFile(
      List<ResultsSet> sets, boolean light, Map<String, Map<String, NoiseFile.StoreNoise>> noise) {
    return new NoiseFile(
        NoiseFile.FORMAT,
        Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
        NoisePolicy.MIN_RUNS,
        Map.of("throughput", NoisePolicy.THROUGHPUT_FLOOR, "latency", NoisePolicy.LATENCY_FLOOR),
        "per step and metric: cv = sample stddev / mean over the runs; compare-results.sh moderates"
            + " each toward a pooled cv and judges with max(floor, t x sqrt(2) x cv'), t Student's"
            + " quantile at 1 - alpha / (2 x metrics compared) (Bonferroni); see compare/README.md",
        light,
        sets.stream().map(set -> set.dir().toString()).toList(),
        noise);
  }

  private static boolean isEmptyDir(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (Stream<Path> children = Files.list(dir)) {
      return children.findAny().isEmpty();
    }
  }

  /**
   * Light copies skip raw HDR logs and YCSB's own output: the derived summaries are what
   * comparisons read.
   */
  private static boolean skipped(Path relative, boolean light) {
    if (!light) {
      return false;
    }
    String name = relative.getFileName().toString();
    for (Path part : relative) {
      if (part.toString().equals(RunLayout.HDR_DIR)) {
        return true;
      }
    }
    return name.equals(RunLayout.YCSB_OUT) || name.equals(RunLayout.YCSB_ERR);
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
}
