package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepSummarizer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place that knows the names and versions a run folder's files had before the current ones,
 * and turns such a folder into the current format ({@code bin/docsearch migrate}), so that every
 * reader knows one format; docs/results-format.md, "Format versions", tables what it upgrades and
 * how.
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

  /** Every versioned file's key of its version; a file without one is format 1. */
  private static final String FORMAT = "format";

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
          "%s: written in an older format (%s); upgrade it with bin/docsearch migrate %s"
              .formatted(runDir, String.join(", ", old), runDir));
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
    List<String> old = new ArrayList<>();
    Map<Path, JsonNode> upgraded = upgrades(runDir, true, old);
    if (old.isEmpty()) {
      return runDir + ": current, left untouched";
    }
    for (Map.Entry<Path, JsonNode> f : upgraded.entrySet()) {
      AtomicFiles.writeJson(f.getKey(), f.getValue());
    }
    for (Path storeDir : oldCapacityFiles(runDir)) {
      Files.delete(storeDir.resolve(OLD_CAPACITY_FILE));
    }
    return runDir + ": migrated: " + String.join(", ", old);
  }

  /** What in a run folder is of an older format, one phrase each; empty when it is current. */
  static List<String> pastForms(Path runDir) throws ResultsFormatException {
    List<String> old = new ArrayList<>();
    upgrades(runDir, false, old);
    return old;
  }

  /**
   * Refuses a file of another version than the current one, naming the command that upgrades an
   * older one: what the reader of such a file calls.
   *
   * @throws ResultsFormatException when {@code format} is not {@code current}
   */
  public static void requireFormat(Path file, Integer format, int current)
      throws ResultsFormatException {
    if (format == null || format != current) {
      String why =
          format == null || format < current
              ? "is older than %s; upgrade its run folder with bin/docsearch migrate"
              : "is not supported (only %s)";
      throw new ResultsFormatException(
          ("%s: format %s " + why).formatted(file, format == null ? 1 : format, current));
    }
  }

  /**
   * Each file of the folder that the migration rewrites, with its upgraded content, adding to
   * {@code old} one phrase per change. Strict: a malformed file stops it; else it counts as current
   * (its own reader names it, once).
   */
  private static Map<Path, JsonNode> upgrades(Path runDir, boolean strict, List<String> old)
      throws ResultsFormatException {
    Map<Path, JsonNode> upgraded = new LinkedHashMap<>();
    for (Path storeDir : oldCapacityFiles(runDir)) {
      boolean resumed = Files.exists(storeDir.resolve(RunLayout.CAPACITY));
      String now = resumed ? "removed (" + RunLayout.CAPACITY + " is current)" : RunLayout.CAPACITY;
      old.add("%s/%s -> %s".formatted(storeDir.getFileName(), OLD_CAPACITY_FILE, now));
      if (!resumed) {
        upgraded.put(
            storeDir.resolve(RunLayout.CAPACITY),
            read(storeDir.resolve(OLD_CAPACITY_FILE), strict));
      }
    }
    int oldStepRecords = 0;
    int unsummarized = 0;
    int oldStepSummaries = 0;
    for (Path storeDir : children(runDir)) {
      Path file = storeDir.resolve(RunLayout.CAPACITY);
      JsonNode capacity = upgraded.get(file);
      if (capacity == null && Files.isRegularFile(file)) {
        capacity = read(file, strict);
      }
      if (capacity instanceof ObjectNode c
          && upgradeCapacity(c, storeDir, storeDir.getFileName() + "/" + RunLayout.CAPACITY, old)) {
        upgraded.put(file, c);
      }
      for (Path stepDir : children(storeDir.resolve(RunLayout.STEPS_DIR))) {
        Path stepJson = stepDir.resolve(RunLayout.STEP_JSON);
        Path summary = stepDir.resolve(RunLayout.STEP_SUMMARY);
        if (Files.isRegularFile(stepJson)
            && read(stepJson, strict) instanceof ObjectNode r
            && r.path(FORMAT).asInt(1) < StepRecord.FORMAT) {
          // Format 1 recorded no phase: an unthrottled step was the ramp, a throttled one a rate.
          if (!r.hasNonNull("phase")) {
            r.put("phase", Phase.ofFormat1(r.path("target_ops").asLong(0)).jsonName());
          }
          r.put(FORMAT, StepRecord.FORMAT);
          upgraded.put(stepJson, r);
          oldStepRecords++;
          // Format-1 steps had no summary: it is made from their logs, as the runner makes it now.
          if (!Files.isRegularFile(summary)) {
            unsummarized++;
            if (strict) {
              upgraded.put(summary, Json.MAPPER.valueToTree(summarize(stepDir, stepJson, r)));
            }
          }
        }
        if (Files.isRegularFile(summary)
            && !upgraded.containsKey(summary)
            && read(summary, strict) instanceof ObjectNode n
            && n.path(FORMAT).asInt(1) < StepSummary.FORMAT) {
          StepVerdict.fillIn(n, true);
          n.put(FORMAT, StepSummary.FORMAT);
          upgraded.put(summary, n);
          oldStepSummaries++;
        }
      }
    }
    if (oldStepRecords > 0) {
      old.add(oldStepRecords + " step.json of format 1 or 2 -> " + StepRecord.FORMAT);
    }
    if (unsummarized > 0) {
      old.add(unsummarized + " step without summary.json -> summarized from its logs");
    }
    if (oldStepSummaries > 0) {
      old.add(oldStepSummaries + " step summary.json of format 2 or 3 -> 4 (the verdict recorded)");
    }
    for (String name : FILES_WITH_STORES) {
      Path file = runDir.resolve(name);
      JsonNode root = Files.isRegularFile(file) ? read(file, strict) : null;
      if (root == null) {
        continue;
      }
      boolean changed = false;
      if (renameCapacityKeys(root)) {
        old.add(name + " stores.*." + OLD_CAPACITY_KEY + " -> " + SummaryJson.CAPACITY_KEY);
        changed = true;
      }
      if (root instanceof ObjectNode o && renameKey(o, OLD_PEAK_RULE, Manifest.PEAK_RULE)) {
        old.add(name + " " + OLD_PEAK_RULE + " -> " + Manifest.PEAK_RULE);
        changed = true;
      }
      if (name.equals(RunLayout.SUMMARY_JSON) && root instanceof ObjectNode summary) {
        changed |= upgradeRunSummary(summary, runDir, old);
      }
      if (changed) {
        upgraded.put(file, root);
      }
    }
    return upgraded;
  }

  /**
   * Upgrades a run summary: a format-1 file's rows and the facts its version carried, every row's
   * phase and verdict, its stores' capacities. Whether anything changed.
   */
  private static boolean upgradeRunSummary(ObjectNode summary, Path runDir, List<String> old)
      throws ResultsFormatException {
    // Format 1: successes-only rows, the status under its first name; a sweep that ran the ramp
    // alone, and counted the parts of composed operations again in its throughput.
    boolean format1 = summary.path(FORMAT).asInt(1) < 2;
    boolean rowsFilled = false;
    for (JsonNode r : summary.path("rows")) {
      if (r instanceof ObjectNode row && format1) {
        row.putIfAbsent("requests", TextNode.valueOf(SummaryRow.OK));
        JsonNode status = row.remove("status");
        row.putIfAbsent("step_status", status == null ? NullNode.getInstance() : status);
      }
      if (r instanceof ObjectNode row && (!row.hasNonNull("phase") || !row.has("usable"))) {
        if (!row.hasNonNull("phase")) {
          row.put("phase", Phase.ofFormat1(row.path("target_ops").asLong(0)).jsonName());
        }
        StepVerdict.fillIn(row, false);
        rowsFilled = true;
      }
    }
    if (format1) {
      summary.put(FORMAT, SummaryJson.FORMAT).put("ramp_only", true);
      summary.put("throughput_counts_composed_parts", true);
      old.add(RunLayout.SUMMARY_JSON + " format 1 -> " + SummaryJson.FORMAT);
    }
    if (rowsFilled) {
      old.add(RunLayout.SUMMARY_JSON + " rows -> phase and verdict");
    }
    boolean capacities = false;
    for (Map.Entry<String, JsonNode> e : summary.path("stores").properties()) {
      if (e.getValue().get(SummaryJson.CAPACITY_KEY) instanceof ObjectNode c) {
        String where = RunLayout.SUMMARY_JSON + " stores." + e.getKey() + ".capacity";
        capacities |= upgradeCapacity(c, runDir.resolve(e.getKey()), where, old);
      }
    }
    return format1 || rowsFilled || capacities;
  }

  /**
   * Upgrades a store's capacity (its file, or its copy in the run summary) to format {@value
   * StoreCapacity#FORMAT}; whether it was older. Format 1 held the ramp's peak alone, under its
   * first names, and named the peak step by its index.
   */
  private static boolean upgradeCapacity(
      ObjectNode c, Path storeDir, String where, List<String> old) throws ResultsFormatException {
    int format = c.path(FORMAT).asInt(1);
    if (format >= StoreCapacity.FORMAT) {
      return false;
    }
    if (format == 1) {
      c.putIfAbsent("peak_ops", c.path("throughput_ops"));
      c.putIfAbsent("peak_threads", c.path("threads"));
      c.putIfAbsent("peak_step", stepFolder(storeDir, c.path("max_sustainable_index")));
      c.put("ramp_only", true);
    }
    c.put(FORMAT, StoreCapacity.FORMAT);
    old.add(where + " format " + format + " -> " + StoreCapacity.FORMAT);
    return true;
  }

  /** The name of the store's step folder whose step.json has this index; null when none has. */
  private static JsonNode stepFolder(Path storeDir, JsonNode index) throws ResultsFormatException {
    for (Path stepDir : children(storeDir.resolve(RunLayout.STEPS_DIR))) {
      Path stepJson = stepDir.resolve(RunLayout.STEP_JSON);
      if (index.isInt()
          && Files.isRegularFile(stepJson)
          && readOrNull(stepJson) instanceof ObjectNode step
          && step.path("index").asInt(-1) == index.asInt()) {
        return TextNode.valueOf(stepDir.getFileName().toString());
      }
    }
    return NullNode.getInstance();
  }

  /** The summary of a step folder's logs under its upgraded step.json, as the runner writes it. */
  private static StepSummary summarize(Path stepDir, Path stepJson, JsonNode record)
      throws ResultsFormatException {
    StepRecord info = Json.convert(stepJson, record, StepRecord.class);
    try {
      return StepSummarizer.summarize(
          stepDir, info, stepDir.getFileName().toString(), StepHistograms.forStep(stepDir, info));
    } catch (IOException | UncheckedIOException e) {
      throw new ResultsFormatException(stepDir + ": its logs cannot be read: " + e.getMessage(), e);
    }
  }

  private static JsonNode read(Path file, boolean strict) throws ResultsFormatException {
    return strict ? Json.readObject(file) : readOrNull(file);
  }

  /** A file's tree, null when malformed (its reader says so; the migration reads it strictly). */
  private static JsonNode readOrNull(Path file) {
    try {
      return Json.readObject(file);
    } catch (ResultsFormatException e) {
      return null;
    }
  }

  /** The store folders that hold a capacity file under its old name. */
  private static List<Path> oldCapacityFiles(Path runDir) throws ResultsFormatException {
    return children(runDir).stream()
        .filter(d -> Files.isRegularFile(d.resolve(OLD_CAPACITY_FILE)))
        .toList();
  }

  /** A folder's subfolders in name order; none when it is not a folder. */
  private static List<Path> children(Path dir) throws ResultsFormatException {
    try {
      return RunLayout.sortedEntries(dir).stream().filter(Files::isDirectory).toList();
    } catch (IOException e) {
      throw new ResultsFormatException(dir + ": cannot be read: " + e.getMessage(), e);
    }
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
    node.properties()
        .forEach(f -> fields.put(f.getKey().equals(from) ? to : f.getKey(), f.getValue()));
    node.removeAll();
    node.setAll(fields);
    return true;
  }
}
