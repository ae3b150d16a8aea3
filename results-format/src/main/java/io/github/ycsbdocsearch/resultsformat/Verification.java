package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A store's {@code verification.json} ({@link RunLayout#VERIFICATION}): its search answers checked
 * against the oracle. Written by the search verification ({@code common}'s {@code
 * SearchVerification}, run by the sweep's {@code VerificationStep} and by {@code bin/docsearch
 * verify}), read by results-format's {@code RunFolder} and, through the run's {@code summary.json},
 * by compare; this record is the file's one type on both sides. {@code identical + differing ==
 * queries}. Immutable.
 *
 * <p>{@code common}, where the writer runs, depends on this module; the verdict ({@link #passed()})
 * is derived from the counts, never read, so a file written before {@code passed} and {@code
 * differing_pct} were (or by hand) gets the same verdict by the same rule. Files written before a
 * field existed read it as null ({@code records}, {@code first_pages}, {@code past_end}, {@code
 * document_checks}, {@code text_mode}); a missing list reads as empty. Absent values stay absent
 * when written ({@link JsonInclude.Include#NON_NULL}), as they always were.
 *
 * @param records documents the oracle expects (and the store was found to hold, else a difference);
 *     null in older files and when the verification could not run
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
 * @param textMode {@value #TEXT_GENERATED} (the generator's documents), {@code canonical} or
 *     {@value #TEXT_RAW} (a dataset file's text normalized or as given); in raw mode the share of
 *     differing answers is a measurement (the divergence table), not a failure of the store; null
 *     in older files (generated data)
 * @param error why the verification could not run (it then checked no query); null when it ran
 */
@JsonPropertyOrder({
  "store",
  "records",
  "queries",
  "identical",
  "differing",
  "first_pages",
  "deep_pages",
  "past_end",
  "document_checks",
  "hit_counts",
  "first_differences",
  "text_mode",
  "error",
  "differing_pct",
  "passed"
})
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(
    value = {"passed", "differing_pct"},
    allowGetters = true,
    ignoreUnknown = true)
public record Verification(
    String store,
    Long records,
    int queries,
    int identical,
    int differing,
    Integer firstPages,
    Integer deepPages,
    Integer pastEnd,
    Integer documentChecks,
    HitCounts hitCounts,
    List<Difference> firstDifferences,
    String textMode,
    String error) {

  /** {@link #textMode}: the data generator's documents. */
  public static final String TEXT_GENERATED = "generated";

  /** {@link #textMode}: a dataset file's text as given, to the engine's own tokenizer. */
  public static final String TEXT_RAW = "raw";

  public Verification {
    firstDifferences = firstDifferences == null ? List.of() : List.copyOf(firstDifferences);
  }

  /**
   * A verification that could not run: it checked no query, so the store is not verified (the
   * report and compare say so), and the file says why.
   */
  public static Verification failed(String store, String error) {
    return new Verification(
        store, null, 0, 0, 0, null, null, null, null, null, List.of(), null, error);
  }

  /**
   * One answer that differs from the oracle's.
   *
   * @param details in raw mode: the first documents the store missed or added over the whole hit
   *     set, each with its text, the canonical tokens and the engine's own tokens where it can say
   *     (Elasticsearch {@code _analyze}), and the engine's reading of the query (RediSearch {@code
   *     FT.EXPLAIN}); empty otherwise (and in files written before it)
   */
  public record Difference(
      String question,
      List<String> expected,
      List<String> actual,
      String note,
      List<String> details) {
    public Difference {
      details = details == null ? List.of() : List.copyOf(details);
    }
  }

  /** The spread of hit counts over the questions asked. */
  public record HitCounts(int min, int p50, int p90, int max) {}

  /**
   * Whether every question was answered as the oracle did: the store's search is verified. Derived
   * from the counts (written as {@code passed} for readers of the file without this rule).
   */
  @JsonProperty("passed")
  public boolean passed() {
    return queries > 0 && differing == 0 && identical == queries;
  }

  /** Answers that differ from the canonical oracle, percent (the divergence in raw mode). */
  @JsonProperty("differing_pct")
  public double differingPct() {
    return queries == 0 ? 0 : Math.round(10000.0 * differing / queries) / 100.0;
  }

  /**
   * Whether this is a raw-text measurement: the answers are compared with the canonical oracle to
   * measure how far the engine's own tokenizer takes it, not to pass or fail.
   */
  public boolean rawText() {
    return TEXT_RAW.equals(textMode);
  }

  public static Path file(Path storeDir) {
    return storeDir.resolve(RunLayout.VERIFICATION);
  }

  /**
   * Reads a store's {@code verification.json}, or null when the store was not verified.
   *
   * @throws ResultsFormatException when the file is malformed
   */
  public static Verification readOptional(Path storeDir) throws ResultsFormatException {
    Path f = file(storeDir);
    return Files.isRegularFile(f) ? Json.read(f, Verification.class) : null;
  }

  /** Writes it into the store's folder, atomically. */
  public void writeTo(Path storeDir) {
    AtomicFiles.writeJson(file(storeDir), this);
  }
}
