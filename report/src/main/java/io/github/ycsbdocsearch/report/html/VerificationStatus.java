package io.github.ycsbdocsearch.report.html;

import io.github.ycsbdocsearch.resultsformat.Numbers;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.Verification;

/**
 * Whether a store's search answers were proven identical to the oracle's, derived from its
 * verification.json. Immutable, thread-safe.
 *
 * @param state the verdict
 * @param summary one line for people
 */
record VerificationStatus(State state, String summary) {

  /** The possible verdicts, from good to bad. */
  enum State {
    /** Every checked query returned the oracle's ordered keys. */
    VERIFIED,
    /** The store ran no search: nothing to verify. */
    NOT_APPLICABLE,
    /** The store ran searches but no verification.json exists (or it checked no query). */
    NOT_VERIFIED,
    /** At least one query returned different keys or order. */
    DIFFERENT,
    /** Raw text: the answers' distance from the oracle was measured (a result, not a fault). */
    MEASURED
  }

  /** Whether the report must warn about this store. */
  boolean alarming() {
    return state == State.NOT_VERIFIED || state == State.DIFFERENT;
  }

  static VerificationStatus of(StoreRun store) {
    Verification v = store.verification();
    if (v == null) {
      return store.ranSearch()
          ? new VerificationStatus(
              State.NOT_VERIFIED,
              "NOT VERIFIED: this store ran SEARCH but its answers were never checked against the"
                  + " oracle, so its SEARCH figures may not measure the same work")
          : new VerificationStatus(
              State.NOT_APPLICABLE, "no search operation in this run: nothing to verify");
    }
    long queries = v.queries();
    long identical = v.identical();
    long differing = v.differing();
    if (v.rawText()) {
      return new VerificationStatus(
          State.MEASURED,
          "raw text: "
              + outOf(differing, queries)
              + " answers differ from the canonical oracle (the engine's own tokenizer; "
              + "see the divergence table in verification.json)");
    }
    if (queries == 0) {
      return new VerificationStatus(
          State.NOT_VERIFIED, "NOT VERIFIED: verification.json checked no query");
    }
    if (differing > 0 || identical != queries) {
      return new VerificationStatus(
          State.DIFFERENT,
          "ANSWERS DIFFER: "
              + outOf(differing, queries)
              + " queries returned other keys or another order than the oracle");
    }
    return new VerificationStatus(
        State.VERIFIED,
        "verified: "
            + outOf(identical, queries)
            + " queries identical to the oracle ("
            + Numbers.grouped(v.deepPages() == null ? 0 : v.deepPages())
            + " deep pages)");
  }

  private static String outOf(long part, long all) {
    return Numbers.grouped(part) + " of " + Numbers.grouped(all);
  }
}
