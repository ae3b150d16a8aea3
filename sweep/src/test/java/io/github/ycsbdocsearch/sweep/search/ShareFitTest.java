package io.github.ycsbdocsearch.sweep.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.fixtures.Oracles;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The local logistic line against an independent maximiser of the same likelihood. */
class ShareFitTest {

  /**
   * The line is the maximum of statsmodels' binomial GLM log-likelihood (share as endog, kernel
   * weight times requests as var_weights) plus ShareFit's normal prior on the slope, found by
   * scipy.optimize (fixture share-fit.json; 12 fits, one with the blocks separated perfectly, where
   * only the prior keeps the slope finite). Newton's method stops on steps below 1e-9 and 1e-7, so
   * both coefficients agree to 1e-6.
   */
  @Test
  void theLineIsTheMaximumStatsmodelsAndScipyFind() {
    for (JsonNode c : Oracles.cases("share-fit.json")) {
      double[] x = Oracles.doubles(c.get("x"));
      ShareFit.Line line =
          ShareFit.fit(
              x,
              counts(c.get("n")),
              counts(c.get("k")),
              Oracles.doubles(c.get("w")),
              ShareFit.logit(0.01));
      assertTrue(line.converged(), c.toString());
      assertEquals(c.get("a").asDouble(), line.a(), 1e-6, c.toString());
      assertEquals(c.get("b").asDouble(), line.b(), 1e-6, c.toString());
    }
  }

  /** The fixture's request counts (whole numbers written as doubles). */
  private static long[] counts(JsonNode array) {
    return Arrays.stream(Oracles.doubles(array)).mapToLong(v -> (long) v).toArray();
  }
}
