package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Where everything lives in a results folder (docs/results-format.md). The only place that knows
 * file and folder names: writers and readers ask here. Stateless.
 *
 * <pre>
 * run/manifest.json, summary.csv, summary.json, report.html, charts/
 * run/&lt;store&gt;/capacity.json, verification.json, load/
 * run/&lt;store&gt;/steps/&lt;NN&gt;-t&lt;threads&gt;[-r&lt;target&gt;][-floor|-probe|-soak|-control|-fault]/
 *   step.json, summary.json, hdr.sha256, hdr/, percentiles/
 *   written by the YCSB client: hdr/*.hdr, hdr/SEND_LAG.hlog, hdr/IN_FLIGHT.hlog, arrivals.json,
 *     pool.json, querystats.json, started-at
 *   with several clients: clients.json, clients/&lt;i&gt;/hdr/, arrivals.json, ycsb.out (instead of the step's own)
 * fetched from a cluster: run/SHA256SUMS, servers/&lt;IP&gt;/, client/, remote-clients/&lt;IP&gt;/
 * </pre>
 *
 * <p>ycsb-bindings/common depends on this module, so that the YCSB client's own files are named
 * here too.
 */
public final class RunLayout {
  public static final String MANIFEST = "manifest.json";
  public static final String SUMMARY_CSV = "summary.csv";
  public static final String SUMMARY_JSON = "summary.json";
  public static final String REPORT_HTML = "report.html";
  public static final String CHARTS_DIR = "charts";

  /** A chart's drawing in {@link #CHARTS_DIR}; its data and specification share its stem. */
  public static final String CHART_SVG = ".svg";

  /** A chart's plotted points ({@code ChartCsv}), beside its SVG. */
  public static final String CHART_CSV = ".csv";

  /** A Vega-Lite v5 specification that draws the chart from its CSV, beside its SVG. */
  public static final String CHART_SPEC = ".vl.json";

  public static final String STEPS_DIR = "steps";

  /** A store's closed-loop peak and its capacity under the objective ({@link StoreCapacity}). */
  public static final String CAPACITY = "capacity.json";

  public static final String VERIFICATION = "verification.json";
  public static final String STEP_JSON = "step.json";

  /** A store's fault summary ({@code --fault}), in the store folder. */
  public static final String FAULT_SUMMARY = "fault-summary.json";

  /** The runner's record of the fault, in the fault step's folder. */
  public static final String FAULT_STEP = "fault.json";

  /** The control step's acknowledged writes read back, in its folder. */
  public static final String ACKED_WRITES = "acked-writes.json";

  /** A step's own summary, written once by the runner when the step ends. */
  public static final String STEP_SUMMARY = "summary.json";

  public static final String HDR_DIR = "hdr";

  /**
   * In a step folder: the SHA-256 of every file in its {@code hdr/} folders, written when the step
   * was published, in {@code sha256sum}'s format (paths relative to the step folder), so that a
   * resume reuses only a step whose logs are what they were ({@code HdrChecksums}).
   */
  public static final String HDR_CHECKSUMS = "hdr.sha256";

  /** A YCSB client's standard output and error, in its output folder (and the load's). */
  public static final String YCSB_OUT = "ycsb.out";

  public static final String YCSB_ERR = "ycsb.err";

  /** A fault or control step's client's log of every write it sent (the durability check's). */
  public static final String ACKED_WRITES_LOG = "acked-writes.tsv";

  /** The store's background work during a step ({@link StepEvents}). */
  public static final String EVENTS = "events.json";

  /** Which stretches of a step each server was sampled over ({@link StepSampling}). */
  public static final String SAMPLING = "sampling.json";

  /** A store's soak summary ({@code --soak}), in the store folder. */
  public static final String SOAK = "soak.json";

  /** What {@code remote-client.sh} measured of a client on another machine, in its folder. */
  public static final String REMOTE_CPU = "cpu.json";

  /** The simulated M/M/1 store's fit of the arrival gaps, in a paced step's folder. */
  public static final String MM1_ARRIVALS = "mm1-arrivals.json";

  /** The simulated M/M/1 store's stalls, beside {@link #MM1_ARRIVALS}. */
  public static final String MM1_STALLS = "mm1-stalls.json";

  /** A fixed-rate client's arrival schedule ({@link Arrivals}), in its output folder. */
  public static final String ARRIVALS = "arrivals.json";

  /** A fixed-rate client's pool second by second ({@link PoolOccupancy}), in its output folder. */
  public static final String POOL = "pool.json";

  /** The pacer's logs' extension in {@code hdr/}: not {@code .hdr}, to tell YCSB's logs apart. */
  public static final String PACER_LOG_EXTENSION = ".hlog";

  /** The pacer's send-lag interval log's tag (send minus scheduled arrival, µs). */
  public static final String SEND_LAG = "SEND_LAG";

  /** The pacer's in-flight interval log's tag (requests in flight at each send). */
  public static final String IN_FLIGHT = "IN_FLIGHT";

  public static final String SEND_LAG_LOG = SEND_LAG + PACER_LOG_EXTENSION;

  public static final String IN_FLIGHT_LOG = IN_FLIGHT + PACER_LOG_EXTENSION;

  public static final String PERCENTILES_DIR = "percentiles";

  /** Per-step query statistics written by the search workload (pages asked, hit counts). */
  public static final String QUERY_STATS = "querystats.json";

  /** A step driven by several client JVMs keeps each one's own output in {@code clients/<i>/}. */
  public static final String CLIENTS_DIR = "clients";

  /** Who the clients of a several-client step were and when each started ({@link StepClients}). */
  public static final String CLIENTS_JSON = "clients.json";

  /**
   * In a client's folder ({@code clients/<i>/}) on another machine: its clock minus the runner's
   * ({@value #CLOCK_OFFSET_MS}, ms); its logs' timestamps are moved into the runner's clock by it.
   */
  public static final String CLOCK_JSON = "clock.json";

  public static final String CLOCK_OFFSET_MS = "clock_offset_ms";

  /** In a client's folder: the instant (epoch ms, its own clock) it left the start barrier. */
  public static final String STARTED_AT = "started-at";

  /**
   * What {@code scripts/aws-results.sh fetch} adds to a run from a cluster: one folder per server,
   * {@code servers/<private IP>/}, with the files its provisioning wrote.
   */
  public static final String SERVERS_DIR = "servers";

  /** Likewise each client but client 0 (which ran the sweep): {@code remote-clients/<IP>/}. */
  public static final String REMOTE_CLIENTS_DIR = "remote-clients";

  /** In a server's folder: the store's installed version, layout and settings (a JSON object). */
  public static final String SERVER_STORE = "store.json";

  /** In a machine's folder: scripts/machine-fingerprint.sh's record of the machine. */
  public static final String MACHINE_FINGERPRINT = "machine-fingerprint.json";

  /** {@link #MACHINE_FINGERPRINT}'s name before the rename, in folders fetched before it. */
  public static final String MACHINE_FINGERPRINT_BEFORE_RENAME = "baseline.json";

  /** In a machine's folder: its provisioning log and the store's logs, gzipped tar. */
  public static final String MACHINE_LOGS = "logs.tar.gz";

  private RunLayout() {}

  /**
   * A step folder's name: {@code 03-t8}, {@code 07-t16-r4500}, {@code 12-t16-r4500-floor}, {@code
   * 14-t24-r5120-probe}, {@code 20-t40-r3000-soak}, {@code 21-t40-r3000-control}, {@code
   * 22-t40-r3000-fault}.
   */
  public static String stepDirName(int index, int threads, long targetOps, Phase phase) {
    return String.format(Locale.ROOT, "%02d-t%d", index, threads)
        + (targetOps > 0 ? "-r" + targetOps : "")
        + suffix(phase);
  }

  private static String suffix(Phase phase) {
    return switch (phase) {
      case FLOOR -> "-floor";
      case SEARCH -> "-probe";
      case SOAK -> "-soak";
      case FAULT_CONTROL -> "-control";
      case FAULT -> "-fault";
      default -> "";
    };
  }

  /** The folder of client {@code i} of a several-client step. */
  public static Path clientDir(Path stepDir, int i) {
    return stepDir.resolve(CLIENTS_DIR).resolve(String.valueOf(i));
  }

  /** A step's output folders: {@code clients/0}, {@code clients/1}... with several, else itself. */
  public static List<Path> clientOutputDirs(Path stepDir) {
    List<Path> dirs = new ArrayList<>();
    for (int i = 0; Files.isDirectory(clientDir(stepDir, i)); i++) {
      dirs.add(clientDir(stepDir, i));
    }
    return dirs.isEmpty() ? List.of(stepDir) : dirs;
  }

  /** A folder's entries in name order; none when it is not a folder. */
  public static List<Path> sortedEntries(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.sorted().toList();
    }
  }

  /** The {@code hdr/} folders of a step: one per client. */
  public static List<Path> hdrDirs(Path stepDir) {
    return clientOutputDirs(stepDir).stream().map(d -> d.resolve(HDR_DIR)).toList();
  }

  public static Path storeDir(Path run, String store) {
    return run.resolve(store);
  }

  public static Path stepsDir(Path run, String store) {
    return storeDir(run, store).resolve(STEPS_DIR);
  }
}
