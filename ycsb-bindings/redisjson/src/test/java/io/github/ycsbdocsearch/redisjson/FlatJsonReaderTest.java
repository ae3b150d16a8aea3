package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbdocsearch.common.SearchSchema;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

class FlatJsonReaderTest {
  private static final ObjectMapper JACKSON = new ObjectMapper();

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static Map<String, String> read(String json, Set<String> fields) {
    Map<String, ByteIterator> out = new HashMap<>();
    assertTrue(FlatJsonReader.read(b(json), fields, out), json);
    Map<String, String> s = new TreeMap<>();
    out.forEach((k, v) -> s.put(k, v.toString()));
    return s;
  }

  @Test
  void readsStringsNumbersAndLiteralsAsText() {
    assertEquals(
        Map.of("a", "x y", "rank", "-12", "d", "1.5e3", "t", "true", "n", "null"),
        read("{\"a\":\"x y\",\"rank\":-12,\"d\":1.5e3,\"t\":true,\"n\":null}", null));
    assertEquals(Map.of("a", "1"), read(" [ { \"a\" : \"1\" , \"b\" : 2 } ] ", Set.of("a")));
    assertEquals(Map.of(), read("{}", null));
  }

  @Test
  void resolvesEscapes() {
    assertEquals(
        Map.of("q\"k", "a\"b\\c/d\n\t\u00e9\ud83d\ude00"),
        read("{\"q\\\"k\":\"a\\\"b\\\\c\\/d\\n\\t\\u00e9\\ud83d\\ude00\"}", null));
    assertEquals(Map.of("k", "\u00e9 raw"), read("{\"k\":\"\u00e9 raw\"}", null));
  }

  @Test
  void leavesNestedValuesToTheFullParser() {
    assertFalse(FlatJsonReader.read(b("{\"a\":\"1\",\"o\":{\"x\":1}}"), null, new HashMap<>()));
    assertFalse(FlatJsonReader.read(b("{\"l\":[1,2]}"), null, new HashMap<>()));
    Map<String, ByteIterator> out = new HashMap<>();
    new JsonDocumentMapper(new SearchSchema("title", "rank"))
        .readDocument(b("{\"a\":\"1\",\"o\":{\"x\":[1]}}"), null, out);
    assertEquals("1", out.get("a").toString());
    assertEquals("{\"x\":[1]}", out.get("o").toString());
  }

  @Test
  void refusesWhatIsNotAnObject() {
    assertThrows(
        IllegalStateException.class,
        () -> FlatJsonReader.read(b("\"str\""), null, new HashMap<>()));
    assertThrows(
        IllegalStateException.class,
        () -> FlatJsonReader.read(b("{\"a\":\"x"), null, new HashMap<>()));
    assertThrows(
        IllegalStateException.class,
        () -> FlatJsonReader.read(b("{\"a\" 1}"), null, new HashMap<>()));
  }

  @Test
  void slicesIterateAndPrintWithoutBeingConsumed() {
    JsonSlice s = new JsonSlice(b("xxabcxx"), 2, 5);
    assertEquals("abc", s.toString());
    assertEquals("abc", s.toString());
    assertEquals(3, s.bytesLeft());
    assertEquals('a', s.nextByte());
    assertArrayEquals(b("bc"), s.toArray());
    assertFalse(s.hasNext());
    s.reset();
    assertArrayEquals(b("abc"), s.toArray());
  }

  /**
   * What the binding writes (random YCSB-like values with quotes, backslashes, non-ASCII) reads
   * back equal.
   */
  @Test
  void agreesWithJacksonOnRandomDocuments() throws Exception {
    JsonDocumentMapper mapper = new JsonDocumentMapper(new SearchSchema("title", "rank"));
    Random rnd = new Random(3);
    for (int round = 0; round < 500; round++) {
      Map<String, ByteIterator> values = new LinkedHashMap<>();
      Map<String, String> expected = new TreeMap<>();
      for (int f = 0; f < 1 + rnd.nextInt(12); f++) {
        StringBuilder v = new StringBuilder();
        for (int c = rnd.nextInt(40); c > 0; c--) {
          int kind = rnd.nextInt(20);
          v.append(
              kind == 0
                  ? '\u00e9'
                  : kind == 1 ? '\u2603' : kind == 2 ? '\n' : (char) (32 + rnd.nextInt(95)));
        }
        values.put("field" + f, new StringByteIterator(v.toString()));
        expected.put("field" + f, v.toString());
      }
      long rank = rnd.nextLong() >> 11;
      values.put("rank", new StringByteIterator(Long.toString(rank)));
      expected.put("rank", Long.toString(rank));
      byte[] json = mapper.toJson(values);
      assertEquals(expected, read(new String(json, StandardCharsets.UTF_8), null));
      Map<String, Object> jackson =
          JACKSON.readValue(json, new TypeReference<Map<String, Object>>() {});
      assertEquals(expected.keySet(), jackson.keySet());
    }
  }
}
