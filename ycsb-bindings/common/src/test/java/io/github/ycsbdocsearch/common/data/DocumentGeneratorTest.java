package io.github.ycsbdocsearch.common.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchSchema;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.Utils;

class DocumentGeneratorTest {
  private static final SearchSchema SCHEMA = new SearchSchema("title", "rank");

  private static DocumentGenerator generator(long seed) {
    return new DocumentGenerator(
        seed, new Vocabulary(seed, 500, 1.0), SCHEMA, "field", 10, 100, 6, 10);
  }

  @Test
  void sameSeedGivesByteIdenticalDocuments() {
    assertEquals(generator(7).document(123, 0), generator(7).document(123, 0));
    assertNotEquals(generator(7).document(123, 0), generator(8).document(123, 0));
    assertNotEquals(
        generator(7).document(123, 0).get("title"), generator(7).document(123, 1).get("title"));
  }

  @Test
  void documentHasYcsbFieldsTitleAndNumericRank() {
    Map<String, String> doc = generator(1).document(42, 0);
    assertEquals(12, doc.size());
    assertEquals(100, doc.get("field0").length());
    assertTrue(doc.get("title").matches("[a-z]+( [a-z]+){5,9}"), doc.get("title"));
    long rank = Long.parseLong(doc.get("rank"));
    assertEquals(42, rank % DocumentGenerator.MAX_RECORDS, "low digits are the record number");
  }

  @Test
  void aWritesYcsbFieldsLeadWithItsVersionSoNoTwoWritesShareAValue() {
    DocumentGenerator g = generator(5);
    Set<String> values = new HashSet<>();
    // Consecutive versions of one record and field, as one client's write sequence gives them.
    long origin = (1L << 62) - 500;
    for (long v = origin; v < origin + 1000; v++) {
      String one = g.fieldValue(7, v, 3);
      assertEquals(100, one.length());
      assertEquals(v, Long.parseUnsignedLong(one.substring(0, 13), 36), one);
      assertTrue(values.add(one), "two writes wrote " + one);
      String whole = g.document(7, v).get("field3");
      assertEquals(v, Long.parseUnsignedLong(whole.substring(0, 13), 36), whole);
    }
    assertEquals(-1L, Long.parseUnsignedLong(g.fieldValue(7, -1L, 0).substring(0, 13), 36));
    DocumentGenerator shortFields =
        new DocumentGenerator(5, new Vocabulary(5, 500, 1.0), SCHEMA, "field", 1, 8, 6, 10);
    assertTrue(shortFields.fieldValue(7, origin, 0).matches("[a-z0-9]{8}"), "too short to carry");
  }

  @Test
  void ranksAreUniqueAndExactInADouble() {
    DocumentGenerator g = generator(3);
    Set<Long> seen = new HashSet<>();
    for (long r = 0; r < 20_000; r++) {
      long rank = g.rank(r, r % 3);
      assertTrue(seen.add(rank), "duplicate rank " + rank);
      assertTrue(rank < (1L << 53), "rank must be exact as a double");
      assertEquals(rank, (long) (double) rank);
    }
    assertTrue(g.rank(DocumentGenerator.MAX_RECORDS - 1, 5) < (1L << 53));
  }

  @Test
  void vocabularyWordsAreLowercaseWithoutQOrXAndZipfSkewed() {
    Vocabulary v = new Vocabulary(11, 1000, 1.0);
    Set<String> words = new HashSet<>();
    for (int i = 0; i < v.size(); i++) {
      assertTrue(v.word(i).matches("[a-pr-wyz]{4,8}"), v.word(i));
      words.add(v.word(i));
    }
    assertEquals(1000, words.size());
    int[] counts = new int[v.size()];
    SplittableRandom rng = new SplittableRandom(1);
    for (int i = 0; i < 100_000; i++) {
      counts[v.sample(rng)]++;
    }
    assertTrue(counts[0] > 5 * counts[50], "word 0 must be far more frequent than word 50");
  }

  @Test
  void keyNamesMatchYcsb() {
    assertEquals("user" + Utils.hash(5), new KeyNames(false, 1).key(5));
    assertEquals("user0005", new KeyNames(true, 4).key(5));
  }
}
