package io.github.ycsbdocsearch.mongodb;

import io.github.ycsbdocsearch.common.SearchSchema;
import java.math.BigDecimal;
import java.util.Map;
import org.bson.Document;
import org.bson.types.Decimal128;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/**
 * Maps YCSB records to BSON documents and back: {@code _id} is the YCSB key, every field is a
 * string except the schema's numeric sort field, which is stored as a BSON int64 (so the store
 * sorts numbers, not text) and read back as its decimal string. Stateless apart from the schema:
 * thread-safe.
 */
public record DocumentMapper(SearchSchema schema) {
  /** MongoDB's primary-key field, which holds the YCSB key. */
  public static final String ID = "_id";

  /** A new document for an insert; IllegalArgumentException when the numeric field is not one. */
  public Document toDocument(String key, Map<String, ByteIterator> values) {
    Document doc = new Document(ID, key);
    putFields(values, doc);
    return doc;
  }

  /** The fields of an update, for {@code $set}; IllegalArgumentException as above. */
  public Document toSetFields(Map<String, ByteIterator> values) {
    Document set = new Document();
    putFields(values, set);
    return set;
  }

  /** Copies every field of {@code doc} except {@code _id} into {@code out} as strings. */
  public void toFields(Document doc, Map<String, ByteIterator> out) {
    for (Map.Entry<String, Object> e : doc.entrySet()) {
      if (!ID.equals(e.getKey())) {
        out.put(e.getKey(), new StringByteIterator(asString(e.getValue())));
      }
    }
  }

  /**
   * A stored value as YCSB sees it: numbers as plain decimals ({@code 42}, never {@code 42.0} or
   * {@code 4.2E1}).
   */
  static String asString(Object value) {
    if (value instanceof Long || value instanceof Integer) {
      return value.toString();
    }
    if (value instanceof Double || value instanceof Decimal128) {
      BigDecimal d =
          value instanceof Double
              ? BigDecimal.valueOf((Double) value)
              : ((Decimal128) value).bigDecimalValue();
      return d.stripTrailingZeros().toPlainString();
    }
    return String.valueOf(value);
  }

  private void putFields(Map<String, ByteIterator> values, Document target) {
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      String field = e.getKey();
      String text = e.getValue().toString();
      target.put(field, schema.isNumeric(field) ? SearchSchema.number(field, text) : text);
    }
  }
}
