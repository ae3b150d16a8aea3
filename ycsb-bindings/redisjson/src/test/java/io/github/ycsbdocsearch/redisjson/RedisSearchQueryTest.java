package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchSchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.args.Rawable;

class RedisSearchQueryTest {

  static String render(CommandArguments a) {
    List<String> parts = new ArrayList<>();
    for (Rawable r : a) {
      parts.add(new String(r.getRaw(), StandardCharsets.UTF_8));
    }
    return String.join(" ", parts);
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static SearchQuery query(boolean asc, int offset, int size, boolean keysOnly) {
    return new SearchQuery("title", List.of("red", "shoe"), "rank", asc, offset, size, keysOnly);
  }

  @Test
  void aPageAsksForAllWordsSortedWithACountAndNoTimeout() {
    assertEquals(
        "FT.SEARCH t-idx @title:(red shoe) NOCONTENT VERBATIM SORTBY rank ASC LIMIT 20 10 DIALECT 2"
            + " TIMEOUT 0",
        render(RedisSearchQuery.page("t-idx", query(true, 20, 10, true))));
    assertEquals(
        "FT.SEARCH t-idx @title:(red shoe) RETURN 1 $ VERBATIM SORTBY rank DESC LIMIT 0 1 DIALECT 2"
            + " TIMEOUT 0",
        render(RedisSearchQuery.page("t-idx", query(false, 0, 1, false))));
  }

  @Test
  void punctuationInAWordIsEscapedSoItStaysOneLiteralTerm() {
    // '-' would mean NOT, '|' OR, '.' a separator; letters of any script and digits stay as they
    // are.
    assertEquals("\\-x", RedisSearchQuery.term("-x"));
    assertEquals("node\\.js", RedisSearchQuery.term("node.js"));
    assertEquals("a\\|b\\ c\\@d\\\"e", RedisSearchQuery.term("a|b c@d\"e"));
    assertEquals("über5mm_x", RedisSearchQuery.term("über5mm_x"));
    assertEquals(
        "@title:(strasse 中)",
        RedisSearchQuery.queryString(
            new SearchQuery("title", List.of("strasse", "中"), "rank", true, 0, 10, true)));
  }

  @Test
  void aShardIsAskedForItsTopOffsetPlusCountWithSortKeys() {
    assertEquals(
        "FT.SEARCH t-idx{3} @title:(red shoe) NOCONTENT WITHSORTKEYS VERBATIM SORTBY rank DESC"
            + " LIMIT 0 30 DIALECT 2 TIMEOUT 0",
        render(RedisSearchQuery.shardTop("t-idx{3}", query(false, 20, 10, false))));
    SearchQuery deep = query(true, Integer.MAX_VALUE, 10, true);
    assertTrue(render(RedisSearchQuery.shardTop("i", deep)).contains("LIMIT 0 2147483657"));
  }

  @Test
  void theIndexIsCreatedWithoutStopWordsOrStemmingAndASortableNumber() {
    assertEquals(
        "FT.CREATE t-idx ON JSON PREFIX 1 t: STOPWORDS 0 SCHEMA $.title AS title TEXT NOSTEM"
            + " $.rank AS rank NUMERIC SORTABLE",
        render(RedisSearchIndex.create("t-idx", "t", new SearchSchema("title", "rank"))));
  }

  @Test
  void readsKeysOnlyAndDocumentPages() {
    List<SearchHit> page = new ArrayList<>();
    RedisSearchQuery.readPage(
        List.of(5L, b("tab:k2"), b("tab:k1")), "tab", query(true, 0, 10, true), null, page);
    assertEquals(
        List.of("k2", "k1"), page.stream().map(SearchHit::key).collect(Collectors.toList()));
    assertEquals(Map.of(), page.get(0).fields());

    page.clear();
    JsonDocumentMapper mapper = new JsonDocumentMapper(new SearchSchema("title", "rank"));
    RedisSearchQuery.readPage(
        List.of(1L, b("tab:k9"), List.of(b("$"), b("{\"title\":\"red shoe\",\"rank\":9}"))),
        "tab",
        query(true, 0, 10, false),
        mapper,
        page);
    assertEquals("k9", page.get(0).key());
    assertEquals("9", page.get(0).fields().get("rank").toString());
    assertEquals("red shoe", page.get(0).fields().get("title").toString());
  }

  @Test
  void readsShardHitsWithTheirSortValues() {
    List<SortedKey> hits =
        RedisSearchQuery.readShardTop(
            List.of(
                3L,
                b("t:a"),
                b("#9007199254740991"),
                b("t:b"),
                b("#-2.5"),
                b("t:c"),
                new Object[0]));
    assertEquals(9007199254740991.0, hits.get(0).sortValue());
    assertEquals(-2.5, hits.get(1).sortValue());
    assertTrue(Double.isNaN(hits.get(2).sortValue()), "no sort key reads as NaN");
    assertTrue(Double.isNaN(RedisSearchQuery.sortValue(b("$text"))));
  }
}
