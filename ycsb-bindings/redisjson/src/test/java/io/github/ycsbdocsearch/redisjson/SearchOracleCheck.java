package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Loads a few hundred random documents through the binding and checks many pages (both directions,
 * shallow, deep, past the end, keys only and with documents) against an answer computed here from
 * the same documents. The vocabulary has stop words and words with a common stem, so stemming or
 * stop-word removal would show.
 */
final class SearchOracleCheck {
  private static final String[] WORDS = {
    "red", "blue", "shoe", "shoes", "hat", "the", "of", "run", "running"
  };

  private SearchOracleCheck() {}

  static void run(DB db, String table, int docs, long seed) {
    Random rnd = new Random(seed);
    Map<String, Map<String, String>> stored = new LinkedHashMap<>();
    for (int i = 0; i < docs; i++) {
      String key = "user" + String.format("%05d", rnd.nextInt(100_000)) + "x" + i;
      Map<String, String> doc = new LinkedHashMap<>();
      doc.put("title", randomTitle(rnd));
      doc.put("rank", String.valueOf((long) rnd.nextInt(1 << 30) * 1000 + i));
      doc.put("field0", "v" + i);
      Map<String, ByteIterator> values = new HashMap<>();
      doc.forEach((k, v) -> values.put(k, new StringByteIterator(v)));
      assertEquals(Status.OK, db.insert(table, key, values));
      stored.put(key, doc);
    }
    for (int q = 0; q < 12; q++) {
      String w1 = WORDS[rnd.nextInt(WORDS.length)];
      String w2 = WORDS[rnd.nextInt(WORDS.length)];
      boolean asc = rnd.nextBoolean();
      List<String> expected = oracle(stored, w1, w2, asc);
      for (int[] page :
          new int[][] {
            {0, 1},
            {0, 10},
            {3, 7},
            {expected.size() / 2, 25},
            {Math.max(0, expected.size() - 3), 10},
            {expected.size(), 5},
            {expected.size() + 100, 5}
          }) {
        boolean keysOnly = rnd.nextBoolean();
        SearchQuery query =
            new SearchQuery("title", List.of(w1, w2), "rank", asc, page[0], page[1], keysOnly);
        List<SearchHit> hits = new ArrayList<>();
        assertEquals(
            Status.OK, SearchBindings.current().search(table, query, hits), query.toString());
        List<String> want =
            expected.subList(
                Math.min(page[0], expected.size()), Math.min(page[0] + page[1], expected.size()));
        assertEquals(
            want, hits.stream().map(SearchHit::key).collect(Collectors.toList()), query.toString());
        for (SearchHit h : hits) {
          Map<String, String> got = new HashMap<>();
          h.fields().forEach((k, v) -> got.put(k, v.toString()));
          assertEquals(keysOnly ? Map.of() : stored.get(h.key()), got, query + " " + h.key());
        }
      }
    }
  }

  private static String randomTitle(Random rnd) {
    int n = 2 + rnd.nextInt(4);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : " ").append(WORDS[rnd.nextInt(WORDS.length)]);
    }
    return b.toString();
  }

  private static List<String> oracle(
      Map<String, Map<String, String>> stored, String w1, String w2, boolean asc) {
    Comparator<Map.Entry<String, Map<String, String>>> byRank =
        Comparator.comparingLong(e -> Long.parseLong(e.getValue().get("rank")));
    return stored.entrySet().stream()
        .filter(
            e -> Arrays.asList(e.getValue().get("title").split(" ")).containsAll(List.of(w1, w2)))
        .sorted(asc ? byRank : byRank.reversed())
        .map(Map.Entry::getKey)
        .collect(Collectors.toList());
  }
}
