package io.github.ycsbdocsearch.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.bson.Document;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

class DocumentMapperTest {
  private final DocumentMapper mapper = new DocumentMapper(new SearchSchema("title", "rank"));

  private static Map<String, ByteIterator> values(String... kv) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  @Test
  void insertKeepsTheKeyAsIdStringsAsStringsAndTheSortFieldAsInt64() {
    Document d =
        mapper.toDocument(
            "user7", values("field0", "007", "title", "red shoe", "rank", "9007199254740991"));
    assertEquals("user7", d.get("_id"));
    assertEquals("007", d.get("field0"));
    assertEquals("red shoe", d.get("title"));
    assertEquals(9007199254740991L, d.get("rank"));
    assertEquals(
        "{\"_id\": \"user7\", \"field0\": \"007\", \"title\": \"red shoe\", \"rank\":"
            + " 9007199254740991}",
        d.toJson());
  }

  @Test
  void setFieldsHoldOnlyTheGivenFields() {
    Document set = mapper.toSetFields(values("field1", "new", "rank", "8"));
    assertEquals(Map.of("field1", "new", "rank", 8L), Map.copyOf(set));
  }

  @Test
  void aNonIntegerSortValueIsRejectedNamingTheField() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> mapper.toDocument("k", values("rank", "1.5")));
    assertTrue(e.getMessage().contains("rank") && e.getMessage().contains("1.5"), e.getMessage());
  }

  @Test
  void readsDropTheIdAndPrintNumbersAsPlainDecimals() {
    Document stored =
        new Document("_id", "k")
            .append("rank", 42L)
            .append("field0", "x")
            .append("n", 7)
            .append("d", 4.2e1)
            .append("dec", Decimal128.parse("1.50"));
    Map<String, ByteIterator> out = new TreeMap<>();
    mapper.toFields(stored, out);
    Map<String, String> text = new TreeMap<>();
    out.forEach((k, v) -> text.put(k, v.toString()));
    assertEquals(Map.of("rank", "42", "field0", "x", "n", "7", "d", "42", "dec", "1.5"), text);
  }

  @Test
  void aCustomSortFieldIsTheNumericOne() {
    DocumentMapper custom = new DocumentMapper(new SearchSchema("name", "price"));
    Document d = custom.toDocument("k", values("price", "12", "rank", "3"));
    assertEquals(12L, d.get("price"));
    assertEquals("3", d.get("rank"));
  }
}
