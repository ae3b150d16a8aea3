package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Small JSON helpers over one shared Jackson mapper: reading a file as a tree with a one-line error, typed field
 * access that names the file, and atomic writes (temp file + rename, as the results format requires).
 *
 * <p>The mapper is configured once and only used for trees, which Jackson documents as thread-safe; all methods are
 * safe to call from several threads.
 */
public final class Json {

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Json() {
  }

  /** @return a new empty object node */
  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /**
   * @param file a JSON file
   * @return its tree
   * @throws BadInputException when it is not valid JSON (names the file)
   * @throws IOException when it cannot be read
   */
  public static JsonNode read(Path file) throws BadInputException, IOException {
    byte[] bytes = Files.readAllBytes(file);
    try {
      JsonNode node = MAPPER.readTree(bytes);
      if (node == null || node.isMissingNode()) {
        throw new BadInputException(file + ": empty JSON file");
      }
      return node;
    } catch (JsonProcessingException e) {
      throw new BadInputException(file + ": not valid JSON (" + e.getOriginalMessage() + ")", e);
    }
  }

  /**
   * @param file file the node came from, for the message
   * @param node an object node
   * @param field field name
   * @return the field as a number
   * @throws BadInputException when the field is missing or not a number
   */
  public static double number(Path file, JsonNode node, String field) throws BadInputException {
    JsonNode value = node.get(field);
    if (value == null || !value.isNumber()) {
      throw new BadInputException(file + ": field '" + field + "' is missing or not a number");
    }
    return value.asDouble();
  }

  /**
   * @param node an object node
   * @param field field name
   * @param fallback value when the field is missing or not a number
   * @return the field as a number, or {@code fallback}
   */
  public static double number(JsonNode node, String field, double fallback) {
    JsonNode value = node.get(field);
    return value != null && value.isNumber() ? value.asDouble() : fallback;
  }

  /**
   * @param node an object node
   * @param fields field names to try in order, at the top level and then one level down
   * @return the first textual value found, or {@code null}
   */
  public static String findText(JsonNode node, String... fields) {
    for (String field : fields) {
      JsonNode value = node.get(field);
      if (value != null && value.isTextual()) {
        return value.asText();
      }
    }
    for (JsonNode child : node) {
      if (child.isObject()) {
        for (String field : fields) {
          JsonNode value = child.get(field);
          if (value != null && value.isTextual()) {
            return value.asText();
          }
        }
      }
    }
    return null;
  }

  /**
   * @param value a double that may be NaN or infinite
   * @param target object to put into
   * @param field field name
   */
  public static void putNumber(ObjectNode target, String field, double value) {
    if (Double.isFinite(value)) {
      target.put(field, value);
    } else {
      target.putNull(field);
    }
  }

  /**
   * @param node tree to write
   * @return pretty-printed JSON with a trailing newline
   */
  public static String text(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree made of plain nodes always serialises", e);
    }
  }

  /**
   * Writes a tree atomically: a temp file beside the target, then a rename.
   *
   * @param file target file
   * @param node tree to write
   * @throws IOException when writing fails
   */
  public static void write(Path file, JsonNode node) throws IOException {
    writeAtomically(file, text(node));
  }

  /**
   * @param file target file
   * @param content text to write as UTF-8
   * @throws IOException when writing fails
   */
  public static void writeAtomically(Path file, String content) throws IOException {
    Path absolute = file.toAbsolutePath();
    Path temp = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".tmp");
    try {
      Files.writeString(temp, content, StandardCharsets.UTF_8);
      Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
