package io.github.ycsbdocsearch.common.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.text.CanonicalText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules of a dataset file and their one-line messages ({@link DatasetException}: file, line
 * number, problem). The message texts are part of the interface: {@code datasets/README.md} (its
 * "Format and properties" section) and {@code scripts/tests/test_dataset.sh} quote them. One
 * instance checks one pass over one file (it remembers the keys seen, to report a duplicate with
 * the line that had it first); not thread-safe.
 */
final class DatasetValidator {
  private final Dataset.Spec spec;
  private final String file;

  /** Line index (0-based) of each key seen so far; null when keys come from line numbers. */
  private final Map<String, Integer> keyLine;

  /**
   * What a valid line holds for the store: its sort value, canonical tokens (in text order) and key
   * (or null).
   */
  record Checked(long sortValue, List<String> tokens, String key) {}

  DatasetValidator(Dataset.Spec spec) {
    this.spec = spec;
    this.file = spec.file().toString();
    this.keyLine = spec.keyField() == null ? null : new HashMap<>();
  }

  /** The file as a whole cannot be read (missing, no permission, an I/O error). */
  static DatasetException notReadable(String file, IOException e) {
    return new DatasetException(file, 0, "not readable (" + e.getMessage() + ")");
  }

  /** A line is one JSON object: not blank, JSON, an object. */
  static JsonNode parse(String file, long lineNumber, byte[] bytes, int length) {
    if (length == 0 || new String(bytes, 0, length, StandardCharsets.UTF_8).isBlank()) {
      throw new DatasetException(
          file, lineNumber, "blank line (expected one JSON object per line)");
    }
    JsonNode node;
    try {
      node = DatasetReader.json(bytes, length);
    } catch (JsonProcessingException e) {
      throw new DatasetException(
          file, lineNumber, "not JSON (" + SetupException.firstLine(e.getOriginalMessage()) + ")");
    } catch (IOException e) {
      throw new DatasetException(file, lineNumber, "not JSON (" + e.getMessage() + ")");
    }
    if (node == null || !node.isObject()) {
      throw new DatasetException(file, lineNumber, "not a JSON object");
    }
    return node;
  }

  /** Checks the fields of one parsed line, in the order the messages have always been reported. */
  Checked check(DatasetReader.Line line) {
    long n = line.number();
    JsonNode node = line.node();
    long sortValue = sortValue(n, node);
    List<String> tokens = tokens(n, node);
    checkOtherFields(n, node);
    String key = keyLine == null ? null : key(n, node);
    return new Checked(sortValue, tokens, key);
  }

  /** Checks the file as a whole once every line passed: not empty, sort values unique. */
  void finish(long[] sortValues) {
    if (sortValues.length == 0) {
      throw new DatasetException(file, 0, "no documents (the file is empty)");
    }
    long[] sorted = sortValues.clone();
    Arrays.sort(sorted);
    for (int i = 1; i < sorted.length; i++) {
      if (sorted[i] == sorted[i - 1]) {
        duplicateSortValue(sortValues, sorted[i]);
      }
    }
  }

  /**
   * Reports the second line holding {@code dup}, naming the first (the smallest duplicate is
   * reported).
   */
  private void duplicateSortValue(long[] sortValues, long dup) {
    int first = -1;
    for (int r = 0; r < sortValues.length; r++) {
      if (sortValues[r] == dup) {
        if (first >= 0) {
          throw new DatasetException(
              file,
              r + 1,
              ("duplicate sort value %s in field '%s' (already on line %s; sort values must be"
                      + " unique so the order is total)")
                  .formatted(dup, spec.sortField(), first + 1));
        }
        first = r;
      }
    }
  }

  private long sortValue(long lineNumber, JsonNode node) {
    String field = spec.sortField();
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw new DatasetException(file, lineNumber, "missing sort field '" + field + "'");
    }
    if (!v.isIntegralNumber()
        || !v.canConvertToLong()
        || Math.abs(v.longValue()) >= Dataset.MAX_SORT_VALUE) {
      throw new DatasetException(
          file,
          lineNumber,
          "sort field '" + field + "' is " + v + ", expected an integer of magnitude below 2^53");
    }
    return v.longValue();
  }

  private List<String> tokens(long lineNumber, JsonNode node) {
    String field = spec.textField();
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw new DatasetException(file, lineNumber, "missing text field '" + field + "'");
    }
    if (!v.isTextual()) {
      throw new DatasetException(file, lineNumber, "text field '" + field + "' is not a string");
    }
    if (v.textValue().isBlank()) {
      throw new DatasetException(file, lineNumber, "empty text in field '" + field + "'");
    }
    List<String> tokens = CanonicalText.tokens(v.textValue());
    if (tokens.isEmpty()) {
      throw new DatasetException(
          file, lineNumber, "text field '" + field + "' has no letter or digit");
    }
    return tokens;
  }

  private void checkOtherFields(long lineNumber, JsonNode node) {
    for (Map.Entry<String, JsonNode> f : node.properties()) {
      if (f.getKey().equals(spec.textField()) || f.getKey().equals(spec.sortField())) {
        continue;
      }
      if (!f.getKey().matches("[A-Za-z][A-Za-z0-9_]*")) {
        throw new DatasetException(
            file,
            lineNumber,
            "field name '%s' is not letters, digits and '_' starting with a letter"
                .formatted(f.getKey()));
      }
      if (f.getValue().isContainerNode()) {
        throw new DatasetException(
            file,
            lineNumber,
            "field '%s' is an object or array (only strings, numbers and booleans are stored)"
                .formatted(f.getKey()));
      }
    }
  }

  private String key(long lineNumber, JsonNode node) {
    String field = spec.keyField();
    JsonNode v = node.get(field);
    if (v == null || v.isNull() || Dataset.scalar(v).isEmpty()) {
      throw new DatasetException(file, lineNumber, "missing key field '" + field + "'");
    }
    String key = Dataset.scalar(v);
    Integer before = keyLine.putIfAbsent(key, (int) (lineNumber - 1));
    if (before != null) {
      throw new DatasetException(
          file,
          lineNumber,
          "key '" + key + "' (field '" + field + "') already on line " + (before + 1));
    }
    return key;
  }
}
