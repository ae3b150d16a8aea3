package io.github.ycsbdocsearch.elasticsearch;

import static io.github.ycsbdocsearch.elasticsearch.JsonBodies.tree;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.SearchSchema;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
  void documentStoresTheRankAsANumberAndCopiesTheKey() {
    ObjectNode doc =
        mapper.document(
            "user7", values("field0", "x", "title", "red shoe", "rank", "9007199254740991"));
    assertEquals(
        tree("{'field0':'x','title':'red shoe','rank':9007199254740991,'ycsb_key':'user7'}"), doc);
    assertTrue(doc.get("rank").isIntegralNumber());
  }

  @Test
  void partialUpdateHasOnlyTheGivenFields() {
    // Re-parsed so that 8 compares equal whatever Java integer type holds it.
    assertEquals(
        tree("{'rank':8,'field1':'new'}"),
        tree(mapper.partial(values("rank", "8", "field1", "new")).toString()));
  }

  @Test
  void aNonIntegerRankIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> mapper.partial(values("rank", "8.5")));
    assertThrows(IllegalArgumentException.class, () -> mapper.document("k", values("rank", "")));
  }

  @Test
  void readBackGivesDecimalStringsWithoutTheKeyCopy() {
    ObjectNode source =
        (ObjectNode) tree("{'field0':'x','title':'red shoe','rank':42,'ycsb_key':'user7'}");
    Map<String, ByteIterator> out = new HashMap<>();
    mapper.fields(source, null, out);
    Map<String, String> strings = new TreeMap<>();
    out.forEach((k, v) -> strings.put(k, v.toString()));
    assertEquals(Map.of("field0", "x", "title", "red shoe", "rank", "42"), strings);
    out.clear();
    mapper.fields(source, Set.of("rank", "ycsb_key"), out);
    assertEquals(Set.of("rank"), out.keySet());
  }
}
