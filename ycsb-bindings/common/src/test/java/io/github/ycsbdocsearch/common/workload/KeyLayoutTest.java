package io.github.ycsbdocsearch.common.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyLayoutTest {

  /** The records client {@code i} of {@code n} inserts when it takes {@code count} keys. */
  private static List<Long> inserted(KeyLayout k, int i, int n, long count) {
    List<Long> out = new ArrayList<>();
    for (long slot = k.readable(); slot < k.readable() + count; slot++) {
      out.add(k.record(slot, i, n));
    }
    return out;
  }

  @Test
  void oneClientIsYcsbsOwnNumbering() {
    KeyLayout k = KeyLayout.loaded(100);
    assertEquals(
        List.of(0L, 99L, 100L, 101L),
        List.of(k.record(0, 0, 1), k.record(99, 0, 1), k.record(100, 0, 1), k.record(101, 0, 1)));
    KeyLayout after = k.after(List.of(KeyLayout.Taken.exactly(7)));
    assertEquals(new KeyLayout(107, 107), after);
    assertEquals(new KeyLayout(107, 107), after.after(List.of(KeyLayout.Taken.exactly(0))));
  }

  @Test
  void clientsTakeEveryNthRecordInTurnAndTheLoadedOnesAreShared() {
    KeyLayout k = KeyLayout.loaded(100);
    assertEquals(50, k.record(50, 1, 3));
    assertEquals(List.of(100L, 103L, 106L), inserted(k, 0, 3, 3));
    assertEquals(List.of(101L, 104L), inserted(k, 1, 3, 2));
    assertEquals(List.of(102L, 105L, 108L, 111L), inserted(k, 2, 3, 4));
  }

  @Test
  void equalCountsLeaveNoHole() {
    KeyLayout after =
        KeyLayout.loaded(100)
            .after(List.of(KeyLayout.Taken.exactly(3), KeyLayout.Taken.exactly(3)));
    assertEquals(new KeyLayout(106, 106), after);
  }

  @Test
  void unequalCountsReadUpToTheFirstHoleAndInsertPastTheLast() {
    // Client 0 took 100, 102, 104; client 1 took 101: 103 is the first record that does not exist.
    KeyLayout after =
        KeyLayout.loaded(100)
            .after(List.of(KeyLayout.Taken.exactly(3), KeyLayout.Taken.exactly(1)));
    assertEquals(new KeyLayout(103, 105), after);
    // A hole stays: later steps read no further, and insert past every record taken so far.
    KeyLayout later = after.after(List.of(KeyLayout.Taken.exactly(2), KeyLayout.Taken.exactly(2)));
    assertEquals(new KeyLayout(103, 109), later);
    // A client that inserted nothing: the others' records are past a hole at once.
    assertEquals(
        new KeyLayout(100, 104),
        KeyLayout.loaded(100)
            .after(List.of(KeyLayout.Taken.exactly(0), KeyLayout.Taken.exactly(2))));
  }

  @Test
  void aClientThatDidNotReportMayHaveTakenItsWholeBudget() {
    KeyLayout after =
        KeyLayout.loaded(100)
            .after(List.of(KeyLayout.Taken.exactly(5), new KeyLayout.Taken(0, 1000)));
    // Client 1's first record (101) may not exist; its last possible one is 100 + 1 + 2 * 999.
    assertEquals(new KeyLayout(101, 2100), after);
  }

  /**
   * Random steps of random clients and counts: no record is inserted twice, every record the layout
   * calls readable was inserted (or loaded), and the count of records is the load plus every insert
   * once.
   */
  @Test
  void noRecordIsInsertedTwiceAndEveryReadableRecordExists() {
    SplittableRandom rng = new SplittableRandom(21);
    for (int round = 0; round < 200; round++) {
      long loaded = rng.nextInt(0, 50);
      KeyLayout k = KeyLayout.loaded(loaded);
      Set<Long> exist = new HashSet<>();
      for (long r = 0; r < loaded; r++) {
        exist.add(r);
      }
      long inserts = 0;
      for (int step = 0; step < 6; step++) {
        int n = rng.nextInt(1, 5);
        List<KeyLayout.Taken> taken = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          long count = rng.nextInt(0, 12);
          for (long r : inserted(k, i, n, count)) {
            assertTrue(exist.add(r), "record " + r + " inserted twice");
            assertTrue(r >= k.next(), "record " + r + " below the insert start " + k.next());
          }
          inserts += count;
          taken.add(KeyLayout.Taken.exactly(count));
        }
        k = k.after(taken);
        for (long r = 0; r < k.readable(); r++) {
          assertTrue(exist.contains(r), "readable record " + r + " does not exist");
        }
        long next = k.next();
        assertTrue(
            exist.stream().allMatch(r -> r < next), "a record at or past the next insert start");
      }
      assertEquals(loaded + inserts, exist.size());
    }
  }

  @Test
  void aLayoutNeverInsertsBelowWhatExists() {
    assertThrows(IllegalArgumentException.class, () -> new KeyLayout(10, 9));
    assertThrows(IllegalArgumentException.class, () -> new KeyLayout.Taken(3, 2));
  }
}
