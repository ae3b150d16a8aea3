package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbdocsearch.common.SearchSchema;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

class JsonDocumentMapperTest {
  private final JsonDocumentMapper mapper =
      new JsonDocumentMapper(new SearchSchema("title", "rank"));

  private static Map<String, ByteIterator> values(String... kv) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  private static Map<String, String> strings(Map<String, ByteIterator> m) {
    Map<String, String> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void writesStringsAsStringsAndTheSortFieldAsANumber() {
    byte[] json =
        mapper.toJson(
            values("field0", "a \"q\" \\ \u00e9", "rank", "9007199254740991", "title", "red shoe"));
    assertEquals(
        "{\"field0\":\"a \\\"q\\\" \\\\ \u00e9\",\"rank\":9007199254740991,\"title\":\"red shoe\"}",
        new String(json, StandardCharsets.UTF_8));
    assertEquals("42", mapper.jsonValue("rank", "42"));
    assertEquals("\"42\"", mapper.jsonValue("field1", "42"));
  }

  @Test
  void refusesANonIntegerSortValue() {
    assertThrows(IllegalArgumentException.class, () -> mapper.toJson(values("rank", "4.5")));
    assertThrows(IllegalArgumentException.class, () -> mapper.jsonValue("rank", "x"));
  }

  @Test
  void readsDocumentsBackAsStringsWithNumbersInDecimal() {
    byte[] json = mapper.toJson(values("field0", "x\ny", "rank", "42", "title", "a b"));
    Map<String, ByteIterator> out = new HashMap<>();
    mapper.readDocument(json, null, out);
    assertEquals(Map.of("field0", "x\ny", "rank", "42", "title", "a b"), strings(out));
    out.clear();
    mapper.readDocument(
        bytes("[{\"a\":\"1\",\"rank\":7,\"nested\":{\"k\":[1,2]}}]"),
        Set.of("rank", "nested"),
        out);
    assertEquals(Map.of("rank", "7", "nested", "{\"k\":[1,2]}"), strings(out));
  }

  @Test
  void readsTheRepliesOfJsonGetWithPaths() {
    Map<String, ByteIterator> out = new HashMap<>();
    mapper.readPaths(bytes("[\"v\"]"), List.of("field1"), out);
    assertEquals(Map.of("field1", "v"), strings(out));
    out.clear();
    mapper.readPaths(bytes("[]"), List.of("field1"), out);
    assertEquals(Map.of(), strings(out));
    out.clear();
    mapper.readPaths(
        bytes("{\"$.field1\":[\"v\"],\"$.rank\":[12],\"$.gone\":[],\"$[\\\"a-b\\\"]\":[\"w\"]}"),
        List.of("field1", "rank", "gone", "a-b"),
        out);
    assertEquals(Map.of("field1", "v", "rank", "12", "a-b", "w"), strings(out));
  }

  @Test
  void pathsUseDotsForIdentifiersAndBracketsOtherwise() {
    assertEquals("$.field0", JsonDocumentMapper.path("field0"));
    assertEquals("$[\"a-b\"]", JsonDocumentMapper.path("a-b"));
    assertEquals("$[\"q\\\"\"]", JsonDocumentMapper.path("q\""));
  }
}
