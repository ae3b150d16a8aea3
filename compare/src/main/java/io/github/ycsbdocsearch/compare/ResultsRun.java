package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * One run folder ({@code results/<UTC>-<workload>/}) as far as comparison needs it: its summary rows, each store's
 * saturation and verification, and where it came from (commit, start time) from {@code manifest.json}.
 *
 * <p>Immutable after {@link #load(Path)}, safe to share between threads.
 */
public final class ResultsRun {

  /** The manifest every run folder starts with. */
  public static final String MANIFEST = "manifest.json";

  /** The operation whose stores must prove identical answers. */
  public static final String SEARCH_OP = "SEARCH";

  private final Path dir;
  private final String workload;
  private final List<SummaryRow> rows;
  private final SortedMap<String, Saturation> saturation;
  private final SortedMap<String, Verification> verification;
  private final String commit;
  private final String startedUtc;

  private ResultsRun(Path dir, String workload, List<SummaryRow> rows, SortedMap<String, Saturation> saturation,
      SortedMap<String, Verification> verification, String commit, String startedUtc) {
    this.dir = dir;
    this.workload = workload;
    this.rows = List.copyOf(rows);
    this.saturation = saturation;
    this.verification = verification;
    this.commit = commit;
    this.startedUtc = startedUtc;
  }

  /**
   * @param dir a folder
   * @return true when it has the files a run folder starts with ({@code manifest.json} or {@code summary.csv})
   */
  public static boolean looksLikeRun(Path dir) {
    return Files.isRegularFile(dir.resolve(MANIFEST)) || Files.isRegularFile(dir.resolve(SummaryCsvReader.FILE_NAME));
  }

  /**
   * @param dir a run folder
   * @return the loaded run
   * @throws BadInputException when it is not a complete v1 results folder (names the folder and the missing part)
   * @throws IOException when a file cannot be read
   */
  public static ResultsRun load(Path dir) throws BadInputException, IOException {
    if (!Files.isRegularFile(dir.resolve(MANIFEST))) {
      throw new BadInputException(dir + ": no " + MANIFEST + ", not a results folder");
    }
    Path summary = dir.resolve(SummaryCsvReader.FILE_NAME);
    if (!Files.isRegularFile(summary)) {
      throw new BadInputException(dir + ": no " + SummaryCsvReader.FILE_NAME
          + " (unfinished run? rebuild it with scripts/report.sh " + dir + ")");
    }
    JsonNode manifest = Json.read(dir.resolve(MANIFEST));
    List<SummaryRow> rows = SummaryCsvReader.read(summary);
    SortedMap<String, Saturation> saturation = new TreeMap<>();
    SortedMap<String, Verification> verification = new TreeMap<>();
    for (Path storeDir : storeFolders(dir)) {
      String store = storeDir.getFileName().toString();
      Path sat = storeDir.resolve(Saturation.FILE_NAME);
      if (Files.isRegularFile(sat)) {
        saturation.put(store, Saturation.read(sat, store));
      }
      Path ver = storeDir.resolve(Verification.FILE_NAME);
      if (Files.isRegularFile(ver)) {
        verification.put(store, Verification.read(ver, store));
      }
    }
    return new ResultsRun(dir, workload(dir, rows, manifest), rows, saturation, verification,
        Json.findText(manifest, "git_commit", "commit", "gitCommit"),
        Json.findText(manifest, "started_utc", "start_utc", "startedUtc"));
  }

  private static List<Path> storeFolders(Path dir) throws IOException {
    try (Stream<Path> children = Files.list(dir)) {
      return children.filter(Files::isDirectory).sorted().toList();
    }
  }

  private static String workload(Path dir, List<SummaryRow> rows, JsonNode manifest) throws BadInputException {
    SortedSet<String> names = new TreeSet<>();
    rows.forEach(row -> names.add(row.workload()));
    if (names.size() > 1) {
      throw new BadInputException(dir + ": summary.csv mixes workloads " + names + "; one run folder is one workload");
    }
    if (names.size() == 1) {
      return names.first();
    }
    JsonNode node = manifest.get("workload");
    if (node != null && node.isTextual()) {
      return node.asText();
    }
    String name = node == null ? null : Json.findText(node, "name", "workload");
    if (name == null) {
      throw new BadInputException(dir + ": empty summary.csv and no workload in " + MANIFEST);
    }
    return name;
  }

  /** @return the folder this run was read from */
  public Path dir() {
    return dir;
  }

  /** @return the workload name */
  public String workload() {
    return workload;
  }

  /** @return every summary row, in file order */
  public List<SummaryRow> rows() {
    return rows;
  }

  /** @return saturation by store, for the stores that have a {@code saturation.json} */
  public Map<String, Saturation> saturation() {
    return saturation;
  }

  /** @return verification by store, for the stores that have a {@code verification.json} */
  public Map<String, Verification> verification() {
    return verification;
  }

  /** @return the git commit the manifest names, or {@code null} */
  public String commit() {
    return commit;
  }

  /** @return the UTC start time the manifest names, or {@code null} */
  public String startedUtc() {
    return startedUtc;
  }

  /** @return every store that has summary rows, a saturation or a verification, sorted */
  public SortedSet<String> stores() {
    SortedSet<String> stores = new TreeSet<>(saturation.keySet());
    stores.addAll(verification.keySet());
    rows.forEach(row -> stores.add(row.store()));
    return stores;
  }

  /**
   * @param store a store
   * @return true when the store ran SEARCH operations or has a verification file, i.e. must prove its answers
   */
  public boolean isSearch(String store) {
    return verification.containsKey(store)
        || rows.stream().anyMatch(row -> row.store().equals(store) && SEARCH_OP.equals(row.op()));
  }

  /**
   * @param store a store
   * @return the store's maximum sustainable throughput: its saturation step, else its best step, else NaN
   */
  public double maxThroughput(String store) {
    Saturation sat = saturation.get(store);
    if (sat != null) {
      return sat.throughputOps();
    }
    return rows.stream().filter(row -> row.store().equals(store))
        .mapToDouble(SummaryRow::throughputOps).max().orElse(Double.NaN);
  }

  /**
   * @param store a store
   * @return rows of that store
   */
  public List<SummaryRow> rowsOf(String store) {
    List<SummaryRow> result = new ArrayList<>();
    for (SummaryRow row : rows) {
      if (row.store().equals(store)) {
        result.add(row);
      }
    }
    return result;
  }
}
