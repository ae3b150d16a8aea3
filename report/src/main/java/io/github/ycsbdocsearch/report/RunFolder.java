package io.github.ycsbdocsearch.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A results folder read from its raw files: manifest.json, and per store the step folders, saturation.json and
 * verification.json. Not thread-safe (holds mutable histograms).
 *
 * @param dir      the results folder
 * @param manifest manifest.json
 * @param stores   the stores, in folder-name order
 */
record RunFolder(Path dir, JsonNode manifest, List<StoreRun> stores) {

  static final String MANIFEST = "manifest.json";
  static final String STEPS_DIR = "steps";
  static final String SATURATION = "saturation.json";
  static final String VERIFICATION = "verification.json";

  RunFolder {
    stores = List.copyOf(stores);
  }

  /**
   * Reads a results folder.
   *
   * @throws ResultsFormatException when {@code dir} has no manifest.json or a raw file is malformed
   */
  static RunFolder read(Path dir) throws IOException {
    if (!Files.isDirectory(dir) || !Files.isRegularFile(dir.resolve(MANIFEST))) {
      throw new ResultsFormatException(dir + ": not a results folder (no " + MANIFEST + ")");
    }
    JsonNode manifest = Json.readObject(dir.resolve(MANIFEST));
    List<StoreRun> stores = new ArrayList<>();
    for (Path storeDir : sortedChildren(dir, "*")) {
      if (isStoreDir(storeDir)) {
        stores.add(readStore(storeDir));
      }
    }
    return new RunFolder(dir, manifest, stores);
  }

  private static boolean isStoreDir(Path p) {
    return Files.isDirectory(p) && (Files.isDirectory(p.resolve(STEPS_DIR))
        || Files.isRegularFile(p.resolve(SATURATION)) || Files.isRegularFile(p.resolve(VERIFICATION)));
  }

  private static StoreRun readStore(Path storeDir) throws IOException {
    List<StoreRun.LoadedStep> steps = new ArrayList<>();
    Path stepsDir = storeDir.resolve(STEPS_DIR);
    if (Files.isDirectory(stepsDir)) {
      for (Path stepDir : sortedChildren(stepsDir, "*")) {
        // A step folder without step.json was never finished being described: nothing derived can come from it.
        if (Files.isDirectory(stepDir) && Files.isRegularFile(stepDir.resolve(StepInfoReader.FILE_NAME))) {
          StepSummarizer.Loaded loaded = StepSummarizer.load(stepDir);
          steps.add(new StoreRun.LoadedStep(stepDir, loaded.summary(), loaded.histograms()));
        }
      }
    }
    steps.sort((a, b) -> {
      int c = Integer.compare(a.summary().step().index(), b.summary().step().index());
      return c != 0 ? c : a.summary().stepName().compareTo(b.summary().stepName());
    });
    return new StoreRun(storeDir.getFileName().toString(), steps,
        Json.readOptional(storeDir.resolve(SATURATION)), Json.readOptional(storeDir.resolve(VERIFICATION)));
  }

  private static List<Path> sortedChildren(Path dir, String glob) throws IOException {
    List<Path> children = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, glob)) {
      ds.forEach(children::add);
    }
    children.sort(null);
    return children;
  }

  /** All steps of all stores, store by store. */
  List<StepSummary> allSteps() {
    return stores.stream().flatMap(s -> s.summaries().stream()).toList();
  }

  /** The store names, in order. */
  List<String> storeNames() {
    return stores.stream().map(StoreRun::name).toList();
  }

  /** The distinct operations of the run, in {@link OperationOrder}. */
  List<String> operations() {
    return allSteps().stream().flatMap(s -> s.operationNames().stream()).distinct()
        .sorted(OperationOrder::compare).toList();
  }

  /** Whether the manifest says the data is synthetic (a generated sample, not a measurement). */
  boolean synthetic() {
    return manifest.path("synthetic").asBoolean(false);
  }
}
