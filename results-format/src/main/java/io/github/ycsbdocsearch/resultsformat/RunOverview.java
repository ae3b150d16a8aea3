package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run folder as a list of past runs shows it ({@code bin/docsearch runs}): its manifest's typed
 * parts and each store's capacity file, without its steps, so that listing many runs reads two
 * small files per store instead of every step's summary. Immutable.
 *
 * @param manifest its manifest's typed parts
 * @param stores the stores the manifest names, in its order (the store folders with a capacity file
 *     when it names none, in name order)
 */
public record RunOverview(Path dir, Manifest manifest, List<Store> stores) {

  public RunOverview {
    stores = List.copyOf(stores);
  }

  /**
   * One store of the run.
   *
   * @param name the store, as its folder is named
   * @param status how its sweep ended ({@link Manifest#STATUS_COMPLETE} when the manifest does not
   *     say)
   * @param capacity its capacity file; null when it has none (a sweep that ended before writing it)
   */
  public record Store(String name, String status, StoreCapacity capacity) {}

  /**
   * Reads a run folder's manifest and capacity files.
   *
   * @throws ResultsFormatException when it has no manifest.json, one of the files is malformed, or
   *     the folder is to be migrated ({@link RunMigration#requireCurrent})
   */
  public static RunOverview read(Path runDir) throws IOException {
    Manifest manifest = Manifest.read(runDir);
    RunMigration.requireCurrent(runDir);
    List<String> names = new ArrayList<>(manifest.storeStatus().keySet());
    if (names.isEmpty()) {
      for (Path d : RunLayout.sortedEntries(runDir)) {
        if (Files.isRegularFile(d.resolve(RunLayout.CAPACITY))) {
          names.add(d.getFileName().toString());
        }
      }
    }
    List<Store> stores = new ArrayList<>();
    for (String name : names) {
      stores.add(
          new Store(
              name,
              manifest.storeStatus(name),
              StoreCapacity.readOptional(RunLayout.storeDir(runDir, name))));
    }
    return new RunOverview(runDir, manifest, stores);
  }
}
