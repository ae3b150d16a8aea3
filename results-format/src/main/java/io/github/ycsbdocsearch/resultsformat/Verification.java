package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What the results format needs of {@code <store>/verification.json} (written by the search
 * verification; the file may hold more). Immutable.
 *
 * @param passed every question answered exactly as the oracle did
 * @param hitCounts min/p50/p90/max hits of the questions asked
 * @param firstDifferences the first answers that differed, as written
 * @param textMode {@code canonical} or {@code raw} (null: generated data, canonical by
 *     construction)
 * @param differingPct share of questions answered differently, percent
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Verification(
    String store,
    Long records,
    int queries,
    int identical,
    int differing,
    Integer firstPages,
    Integer deepPages,
    Integer pastEnd,
    Boolean passed,
    Map<String, Long> hitCounts,
    List<JsonNode> firstDifferences,
    String textMode,
    Double differingPct) {

  /**
   * Whether this is a raw-text measurement: the answers are compared with the canonical oracle to
   * measure how far the engine's own tokenizer takes it, not to pass or fail.
   */
  public boolean rawText() {
    return "raw".equals(textMode);
  }

  /**
   * Whether every question was answered as the oracle did (also for files that lack {@code
   * passed}).
   */
  public boolean identicalAll() {
    return passed != null ? passed : queries > 0 && differing == 0 && identical == queries;
  }

  /** Reads {@code <storeDir>/verification.json}, or null when the store was not verified. */
  public static Verification readOptional(Path storeDir) throws ResultsFormatException {
    Path f = storeDir.resolve(RunLayout.VERIFICATION);
    return Files.isRegularFile(f) ? Json.read(f, Verification.class) : null;
  }
}
