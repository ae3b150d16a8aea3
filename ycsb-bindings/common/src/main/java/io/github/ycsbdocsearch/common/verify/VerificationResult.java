package io.github.ycsbdocsearch.common.verify;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Outcome of checking one store's search answers against the oracle. {@code identical + differing
 * == queries}. A store is verified only when {@link #passed()}. Immutable.
 *
 * @param store store name
 * @param records documents the oracle expects (and the store was found to hold, else a difference)
 * @param queries questions asked
 * @param identical answers equal to the oracle's, in order (and, where documents were fetched,
 *     field by field)
 * @param differing the others
 * @param firstPages questions for page 1
 * @param deepPages questions for a later page that has hits
 * @param pastEnd questions for the page after the last one (must be empty)
 * @param documentChecks answers whose documents were compared field by field
 * @param hitCounts hit counts of the questions: min, p50, p90, max
 * @param firstDifferences the first differences, in full
 * @param textMode {@code generated} (the generator's documents), {@code canonical} or {@code raw}
 *     (a dataset file's text normalized or as given); in raw mode the share of differing answers is
 *     a measurement (the divergence table), not a failure of the store
 */
public record VerificationResult(
    String store,
    long records,
    int queries,
    int identical,
    int differing,
    int firstPages,
    int deepPages,
    int pastEnd,
    int documentChecks,
    HitCounts hitCounts,
    List<Difference> firstDifferences,
    String textMode) {

  /**
   * One answer that differs from the oracle's.
   *
   * @param details in raw mode: the first documents the store missed or added over the whole hit
   *     set, each with its text, the canonical tokens and the engine's own tokens where it can say
   *     (Elasticsearch {@code _analyze}), and the engine's reading of the query (RediSearch {@code
   *     FT.EXPLAIN}); empty otherwise
   */
  public record Difference(
      String question,
      List<String> expected,
      List<String> actual,
      String note,
      List<String> details) {}

  /**
   * Share of answers that differ from the canonical oracle, in percent (the divergence in raw
   * mode).
   */
  @JsonProperty("differing_pct")
  public double differingPct() {
    return queries == 0 ? 0 : Math.round(10000.0 * differing / queries) / 100.0;
  }

  /** The spread of hit counts over the questions asked. */
  public record HitCounts(int min, int p50, int p90, int max) {}

  @JsonProperty("passed")
  public boolean passed() {
    return queries > 0 && differing == 0 && identical == queries;
  }
}
