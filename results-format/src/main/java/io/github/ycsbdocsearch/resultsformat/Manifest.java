package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parts of a run's {@code manifest.json} ({@link RunLayout#MANIFEST}) that readers decide by:
 * who the run was, its workload, how it ended and how each store's sweep ended. The sweep writes
 * these keys through the constants here and the report, compare and the history read them through
 * {@link #of}; the rest of the manifest (the plan, hosts, the stores' settings) is shown as it was
 * written. Older manifests are upgraded here only: a workload written as a bare name, the machine
 * under {@code environment}. A text missing from the file is null. Immutable.
 *
 * @param format the manifest's layout version, 0 when it has none
 * @param status how the run ended ({@code running} while it runs)
 * @param gitDirty whether the harness had uncommitted changes
 * @param synthetic whether the data is a generated sample, not a measurement
 * @param machine the runner's machine (cpu model, cores...), a missing node when absent
 * @param storeStatus each store's sweep's status, in the manifest's order ({@link #STATUS_COMPLETE}
 *     when a store's section has none)
 * @param tags the run's labels ({@link #TAGS}: KEY to VALUE, as given), empty when it has none
 */
public record Manifest(
    int format,
    String runId,
    String startedUtc,
    String status,
    String gitCommit,
    boolean gitDirty,
    String workloadName,
    boolean synthetic,
    JsonNode machine,
    Map<String, String> storeStatus,
    Map<String, String> tags) {

  public static final String FORMAT = "format";
  public static final String RUN_ID = "run_id";
  public static final String STARTED_UTC = "started_utc";
  public static final String ENDED_UTC = "ended_utc";
  public static final String STATUS = "status";
  public static final String GIT_COMMIT = "git_commit";
  public static final String GIT_DIRTY = "git_dirty";

  /** The workload section; its {@link #NAME} (older manifests: the name itself). */
  public static final String WORKLOAD = "workload";

  public static final String NAME = "name";
  public static final String SYNTHETIC = "synthetic";
  public static final String MACHINE = "machine";

  /** Where manifests before {@link #MACHINE} kept the machine. */
  static final String MACHINE_OLD = "environment";

  /**
   * The run's plan: every setting of the run, typed, as the sweep's {@code RunPlan} writes it
   * before the first step; {@code --resume} reads it back.
   */
  public static final String PLAN = "plan";

  /**
   * The ramp's stopping rule: when throughput stopped growing, the error bound, the p99 cap (named
   * {@code saturation_rule} before it was renamed: {@link RunMigration}).
   */
  public static final String PEAK_RULE = "peak_rule";

  /** The per-store sections, each with its {@link #STATUS} and {@link #ERROR}. */
  public static final String STORES = "stores";

  public static final String ERROR = "error";

  /** In a store's section: what the servers report of themselves (the binding's probe). */
  public static final String DESCRIBE = "describe";

  /** In a store's section: how {@code scripts/stores.sh} launched a local store. */
  public static final String LOCAL_SETTINGS = "local_settings";

  public static final String HOSTS = "hosts";

  /**
   * In the {@link #PLAN}: the run's labels, an object of KEY to VALUE strings ({@code --tag
   * KEY=VALUE}), for people to find runs by; older runs have none.
   */
  public static final String TAGS = "tags";

  /** A run's or a store's status when it ran to the end. */
  public static final String STATUS_COMPLETE = "complete";

  public Manifest {
    storeStatus = Collections.unmodifiableMap(new LinkedHashMap<>(storeStatus));
    tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
  }

  /**
   * Reads a run folder's {@code manifest.json}.
   *
   * @throws ResultsFormatException when it is missing or not a JSON object
   */
  public static Manifest read(Path runDir) throws ResultsFormatException {
    return of(Json.readObject(runDir.resolve(RunLayout.MANIFEST)));
  }

  /** Reads the typed parts of a manifest's tree (as {@code RunFolder} read it). */
  public static Manifest of(JsonNode m) {
    JsonNode workload = m.path(WORKLOAD);
    String workloadName =
        workload.isTextual() ? workload.asText() : Json.text(workload, NAME, null);
    Map<String, String> stores = new LinkedHashMap<>();
    m.path(STORES)
        .properties()
        .forEach(e -> stores.put(e.getKey(), Json.text(e.getValue(), STATUS, STATUS_COMPLETE)));
    Map<String, String> tags = new LinkedHashMap<>();
    m.path(PLAN)
        .path(TAGS)
        .fields()
        .forEachRemaining(e -> tags.put(e.getKey(), e.getValue().asText()));
    return new Manifest(
        m.path(FORMAT).asInt(0),
        Json.text(m, RUN_ID, null),
        Json.text(m, STARTED_UTC, null),
        Json.text(m, STATUS, null),
        Json.text(m, GIT_COMMIT, null),
        m.path(GIT_DIRTY).asBoolean(false),
        workloadName,
        m.path(SYNTHETIC).asBoolean(false),
        m.hasNonNull(MACHINE) ? m.get(MACHINE) : m.path(MACHINE_OLD),
        stores,
        tags);
  }

  /** A store's sweep status: {@link #STATUS_COMPLETE} when the manifest does not name it. */
  public String storeStatus(String store) {
    return storeStatus.getOrDefault(store, STATUS_COMPLETE);
  }
}
