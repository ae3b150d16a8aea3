package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one JSON configuration of the results folder: snake_case field names (records map {@code
 * throughputOps} to {@code throughput_ops}) in the record's order (a {@code @JsonPropertyOrder}
 * only where a derived field stands among them), every field written, null or not (unless a record
 * says otherwise), indented output, unknown fields ignored on read (a newer writer may add fields;
 * readers of an older format version keep working). Stateless, thread-safe.
 */
public final class Json {

  /** The mapper every reader and writer of the results folder uses. */
  public static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private Json() {}

  /**
   * Reads a JSON object file.
   *
   * @throws ResultsFormatException when the file is missing, malformed or not an object
   */
  public static JsonNode readObject(Path file) throws ResultsFormatException {
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

  /**
   * Each client's copy of a file the YCSB client writes into its output folder ({@link
   * RunLayout#clientOutputDirs}: the step folder, or {@code clients/<i>/} with several clients), in
   * client order; a client that wrote none is left out.
   *
   * @throws ResultsFormatException when a file does not fit the type
   */
  public static <T> List<T> readEachClient(Path stepDir, String fileName, Class<T> type)
      throws ResultsFormatException {
    List<T> files = new ArrayList<>();
    for (Path dir : RunLayout.clientOutputDirs(stepDir)) {
      Path f = dir.resolve(fileName);
      if (Files.isRegularFile(f)) {
        files.add(read(f, type));
      }
    }
    return files;
  }

  /**
   * Reads a JSON file into a record of this package.
   *
   * @throws ResultsFormatException when the file is missing or does not fit the type
   */
  public static <T> T read(Path file, Class<T> type) throws ResultsFormatException {
    return convert(file, readObject(file), type);
  }

  /**
   * Like {@link #read} but empty when the file does not exist.
   *
   * @throws ResultsFormatException when the file does not fit the type
   */
  public static <T> Optional<T> readIfPresent(Path file, Class<T> type)
      throws ResultsFormatException {
    return Files.isRegularFile(file) ? Optional.of(read(file, type)) : Optional.empty();
  }

  /**
   * Maps a node read from {@code file} (and perhaps upgraded) into a record of this package.
   *
   * @throws ResultsFormatException when it does not fit the type
   */
  static <T> T convert(Path file, JsonNode node, Class<T> type) throws ResultsFormatException {
    try {
      return MAPPER.treeToValue(node, type);
    } catch (IOException | IllegalArgumentException e) {
      throw new ResultsFormatException(file + ": " + firstLine(e.getMessage()), e);
    }
  }

  /** A text field, or {@code fallback} when missing or null. */
  public static String text(JsonNode node, String field, String fallback) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? fallback : v.asText();
  }

  /** The first line of an exception message (Jackson's carry source excerpts on later lines). */
  public static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
