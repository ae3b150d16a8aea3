package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run-level {@code summary.json}: every row of every step plus each store's capacity and
 * verification. Read by compare and the nightly history; files of format 1 are read too (their rows
 * are normalized: successes-only rows, {@code status} taken as {@code step_status}, the phase
 * implied by the target), and rows written before the step's verdict was recorded get it on reading
 * ({@link StepVerdict#fillIn}). Immutable.
 */
@JsonPropertyOrder({"format", "run_id", "rows", "stores"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record SummaryJson(
    int format, String runId, List<SummaryRow> rows, Map<String, StoreEntry> stores) {

  /** Version written now. */
  public static final int FORMAT = 2;

  /** A store entry's key of its capacity file. */
  static final String CAPACITY_KEY = "capacity";

  /**
   * One store's capacity and verification (each null when the file did not exist): its
   * capacity.json and verification.json, as their records read them.
   */
  public record StoreEntry(StoreCapacity capacity, Verification verification) {}

  public SummaryJson {
    rows = List.copyOf(rows);
    stores = Collections.unmodifiableMap(new LinkedHashMap<>(stores));
  }

  /** The summary of a read run folder. */
  public static SummaryJson of(RunFolder run) throws ResultsFormatException {
    Map<String, StoreEntry> stores = new LinkedHashMap<>();
    for (StoreRun s : run.stores()) {
      stores.put(s.name(), new StoreEntry(s.capacity(), s.verification()));
    }
    return new SummaryJson(FORMAT, run.runId(), run.rows(), stores);
  }

  /**
   * Whether the sweep that wrote this run looked for capacities (a run summary from format 2 on): a
   * store of it without {@code capacity.json} lost its capacity, rather than never had one sought.
   */
  @JsonIgnore
  public boolean capacitySought() {
    return format >= 2;
  }

  /**
   * Whether its throughput counts the parts of composed operations again (a format-1 run summary: a
   * READ-MODIFY-WRITE counted as itself and as its READ and UPDATE), so that it is not comparable
   * with a run that counts each operation once.
   */
  @JsonIgnore
  public boolean throughputCountsComposedParts() {
    return format == 1;
  }

  /** Writes it into the run folder, atomically. */
  public void writeTo(Path runDir) {
    AtomicFiles.writeJson(runDir.resolve(RunLayout.SUMMARY_JSON), this);
  }

  /**
   * Reads a run folder's {@code summary.json} (format 1 or 2).
   *
   * @throws ResultsFormatException when it is missing, malformed, of an unknown format, or the
   *     folder is to be migrated ({@link RunMigration#requireCurrent})
   */
  public static SummaryJson read(Path runDir) throws ResultsFormatException {
    RunMigration.requireCurrent(runDir);
    Path file = runDir.resolve(RunLayout.SUMMARY_JSON);
    JsonNode root = Json.readObject(file);
    int format = root.path("format").asInt(1);
    if (format < 1 || format > FORMAT) {
      throw new ResultsFormatException(
          file + ": format " + format + " is not supported (1 to " + FORMAT + ")");
    }
    ((ObjectNode) root).put("format", format); // a file without one is format 1
    if (root.get("rows") instanceof ArrayNode rows) {
      for (JsonNode r : rows) {
        if (r instanceof ObjectNode row) {
          if (format == 1) {
            normalizeFormat1(row);
          }
          if (!row.hasNonNull("phase")) {
            // Rows written before phases (format 1) ran unthrottled in the ramp, else at a rate.
            row.put("phase", Phase.ofFormat1(row.path("target_ops").asLong(0)).jsonName());
          }
          StepVerdict.fillIn(row, false);
        }
      }
    }
    if (root.get("stores") instanceof ObjectNode stores) {
      stores
          .fields()
          .forEachRemaining(
              e -> {
                JsonNode capacity = e.getValue().get(CAPACITY_KEY);
                if (capacity instanceof ObjectNode s && !s.has("format")) {
                  s.put("format", 1);
                }
              });
    }
    try {
      return Json.MAPPER.treeToValue(root, SummaryJson.class);
    } catch (Exception e) {
      throw new ResultsFormatException(file + ": " + Json.firstLine(e.getMessage()), e);
    }
  }

  private static void normalizeFormat1(ObjectNode r) {
    if (!r.has("requests")) {
      r.put("requests", SummaryRow.OK);
    }
    if (!r.has("step_status") && r.has("status")) {
      r.set("step_status", r.get("status"));
    }
    r.remove("status");
  }
}
