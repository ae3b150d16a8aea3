package io.github.ycsbdocsearch.sweep.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.verify.SearchVerification;
import io.github.ycsbdocsearch.common.verify.VerificationResult;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.util.Properties;

/**
 * After a search workload's load, proves the store answers searches exactly as the oracle does
 * ({@link SearchVerification}) and writes {@code <store>/verification.json}. A store that does not
 * verify is still measured: the report says it was not verified. Stateless.
 */
final class VerificationStep {
  /** Questions asked per store. */
  static final int QUERIES = 1000;

  /** File name inside a store's folder. */
  static final String FILE_NAME = RunLayout.VERIFICATION;

  private VerificationStep() {}

  /** True when the workload runs SEARCH, so its answers must be verified. */
  static boolean applies(Properties props) {
    String p = props.getProperty(SearchWorkloadConfig.SEARCH_PROPORTION, "0").trim();
    try {
      return Double.parseDouble(p) > 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /**
   * Verifies and writes the file; a verification that cannot run is written as checking no query.
   */
  static void run(SweepContext ctx, StoreSession s, StoreKind kind) {
    ctx.progress()
        .store(s.name(), "verifying search answers against the oracle (" + QUERIES + " questions)");
    try {
      VerificationResult r =
          SearchVerification.verify(
              kind, s.props(), QUERIES, line -> ctx.progress().store(s.name(), line));
      AtomicFiles.writeJson(s.storeDir().resolve(FILE_NAME), r);
      ctx.progress()
          .store(
              s.name(),
              r.passed()
                  ? "search verified: "
                      + r.identical()
                      + "/"
                      + r.queries()
                      + " answers identical to the oracle"
                  : "SEARCH NOT VERIFIED: "
                      + r.differing()
                      + " of "
                      + r.queries()
                      + " answers differ from the oracle (see "
                      + FILE_NAME
                      + ")");
    } catch (RuntimeException | LinkageError e) {
      ObjectNode n = Json.MAPPER.createObjectNode();
      n.put("store", s.name());
      n.put("queries", 0);
      n.put("identical", 0);
      n.put("differing", 0);
      n.put("error", String.valueOf(e.getMessage()));
      AtomicFiles.writeJson(s.storeDir().resolve(FILE_NAME), n);
      ctx.progress()
          .store(s.name(), "SEARCH NOT VERIFIED: the verification failed: " + e.getMessage());
    }
  }
}
