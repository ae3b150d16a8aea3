package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.verify.SearchVerification;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.Verification;
import io.github.ycsbdocsearch.sweep.step.StoreSession;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import java.util.Properties;

/**
 * After a search workload's load, proves the store answers searches exactly as the oracle does
 * ({@link SearchVerification}) and writes {@code <store>/verification.json}. A store that does not
 * verify is still measured: the report says it was not verified. Stateless.
 */
public final class VerificationStep {
  /** Questions asked per store. */
  static final int QUERIES = 1000;

  private VerificationStep() {}

  /** True when the workload runs SEARCH, so its answers must be verified. */
  public static boolean applies(Properties props) {
    String p = props.getProperty(SearchWorkloadConfig.SEARCH_PROPORTION, "0").trim();
    try {
      return Double.parseDouble(p) > 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Verifies and writes the file; one that cannot run is written as checking no query. */
  public static void run(SweepContext ctx, StoreSession s, StoreKind kind) {
    ctx.progress()
        .store(s.name(), "verifying search answers against the oracle (" + QUERIES + " questions)");
    try {
      Verification r =
          SearchVerification.verify(
              kind, s.props(), QUERIES, line -> ctx.progress().store(s.name(), line));
      r.writeTo(s.storeDir());
      ctx.progress()
          .store(
              s.name(),
              r.passed()
                  ? "search verified: %s/%s answers identical to the oracle"
                      .formatted(r.identical(), r.queries())
                  : "SEARCH NOT VERIFIED: %s of %s answers differ from the oracle (see %s)"
                      .formatted(r.differing(), r.queries(), RunLayout.VERIFICATION));
    } catch (RuntimeException | LinkageError e) {
      Verification.failed(s.name(), String.valueOf(e.getMessage())).writeTo(s.storeDir());
      ctx.progress()
          .store(s.name(), "SEARCH NOT VERIFIED: the verification failed: " + e.getMessage());
    }
  }
}
