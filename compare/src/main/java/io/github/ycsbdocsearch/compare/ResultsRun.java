package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.SummaryJson;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import io.github.ycsbdocsearch.resultsformat.Verification;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One run folder ({@code results/<UTC>-<workload>/}) as far as comparison needs it, read only
 * through the results-format module: the run-level {@code summary.json} (rows, each store's
 * capacity and verification; the current format only) and the manifest's {@code git_commit}.
 * Immutable after {@link #load(Path)}.
 *
 * @param commit the manifest's git_commit, or null
 * @param verification each verified store's verification.json
 * @param tags the run's labels ({@code --tag}), from its manifest's plan; empty when none
 */
public record ResultsRun(
    Path dir,
    String workload,
    SummaryJson summary,
    String commit,
    SortedMap<String, Verification> verification,
    Map<String, String> tags) {

  /** The operation whose stores must prove identical answers. */
  public static final String SEARCH_OP = "SEARCH";

  /** Whether a folder has the files a run folder starts with. */
  public static boolean looksLikeRun(Path dir) {
    return Files.isRegularFile(dir.resolve(RunLayout.MANIFEST))
        || Files.isRegularFile(dir.resolve(RunLayout.SUMMARY_JSON));
  }

  /**
   * Reads a run folder.
   *
   * @throws BadInputException when the manifest or summary.json is missing or malformed (one line
   *     naming it)
   */
  public static ResultsRun load(Path dir) throws BadInputException {
    try {
      if (!Files.isRegularFile(dir.resolve(RunLayout.MANIFEST))) {
        throw new BadInputException(dir + ": no " + RunLayout.MANIFEST + ", not a results folder");
      }
      if (!Files.isRegularFile(dir.resolve(RunLayout.SUMMARY_JSON))) {
        throw new BadInputException(
            "%s: no %s (unfinished run? rebuild it with scripts/report.sh %1$s)"
                .formatted(dir, RunLayout.SUMMARY_JSON));
      }
      Manifest manifest = Manifest.read(dir);
      SummaryJson summary = SummaryJson.read(dir);
      SortedMap<String, Verification> verification = new TreeMap<>();
      summary
          .stores()
          .forEach(
              (store, entry) -> {
                if (entry != null && entry.verification() != null) {
                  verification.put(store, entry.verification());
                }
              });
      return new ResultsRun(
          dir,
          workload(dir, summary.rows(), manifest),
          summary,
          manifest.gitCommit(),
          verification,
          manifest.tags());
    } catch (ResultsFormatException e) {
      throw new BadInputException(Json.firstLine(e.getMessage()), e);
    }
  }

  /** The workload: the rows' (a run folder is one workload), else the manifest's name. */
  private static String workload(Path dir, List<SummaryRow> rows, Manifest manifest)
      throws BadInputException {
    SortedSet<String> names = new TreeSet<>();
    rows.forEach(row -> names.add(row.workload()));
    if (names.size() > 1) {
      throw new BadInputException(
          dir + ": summary.json mixes workloads " + names + "; one run folder is one workload");
    }
    if (names.size() == 1) {
      return names.first();
    }
    String name = manifest.workloadName();
    if (name == null) {
      throw new BadInputException(
          dir + ": summary.json has no rows and " + RunLayout.MANIFEST + " no workload.name");
    }
    return name;
  }

  /** Every store that has rows, a capacity file or a verification, sorted. */
  public SortedSet<String> stores() {
    SortedSet<String> stores = new TreeSet<>(summary.stores().keySet());
    summary.rows().forEach(row -> stores.add(row.store()));
    return stores;
  }

  /** A store's capacity file, or null when it has none. */
  public StoreCapacity capacity(String store) {
    SummaryJson.StoreEntry entry = summary.stores().get(store);
    return entry == null ? null : entry.capacity();
  }

  /** Whether the store ran SEARCH or was verified, i.e. must prove its answers. */
  public boolean isSearch(String store) {
    return verification.containsKey(store)
        || summary.rows().stream()
            .anyMatch(row -> row.store().equals(store) && SEARCH_OP.equals(row.op()));
  }

  public List<SummaryRow> rowsOf(String store) {
    return summary.rows().stream().filter(row -> row.store().equals(store)).toList();
  }

  /** A store's steps as the comparison aligns them. */
  public SortedMap<StepKey, StepRows> steps(String store) {
    return StepRows.of(rowsOf(store));
  }
}
