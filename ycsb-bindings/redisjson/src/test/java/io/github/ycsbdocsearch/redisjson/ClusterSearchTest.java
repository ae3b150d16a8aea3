package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ClusterSearchTest {

  private static SortedKey k(String key, double v) {
    return new SortedKey(key.getBytes(StandardCharsets.UTF_8), v);
  }

  private static List<String> keys(List<SortedKey> l) {
    return l.stream()
        .map(s -> new String(s.recordKey(), StandardCharsets.UTF_8))
        .collect(Collectors.toList());
  }

  private final List<List<SortedKey>> ascendingShards =
      List.of(
          List.of(k("a", 1), k("d", 4), k("g", 7)),
          List.of(k("b", 2), k("e", 5)),
          List.of(),
          List.of(k("c", 3), k("f", 6), k("h", 8), k("i", 9)));

  @Test
  void mergesShardsIntoOneOrderAndCutsThePage() {
    assertEquals(
        List.of("a", "b", "c", "d", "e", "f", "g", "h", "i"),
        keys(ClusterSearch.merge(ascendingShards, true, 0, 100)));
    assertEquals(List.of("c", "d", "e"), keys(ClusterSearch.merge(ascendingShards, true, 2, 3)));
    assertEquals(List.of("i"), keys(ClusterSearch.merge(ascendingShards, true, 8, 3)));
    assertEquals(List.of(), keys(ClusterSearch.merge(ascendingShards, true, 9, 3)));
    assertEquals(List.of(), keys(ClusterSearch.merge(List.of(), true, 0, 3)));
  }

  @Test
  void mergesDescendingShards() {
    List<List<SortedKey>> desc =
        List.of(List.of(k("x", 10), k("y", 3)), List.of(k("z", 7), k("w", 1)));
    assertEquals(List.of("z", "y"), keys(ClusterSearch.merge(desc, false, 1, 2)));
  }

  @Test
  void recordsWithoutASortValueComeLastInBothDirections() {
    assertEquals(
        List.of("b", "a", "n"),
        keys(
            ClusterSearch.merge(
                List.of(List.of(k("b", 1), k("n", Double.NaN)), List.of(k("a", 2))), true, 0, 5)));
    assertEquals(
        List.of("a", "b", "n"),
        keys(
            ClusterSearch.merge(
                List.of(List.of(k("b", 1), k("n", Double.NaN)), List.of(k("a", 2))), false, 0, 5)));
  }

  @Test
  void equalValuesAreOrderedByKeyBytes() {
    assertEquals(
        List.of("a", "b", "c"),
        keys(
            ClusterSearch.merge(
                List.of(List.of(k("b", 1)), List.of(k("a", 1), k("c", 1))), true, 0, 5)));
  }

  /**
   * The merge of each shard's top offset+count equals the page of the sorted union, for random
   * data.
   */
  @Test
  void agreesWithSortingTheUnion() {
    Random rnd = new Random(42);
    for (int round = 0; round < 200; round++) {
      boolean asc = rnd.nextBoolean();
      int shards = 1 + rnd.nextInt(5);
      List<List<SortedKey>> all = new ArrayList<>();
      List<SortedKey> union = new ArrayList<>();
      for (int s = 0; s < shards; s++) {
        List<SortedKey> shard = new ArrayList<>();
        for (int i = rnd.nextInt(30); i > 0; i--) {
          shard.add(k("s" + s + "k" + i, rnd.nextInt(1000)));
        }
        shard.sort(SortedKey.order(asc));
        all.add(shard);
        union.addAll(shard);
      }
      union.sort(SortedKey.order(asc));
      int offset = rnd.nextInt(60);
      int count = 1 + rnd.nextInt(20);
      List<List<SortedKey>> tops =
          all.stream()
              .map(l -> l.subList(0, Math.min(l.size(), offset + count)))
              .collect(Collectors.toList());
      List<SortedKey> expected =
          union.subList(Math.min(offset, union.size()), Math.min(offset + count, union.size()));
      assertEquals(
          keys(expected), keys(ClusterSearch.merge(tops, asc, offset, count)), "round " + round);
    }
  }

  @Test
  void orderComparatorIsConsistentWithSortedLists() {
    List<SortedKey> l = new ArrayList<>(List.of(k("b", 2), k("a", 2), k("c", 1)));
    l.sort(SortedKey.order(false));
    assertEquals(List.of("a", "b", "c"), keys(l));
    l.sort(SortedKey.order(true).thenComparing(Comparator.comparing(SortedKey::toString)));
    assertEquals(List.of("c", "a", "b"), keys(l));
  }
}
