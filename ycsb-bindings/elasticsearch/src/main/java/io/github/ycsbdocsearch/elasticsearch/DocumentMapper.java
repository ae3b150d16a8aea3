package io.github.ycsbdocsearch.elasticsearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.SearchSchema;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/**
 * Converts between YCSB field maps and Elasticsearch {@code _source} documents.
 *
 * <p>Every field is a JSON string except the numeric sort field, which is written as a JSON number
 * (so the index sorts numerically) and read back as its decimal string. Each document also carries
 * {@link #KEY_FIELD}, a copy of the record key: Elasticsearch cannot sort or range-query on {@code
 * _id} by default, and YCSB's scan needs both. That copy is never returned to YCSB. Immutable and
 * thread-safe.
 */
record DocumentMapper(SearchSchema schema) {
  /** The keyword copy of the record key (the key itself is the document's {@code _id}). */
  static final String KEY_FIELD = "ycsb_key";

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** A whole new document: the fields plus the key copy. */
  ObjectNode document(String key, Map<String, ByteIterator> values) {
    ObjectNode doc = partial(values);
    doc.put(KEY_FIELD, key);
    return doc;
  }

  /**
   * Only the given fields, for a partial update (Elasticsearch merges them into the stored
   * document); IllegalArgumentException when the numeric sort field is not an integer.
   */
  ObjectNode partial(Map<String, ByteIterator> values) {
    ObjectNode doc = NODES.objectNode();
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      String name = e.getKey();
      String value = e.getValue().toString();
      if (schema.isNumeric(name)) {
        doc.put(name, SearchSchema.number(name, value));
      } else {
        doc.put(name, value);
      }
    }
    return doc;
  }

  /** Copies {@code _source} (null: empty) to a result: {@code wanted} (null: all), no key copy. */
  void fields(ObjectNode source, Set<String> wanted, Map<String, ByteIterator> out) {
    if (source == null) {
      return;
    }
    for (Map.Entry<String, JsonNode> e : source.properties()) {
      String name = e.getKey();
      if (!KEY_FIELD.equals(name) && (wanted == null || wanted.contains(name))) {
        out.put(name, new StringByteIterator(text(e.getValue())));
      }
    }
  }

  /** A JSON value as YCSB sees it: strings as they are, numbers as their decimal form ("42"). */
  private static String text(JsonNode v) {
    return v.isValueNode() ? v.asText() : v.toString();
  }
}
