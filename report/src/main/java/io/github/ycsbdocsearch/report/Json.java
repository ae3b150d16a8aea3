package io.github.ycsbdocsearch.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one Jackson mapper of this module and small helpers to read files of a results folder. Jackson writes numbers
 * the same under every locale. Thread-safe (the mapper is configured once, then only used).
 */
final class Json {

  static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Json() {
  }

  /** Parses {@code file} as a JSON object; a missing file or malformed JSON is a one-line format error. */
  static JsonNode readObject(Path file) throws ResultsFormatException {
    if (!Files.isRegularFile(file)) {
      throw new ResultsFormatException(file + ": missing");
    }
    try {
      JsonNode node = MAPPER.readTree(file.toFile());
      if (node == null || !node.isObject()) {
        throw new ResultsFormatException(file + ": not a JSON object");
      }
      return node;
    } catch (ResultsFormatException e) {
      throw e;
    } catch (IOException e) {
      throw new ResultsFormatException(file + ": malformed JSON: " + firstLine(e.getMessage()), e);
    }
  }

  /** Like {@link #readObject} but null when the file does not exist. */
  static JsonNode readOptional(Path file) throws ResultsFormatException {
    return Files.isRegularFile(file) ? readObject(file) : null;
  }

  static String text(JsonNode node, String field, String fallback) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? fallback : v.asText();
  }

  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
