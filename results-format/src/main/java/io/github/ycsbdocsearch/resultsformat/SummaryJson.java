package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run-level {@code summary.json}: every row of every step plus each store's capacity and
 * verification. Read by compare and the nightly history, in the current format only ({@link
 * RunMigration} upgrades older files). Immutable.
 *
 * @param rampOnly the sweep ran the closed-loop ramp alone and sought no capacity: written (true)
 *     by {@code bin/docsearch migrate} into the summaries of such runs, left out otherwise
 * @param throughputCountsComposedParts its throughput counts the parts of composed operations again
 *     (a READ-MODIFY-WRITE as itself and as its READ and UPDATE), so it is not comparable with a
 *     run that counts each operation once: written (true) by {@code bin/docsearch migrate} into the
 *     summaries of runs that counted so, left out otherwise
 */
public record SummaryJson(
    int format,
    String runId,
    List<SummaryRow> rows,
    Map<String, StoreEntry> stores,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean rampOnly,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean throughputCountsComposedParts) {

  /** Version written now, and the only one read. */
  public static final int FORMAT = 2;

  /** A store entry's key of its capacity file. */
  static final String CAPACITY_KEY = "capacity";

  /** One store's capacity.json and verification.json as their records read them (null: none). */
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
    return new SummaryJson(FORMAT, run.runId(), run.rows(), stores, false, false);
  }

  /**
   * Whether the sweep that wrote this run looked for capacities: a store of it without {@code
   * capacity.json} lost its capacity, rather than never had one sought.
   */
  public boolean capacitySought() {
    return !rampOnly;
  }

  /** Writes it into the run folder, atomically. */
  public void writeTo(Path runDir) {
    AtomicFiles.writeJson(runDir.resolve(RunLayout.SUMMARY_JSON), this);
  }

  /**
   * Reads a run folder's {@code summary.json}.
   *
   * @throws ResultsFormatException when it is missing, malformed, or the folder is to be migrated
   *     ({@link RunMigration#requireCurrent})
   */
  public static SummaryJson read(Path runDir) throws ResultsFormatException {
    RunMigration.requireCurrent(runDir);
    SummaryJson s = Json.read(runDir.resolve(RunLayout.SUMMARY_JSON), SummaryJson.class);
    RunMigration.requireFormat(runDir.resolve(RunLayout.SUMMARY_JSON), s.format(), FORMAT);
    return s;
  }
}
