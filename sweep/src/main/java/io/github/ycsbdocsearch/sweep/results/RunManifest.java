package io.github.ycsbdocsearch.sweep.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.RunMigration;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The run's {@code manifest.json}: everything needed to understand and repeat the run
 * (docs/results-format.md). Kept in memory as a JSON tree and rewritten atomically whenever a
 * section changes, so the file on disk is always whole. Thread-safe (every access is synchronized).
 */
public final class RunManifest {
  /** File name inside the run folder. */
  public static final String FILE_NAME = RunLayout.MANIFEST;

  /** Version of the manifest layout. */
  public static final int FORMAT = 1;

  private final Path file;
  private final ObjectNode root;

  private RunManifest(Path file, ObjectNode root) {
    this.file = file;
    this.root = root;
  }

  /** A new, empty manifest for {@code runDir} (not written until {@link #write()}). */
  public static RunManifest create(Path runDir) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put(Manifest.FORMAT, FORMAT);
    return new RunManifest(runDir.resolve(FILE_NAME), root);
  }

  /**
   * Reads the manifest of an earlier run.
   *
   * @throws SetupException when the folder has no readable manifest, or is to be migrated
   */
  public static RunManifest read(Path runDir) {
    Path f = runDir.resolve(FILE_NAME);
    if (!Files.isRegularFile(f)) {
      throw new SetupException(
          "no " + FILE_NAME + " in " + runDir + ": not a results folder of run-sweep.sh");
    }
    JsonNode n;
    try {
      RunMigration.requireCurrent(runDir); // its steps are kept as current ones
      n = Json.readObject(f);
    } catch (ResultsFormatException e) {
      throw new SetupException(e.getMessage(), e);
    }
    if (!(n instanceof ObjectNode obj) || !obj.path(Manifest.PLAN).has(Manifest.WORKLOAD)) {
      throw new SetupException(
          f
              + " has no \"plan\" with its workload: not a manifest of run-sweep.sh, or one written"
              + " before the plan was recorded (resume it with the version that started it)");
    }
    return new RunManifest(f, obj);
  }

  /** Sets a top-level field to the value as JSON ({@code null}: a JSON null). */
  public synchronized void put(String field, Object value) {
    root.set(field, Json.MAPPER.valueToTree(value));
  }

  /** A copy of a top-level field (missing node when absent). */
  public synchronized JsonNode get(String field) {
    return root.path(field).deepCopy();
  }

  /** Sets a field of one store's section ({@code stores.<store>.<field>}), creating the section. */
  public synchronized void putStore(String store, String field, Object value) {
    storeNode(store).set(field, Json.MAPPER.valueToTree(value));
  }

  /** Appends an element to a top-level array, creating it. */
  public synchronized void append(String field, JsonNode element) {
    JsonNode a = root.path(field);
    (a.isArray() ? (ArrayNode) a : root.putArray(field)).add(element);
  }

  /** Writes the manifest atomically. */
  public synchronized void write() {
    AtomicFiles.writeJson(file, root);
  }

  private ObjectNode storeNode(String store) {
    JsonNode stores = root.path(Manifest.STORES);
    ObjectNode s = stores.isObject() ? (ObjectNode) stores : root.putObject(Manifest.STORES);
    JsonNode one = s.path(store);
    return one.isObject() ? (ObjectNode) one : s.putObject(store);
  }
}
