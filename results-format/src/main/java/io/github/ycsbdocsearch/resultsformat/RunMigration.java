package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place that knows the names a run folder used before they were settled, and turns such a
 * folder into the current format ({@code bin/docsearch migrate}), so that every reader knows one
 * format (docs/results-format.md, "Format versions"):
 *
 * <ul>
 *   <li>{@code <store>/saturation.json}: the store's {@value RunLayout#CAPACITY} (same content); a
 *       folder resumed after the rename has both, and its {@value RunLayout#CAPACITY} is current;
 *   <li>{@code stores.<store>.saturation} of the run {@code summary.json} and of {@code
 *       manifest.json}: that store's {@code capacity};
 *   <li>{@code saturation_rule} of {@code manifest.json}: {@value Manifest#PEAK_RULE}.
 * </ul>
 *
 * <p>Each file is written whole beside its old one and renamed over it ({@link AtomicFiles}); the
 * old file is removed only once the new one is in place, so a migration cut short leaves a folder
 * that reads as before and that migrating again finishes. A current folder is left untouched.
 * Stateless.
 */
public final class RunMigration {

  /** {@value RunLayout#CAPACITY}'s name before the rename. */
  private static final String OLD_CAPACITY_FILE = "saturation.json";

  /** The run summary's key of a store's capacity file before the rename. */
  private static final String OLD_CAPACITY_KEY = "saturation";

  /** The manifest's key of the ramp's stopping rule before the rename. */
  private static final String OLD_PEAK_RULE = "saturation_rule";

  /** The run's files whose {@code stores} entries may hold {@link #OLD_CAPACITY_KEY}. */
  private static final List<String> FILES_WITH_STORES =
      List.of(RunLayout.MANIFEST, RunLayout.SUMMARY_JSON);

  private RunMigration() {}

  /**
   * Refuses a folder written in an older format, naming what is old and the command that migrates
   * it: what every reader of a run folder calls first.
   *
   * @throws ResultsFormatException when the folder holds a file of an older format
   */
  public static void requireCurrent(Path runDir) throws ResultsFormatException {
    List<String> old = pastForms(runDir);
    if (!old.isEmpty()) {
      throw new ResultsFormatException(
          runDir
              + ": written in an older format ("
              + String.join(", ", old)
              + "); upgrade it with bin/docsearch migrate "
              + runDir);
    }
  }

  /**
   * Upgrades a run folder in place to the current format.
   *
   * @return one line saying what was done, or that the folder was current and left untouched
   * @throws ResultsFormatException when it is not a run folder (no manifest.json) or a file it must
   *     rewrite is malformed
   */
  public static String migrate(Path runDir) throws IOException {
    if (!Files.isRegularFile(runDir.resolve(RunLayout.MANIFEST))) {
      throw new ResultsFormatException(
          runDir + ": not a run folder (no " + RunLayout.MANIFEST + ")");
    }
    List<String> old = pastForms(runDir);
    if (old.isEmpty()) {
      return runDir + ": current, left untouched";
    }
    for (String name : FILES_WITH_STORES) {
      Path file = runDir.resolve(name);
      if (Files.isRegularFile(file)) {
        JsonNode root = Json.readObject(file);
        if (renameCapacityKeys(root) | renamePeakRule(root)) {
          AtomicFiles.writeJson(file, root);
        }
      }
    }
    for (Path storeDir : oldCapacityFiles(runDir)) {
      Path before = storeDir.resolve(OLD_CAPACITY_FILE);
      Path now = storeDir.resolve(RunLayout.CAPACITY);
      if (!Files.exists(now)) {
        AtomicFiles.writeBytes(now, Files.readAllBytes(before));
      }
      Files.delete(before);
    }
    return runDir + ": migrated: " + String.join(", ", old);
  }

  /** What in a run folder is of an older format, one phrase each; empty when it is current. */
  static List<String> pastForms(Path runDir) throws ResultsFormatException {
    List<String> old = new ArrayList<>();
    for (Path storeDir : oldCapacityFiles(runDir)) {
      old.add(
          storeDir.getFileName()
              + "/"
              + OLD_CAPACITY_FILE
              + " -> "
              + (Files.exists(storeDir.resolve(RunLayout.CAPACITY))
                  ? "removed (" + RunLayout.CAPACITY + " is current)"
                  : RunLayout.CAPACITY));
    }
    for (String name : FILES_WITH_STORES) {
      Path file = runDir.resolve(name);
      JsonNode root = Files.isRegularFile(file) ? readOrEmpty(file) : null;
      if (root != null && renameCapacityKeys(root)) {
        old.add(name + " stores.*." + OLD_CAPACITY_KEY + " -> " + SummaryJson.CAPACITY_KEY);
      }
      if (root != null && renamePeakRule(root)) {
        old.add(name + " " + OLD_PEAK_RULE + " -> " + Manifest.PEAK_RULE);
      }
    }
    return old;
  }

  /**
   * A file's tree, or an empty one when it is malformed: its own reader names that, once; the
   * migration itself reads it again and stops there.
   */
  private static JsonNode readOrEmpty(Path file) {
    try {
      return Json.readObject(file);
    } catch (ResultsFormatException e) {
      return Json.MAPPER.createObjectNode();
    }
  }

  /** The store folders that hold a capacity file under its old name. */
  private static List<Path> oldCapacityFiles(Path runDir) throws ResultsFormatException {
    List<Path> stores = new ArrayList<>();
    if (!Files.isDirectory(runDir)) {
      return stores;
    }
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(runDir, Files::isDirectory)) {
      for (Path d : ds) {
        if (Files.isRegularFile(d.resolve(OLD_CAPACITY_FILE))) {
          stores.add(d);
        }
      }
    } catch (IOException e) {
      throw new ResultsFormatException(runDir + ": cannot be read: " + e.getMessage(), e);
    }
    stores.sort(null);
    return stores;
  }

  /**
   * Renames the manifest's old key of the ramp's stopping rule, in place and in its position (a
   * newer entry beside it wins); whether there was one.
   */
  private static boolean renamePeakRule(JsonNode root) {
    return root instanceof ObjectNode o && renameKey(o, OLD_PEAK_RULE, Manifest.PEAK_RULE);
  }

  /**
   * Renames each store entry's old capacity key of a run summary's or a manifest's tree, in place
   * and in its position (a newer entry beside it wins); whether there was one.
   */
  private static boolean renameCapacityKeys(JsonNode root) {
    boolean renamed = false;
    if (root.get("stores") instanceof ObjectNode stores) {
      for (JsonNode e : stores) {
        if (e instanceof ObjectNode entry) {
          renamed |= renameKey(entry, OLD_CAPACITY_KEY, SummaryJson.CAPACITY_KEY);
        }
      }
    }
    return renamed;
  }

  /**
   * Renames {@code from} to {@code to} in {@code node}, in place and in its position; when both are
   * there, {@code to} is the newer and wins. Whether {@code from} was there.
   */
  private static boolean renameKey(ObjectNode node, String from, String to) {
    if (!node.has(from)) {
      return false;
    }
    if (node.has(to)) {
      node.remove(from);
      return true;
    }
    Map<String, JsonNode> fields = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      fields.put(f.getKey().equals(from) ? to : f.getKey(), f.getValue());
    }
    node.removeAll();
    node.setAll(fields);
    return true;
  }
}
