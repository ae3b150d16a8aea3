package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchSchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RedisSearchIndexTest {
  private static final SearchSchema SCHEMA = new SearchSchema("title", "rank");

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * FT.INFO of RediSearch 2.10 for this binding's definition (shape as seen from redis-cli), as raw
   * RESP2.
   */
  private static List<Object> info(String prefix, boolean stopwordsNone, String textFlag) {
    List<Object> l =
        new ArrayList<>(
            List.of(
                b("index_name"),
                b("t-idx"),
                b("index_definition"),
                List.of(
                    b("key_type"),
                    b("JSON"),
                    b("prefixes"),
                    List.of(b(prefix)),
                    b("default_score"),
                    b("1")),
                b("attributes"),
                List.of(
                    List.of(
                        b("identifier"),
                        b("$.title"),
                        b("attribute"),
                        b("title"),
                        b("type"),
                        b("TEXT"),
                        b("WEIGHT"),
                        b("1"),
                        b(textFlag)),
                    List.of(
                        b("identifier"),
                        b("$.rank"),
                        b("attribute"),
                        b("rank"),
                        b("type"),
                        b("NUMERIC"),
                        b("SORTABLE"),
                        b("UNF"))),
                b("num_docs"),
                0L,
                b("percent_indexed"),
                b("1")));
    if (stopwordsNone) {
      l.addAll(List.of(b("stopwords_list"), List.of()));
    }
    return l;
  }

  private static Map<String, Object> decoded(List<Object> raw) {
    return RedisSearchIndex.pairs(RedisSearchIndex.decode(raw));
  }

  @Test
  void acceptsItsOwnDefinition() {
    assertNull(
        RedisSearchIndex.definitionProblem(decoded(info("t:", true, "NOSTEM")), "t", SCHEMA));
  }

  @Test
  void refusesAnotherDefinition() {
    assertTrue(
        RedisSearchIndex.definitionProblem(decoded(info("u:", true, "NOSTEM")), "t", SCHEMA)
            .contains("prefixes"));
    assertTrue(
        RedisSearchIndex.definitionProblem(decoded(info("t:", false, "NOSTEM")), "t", SCHEMA)
            .contains("stop words default"));
    assertTrue(
        RedisSearchIndex.definitionProblem(decoded(info("t:", true, "SORTABLE")), "t", SCHEMA)
            .contains("attribute title"));
    assertEquals(
        "no attribute body",
        RedisSearchIndex.definitionProblem(
            decoded(info("t:", true, "NOSTEM")), "t", new SearchSchema("body", "rank")));
  }
}
