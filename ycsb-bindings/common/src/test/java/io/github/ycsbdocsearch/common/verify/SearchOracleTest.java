package io.github.ycsbdocsearch.common.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.data.DocumentGenerator;
import io.github.ycsbdocsearch.common.data.KeyNames;
import io.github.ycsbdocsearch.common.data.Vocabulary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The oracle against a brute-force scan of every generated document. */
class SearchOracleTest {
  private final DocumentGenerator gen =
      new DocumentGenerator(
          5, new Vocabulary(5, 300, 1.0), new SearchSchema("title", "rank"), "field", 2, 10, 4, 8);
  private final KeyNames keys = new KeyNames(false, 1);
  private final SearchOracle oracle = SearchOracle.build(gen, keys, 3000);

  private List<String> bruteForce(List<String> words, boolean asc, int offset, int size) {
    List<Integer> hits = new ArrayList<>();
    for (int r = 0; r < 3000; r++) {
      Set<String> title = new HashSet<>(Arrays.asList(gen.title(r, 0).split(" ")));
      if (title.containsAll(words)) {
        hits.add(r);
      }
    }
    Comparator<Integer> byRank = Comparator.comparingLong(r -> gen.rank(r, 0));
    hits.sort(asc ? byRank : byRank.reversed());
    return hits.stream().skip(offset).limit(size).map(keys::key).collect(Collectors.toList());
  }

  @Test
  void answersEqualABruteForceScan() {
    SplittableRandom rng = new SplittableRandom(9);
    int nonEmpty = 0;
    for (int i = 0; i < 300; i++) {
      String[] title = gen.title(rng.nextInt(3000), 0).split(" ");
      List<String> words =
          List.of(title[0], title[title.length - 1]).stream()
              .distinct()
              .collect(Collectors.toList());
      boolean asc = i % 2 == 0;
      int size = 1 + rng.nextInt(20);
      int offset = rng.nextInt(3) * size;
      List<String> expected = bruteForce(words, asc, offset, size);
      assertEquals(
          expected,
          oracle.answer(new SearchQuery("title", words, "rank", asc, offset, size, true)),
          "words " + words);
      nonEmpty += expected.isEmpty() ? 0 : 1;
    }
    assertTrue(nonEmpty > 150, "the check must exercise real hits, had " + nonEmpty);
  }

  @Test
  void unknownWordHasNoHitAndDocumentsComeFromTheGenerator() {
    assertEquals(0, oracle.hitCount(List.of("zzzz")));
    assertEquals(gen.document(17, 0), oracle.document(keys.key(17)));
    assertEquals(null, oracle.document("nosuchkey"));
    String[] w = gen.title(17, 0).split(" ");
    assertTrue(oracle.hitCount(Arrays.asList(w[0])) >= 1);
  }
}
