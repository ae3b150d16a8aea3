package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A results folder as its readers see it: manifest.json, and per store its step summaries,
 * capacity.json and verification.json. Steps are read from their own {@code summary.json} (a
 * format-1 folder, which had none, gets them from {@link RunMigration}). Immutable.
 *
 * @param stores the stores, in folder-name order
 */
public record RunFolder(Path dir, JsonNode manifest, List<StoreRun> stores) {

  public RunFolder {
    stores = List.copyOf(stores);
  }

  /**
   * Reads a results folder.
   *
   * @throws ResultsFormatException when {@code dir} has no manifest.json, a file is malformed, or
   *     the folder is to be migrated ({@link RunMigration#requireCurrent})
   */
  public static RunFolder read(Path dir) throws IOException {
    if (!Files.isDirectory(dir) || !Files.isRegularFile(dir.resolve(RunLayout.MANIFEST))) {
      throw new ResultsFormatException(
          dir + ": not a results folder (no " + RunLayout.MANIFEST + ")");
    }
    RunMigration.requireCurrent(dir);
    JsonNode manifest = Json.readObject(dir.resolve(RunLayout.MANIFEST));
    List<StoreRun> stores = new ArrayList<>();
    for (Path storeDir : RunLayout.sortedEntries(dir)) {
      if (isStoreDir(storeDir)) {
        stores.add(readStore(storeDir));
      }
    }
    return new RunFolder(dir, manifest, stores);
  }

  private static boolean isStoreDir(Path p) {
    return Files.isDirectory(p)
        && (Files.isDirectory(p.resolve(RunLayout.STEPS_DIR))
            || Files.isRegularFile(p.resolve(RunLayout.CAPACITY))
            || Files.isRegularFile(p.resolve(RunLayout.VERIFICATION)));
  }

  private static StoreRun readStore(Path storeDir) throws IOException {
    List<StoreRun.Step> steps = new ArrayList<>();
    for (Path stepDir : RunLayout.sortedEntries(storeDir.resolve(RunLayout.STEPS_DIR))) {
      // A step folder without step.json was never finished being described: nothing derived can
      // come from it.
      if (Files.isDirectory(stepDir) && Files.isRegularFile(stepDir.resolve(RunLayout.STEP_JSON))) {
        steps.add(new StoreRun.Step(stepDir, StepSummary.read(stepDir)));
      }
    }
    steps.sort(
        Comparator.comparingInt((StoreRun.Step s) -> s.summary().index())
            .thenComparing(s -> s.summary().step()));
    return new StoreRun(
        storeDir.getFileName().toString(),
        steps,
        StoreCapacity.readOptional(storeDir),
        Verification.readOptional(storeDir));
  }

  /** All steps of all stores, store by store. */
  public List<StepSummary> allSteps() {
    return stores.stream().flatMap(s -> s.summaries().stream()).toList();
  }

  /** Every summary row of the run, store by store, step by step. */
  public List<SummaryRow> rows() {
    return allSteps().stream().flatMap(s -> s.rows().stream()).toList();
  }

  public List<String> storeNames() {
    return stores.stream().map(StoreRun::name).toList();
  }

  /** The distinct operations of the run, in {@link OperationOrder}. */
  public List<String> operations() {
    return allSteps().stream()
        .flatMap(s -> s.operationNames().stream())
        .distinct()
        .sorted(OperationOrder::compare)
        .toList();
  }

  /** The typed parts of the manifest (the rest of it is shown as written). */
  public Manifest manifestRecord() {
    return Manifest.of(manifest);
  }

  /** The run id from the manifest (the folder name when missing). */
  public String runId() {
    String id = manifestRecord().runId();
    return id != null ? id : dir.getFileName().toString();
  }

  /** Whether the manifest says the data is synthetic (a generated sample, not a measurement). */
  public boolean synthetic() {
    return manifestRecord().synthetic();
  }
}
