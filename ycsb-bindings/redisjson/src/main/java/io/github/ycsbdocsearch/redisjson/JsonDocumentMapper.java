package io.github.ycsbdocsearch.redisjson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbdocsearch.common.SearchSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/**
 * Converts between YCSB field maps and the JSON documents stored with RedisJSON.
 *
 * <p>Every field is a JSON string except the schema's numeric sort field, which is written as a
 * JSON number (so RediSearch can sort on it) and read back as its decimal string, e.g. {@code
 * "42"}. Thread-safe: Jackson's factories are thread-safe and every call uses its own parser or
 * generator.
 */
record JsonDocumentMapper(SearchSchema schema) {
  private static final JsonFactory JSON = new JsonFactory();

  /** Only for values that are not flat strings or numbers (never written by this binding). */
  private static final ObjectMapper TREES = new ObjectMapper(JSON);

  /** One JSON object holding {@code values}; IllegalArgumentException for a non-integer rank. */
  byte[] toJson(Map<String, ByteIterator> values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(128 + values.size() * 128);
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        g.writeFieldName(e.getKey());
        writeValue(g, e.getKey(), e.getValue().toString());
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** The JSON literal of one field's value, as JSON.MSET takes it. */
  String jsonValue(String field, String value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(value.length() + 8);
    try (JsonGenerator g = JSON.createGenerator(out)) {
      writeValue(g, field, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private void writeValue(JsonGenerator g, String field, String value) throws IOException {
    if (schema.isNumeric(field)) {
      g.writeNumber(SearchSchema.number(field, value));
    } else {
      g.writeString(value);
    }
  }

  /**
   * The JSONPath of a top-level field: {@code $.name}, or the bracket form when the name is not an
   * identifier.
   */
  static String path(String field) {
    if (field.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      return "$." + field;
    }
    return "$[\"" + field.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
  }

  /**
   * Reads a whole document ({@code {...}}, or {@code [{...}]} as JSONPath replies wrap it) into
   * {@code out}, keeping only {@code fields} unless that is null. Flat documents (every record this
   * binding writes) are read without decoding values ({@link FlatJsonReader}); others go through
   * Jackson.
   */
  void readDocument(byte[] json, Set<String> fields, Map<String, ByteIterator> out) {
    if (!FlatJsonReader.read(json, fields, out)) {
      readNested(json, fields, out);
    }
  }

  private static void readNested(byte[] json, Set<String> fields, Map<String, ByteIterator> out) {
    try (JsonParser p = JSON.createParser(json)) {
      JsonToken t = p.nextToken();
      if (t == JsonToken.START_ARRAY) {
        t = p.nextToken();
      }
      if (t != JsonToken.START_OBJECT) {
        throw new IllegalStateException("expected a JSON object, got " + t);
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        p.nextToken();
        if (fields == null || fields.contains(name)) {
          out.put(name, new StringByteIterator(scalarText(p)));
        } else {
          p.skipChildren();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads the reply of {@code JSON.GET key path1 [path2 ...]} sent with {@link #path} of each of
   * {@code fields}: one path gives {@code [value]}, several give {@code {"path": [value], ...}}; a
   * missing field gives {@code []} and is left out.
   */
  void readPaths(byte[] json, List<String> fields, Map<String, ByteIterator> out) {
    try (JsonParser p = JSON.createParser(json)) {
      if (fields.size() == 1) {
        expect(p.nextToken(), JsonToken.START_ARRAY);
        readFirstMatch(p, fields.get(0), out);
        return;
      }
      expect(p.nextToken(), JsonToken.START_OBJECT);
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = fieldOfPath(p.currentName(), fields);
        expect(p.nextToken(), JsonToken.START_ARRAY);
        if (field == null) {
          p.skipChildren();
        } else {
          readFirstMatch(p, field, out);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads the rest of a JSONPath match array, keeping its first element (a top-level path matches
   * once).
   */
  private static void readFirstMatch(JsonParser p, String field, Map<String, ByteIterator> out)
      throws IOException {
    JsonToken t = p.nextToken();
    if (t != JsonToken.END_ARRAY) {
      out.put(field, new StringByteIterator(scalarText(p)));
      p.skipChildren();
      while (p.nextToken() != JsonToken.END_ARRAY) {
        p.skipChildren();
      }
    }
  }

  private static String fieldOfPath(String path, List<String> fields) {
    for (String f : fields) {
      if (path(f).equals(path)) {
        return f;
      }
    }
    return null;
  }

  /** Strings as is, numbers in their decimal form, anything else as compact JSON. */
  private static String scalarText(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
      return TREES.writeValueAsString(TREES.readTree(p));
    }
    return p.getText();
  }

  private static void expect(JsonToken got, JsonToken want) {
    if (got != want) {
      throw new IllegalStateException("unexpected JSON reply: expected " + want + ", got " + got);
    }
  }
}
