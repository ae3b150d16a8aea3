package io.github.ycsbdocsearch.sweep.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.stream.StreamSupport;

/**
 * The reference outputs of the hand-written statistics, computed once with scipy and statsmodels by
 * scripts/tests/oracles/make_oracles.py (which says how to rerun it) and stored under
 * src/test/resources/oracles/.
 */
final class Oracles {
  private Oracles() {}

  /** The cases of fixture {@code name}. */
  static JsonNode cases(String name) {
    try (InputStream in = Oracles.class.getResourceAsStream("/oracles/" + name)) {
      return new ObjectMapper().readTree(in).get("cases");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static double[] doubles(JsonNode array) {
    return StreamSupport.stream(array.spliterator(), false)
        .mapToDouble(JsonNode::asDouble)
        .toArray();
  }
}
