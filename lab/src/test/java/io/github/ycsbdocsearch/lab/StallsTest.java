package io.github.ycsbdocsearch.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

/** A server's stalls on a virtual clock: work makes no progress during them, at their cadence. */
class StallsTest {
  private static final long MS = 1_000_000L;

  @Test
  void workPausesForTheStallsItMeets() {
    Stalls s =
        new Stalls(
            200 * MS, 1000 * MS, 1000 * MS, Stalls.Process.PERIODIC, new SplittableRandom(1));
    long first = s.startsIn(0, 1000 * MS)[0];
    assertTrue(first >= 0 && first < 1000 * MS, "the first stall falls inside the first cycle");
    // Work of 50 ms that starts 10 ms before a stall: 10 ms, then the 200 ms pause, then 40 ms.
    assertEquals(first + 240 * MS, s.finish(first - 10 * MS, 50 * MS));
    // Work that starts inside a stall waits for its end.
    assertEquals(first + 205 * MS, s.finish(first + 100 * MS, 5 * MS));
    // Work between stalls is not touched.
    assertEquals(first + 400 * MS, s.finish(first + 300 * MS, 100 * MS));
    // Work spanning two stalls pauses for both: 700 ms, pause, 800 ms, pause, 100 ms.
    assertEquals(first + 2300 * MS, s.finish(first + 300 * MS, 1600 * MS));
  }

  @Test
  void periodicStallsComeExactlyOnePeriodApart() {
    Stalls s =
        new Stalls(
            10 * MS, 35_000 * MS, 35_000 * MS, Stalls.Process.PERIODIC, new SplittableRandom(7));
    long[] starts = s.startsIn(0, 1_000_000 * MS);
    assertTrue(
        starts.length >= 28 && starts.length <= 29, "1000 s hold 28 or 29: " + starts.length);
    for (int i = 1; i < starts.length; i++) {
      assertEquals(35_000 * MS, starts[i] - starts[i - 1]);
    }
  }

  @Test
  void rangedAndPoissonGapsHaveTheirMean() {
    long horizon = 100_000_000 * MS; // 100,000 s
    Stalls uniform = Stalls.parse(200, "5-15", Stalls.Process.PERIODIC, new SplittableRandom(3));
    long[] u = uniform.startsIn(0, horizon);
    assertEquals(10_000, u.length, 300, "a gap of 10 s on average");
    long shortest = Long.MAX_VALUE;
    long longest = 0;
    for (int i = 1; i < u.length; i++) {
      shortest = Math.min(shortest, u[i] - u[i - 1]);
      longest = Math.max(longest, u[i] - u[i - 1]);
    }
    assertTrue(shortest >= 5_000 * MS && longest <= 15_000 * MS, shortest + " " + longest);
    Stalls poisson = Stalls.parse(200, "10", Stalls.Process.POISSON, new SplittableRandom(3));
    assertEquals(10_000, poisson.startsIn(0, horizon).length, 400);
  }

  @Test
  void theSameSeedGivesTheSameStalls() {
    long[] a =
        Stalls.parse(200, "5-15", Stalls.Process.PERIODIC, new SplittableRandom(9))
            .startsIn(0, 600_000 * MS);
    long[] b =
        Stalls.parse(200, "5-15", Stalls.Process.PERIODIC, new SplittableRandom(9))
            .startsIn(0, 600_000 * MS);
    assertArrayEquals(a, b);
  }

  @Test
  void theSimulatedStoreReadsItsStallsFromProperties() throws Exception {
    Properties p = new Properties();
    assertFalse(Mm1DB.stalls(p, 1).any(), "no mm1.stall_ms: none");
    p.setProperty(Mm1DB.STALL_MS, "200");
    DBException missing = assertThrows(DBException.class, () -> Mm1DB.stalls(p, 1));
    assertTrue(missing.getMessage().contains(Mm1DB.STALL_EVERY_S), missing.getMessage());
    p.setProperty(Mm1DB.STALL_EVERY_S, "0.1");
    DBException bad = assertThrows(DBException.class, () -> Mm1DB.stalls(p, 1));
    assertTrue(bad.getMessage().contains("0.1"), bad.getMessage());
    p.setProperty(Mm1DB.STALL_EVERY_S, "35");
    p.setProperty(Mm1DB.STALL_PROCESS, "weekly");
    assertThrows(DBException.class, () -> Mm1DB.stalls(p, 1));
    p.setProperty(Mm1DB.STALL_PROCESS, "poisson");
    assertEquals(35, Mm1DB.stalls(p, 1).meanGapSeconds(), 1e-9);
    Properties other = (Properties) p.clone();
    other.setProperty("docsearch.arrivals.seed", "8");
    assertFalse(
        Arrays.equals(
            Mm1DB.stalls(p, 1).startsIn(0, 600_000 * MS),
            Mm1DB.stalls(other, 1).startsIn(0, 600_000 * MS)),
        "each step's arrival seed moves its stalls");
  }

  @Test
  void noStallsAndBadSettings() {
    assertFalse(Stalls.parse(0, null, Stalls.Process.PERIODIC, new SplittableRandom(1)).any());
    assertEquals(123, Stalls.NONE.finish(100, 23));
    assertThrows(
        IllegalArgumentException.class,
        () -> Stalls.parse(200, "0.1", Stalls.Process.PERIODIC, new SplittableRandom(1)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Stalls.parse(200, "15-5", Stalls.Process.PERIODIC, new SplittableRandom(1)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Stalls.parse(200, "x", Stalls.Process.PERIODIC, new SplittableRandom(1)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Stalls.parse(-1, "35", Stalls.Process.PERIODIC, new SplittableRandom(1)));
  }

  /**
   * Stalls after every so many requests: the server stalls as the N-th request starts, that request
   * and every one behind it wait, and the stall is listed where it began.
   */
  @Test
  void stallsAfterEverySoManyRequests() {
    Stalls s = Stalls.parse(200, "4", Stalls.Process.OPERATIONS, new SplittableRandom(5));
    assertTrue(s.any());
    assertEquals(0, s.meanGapSeconds(), "no gap in seconds: it follows the requests");
    List<Long> stalledAt = new ArrayList<>();
    for (long i = 0; i < 12; i++) {
      long start = i * 1000 * MS;
      long done = s.finish(start, MS);
      if (done - start > MS) {
        assertEquals(200 * MS + MS, done - start, "a stall and the request's own work");
        stalledAt.add(start);
      }
    }
    assertEquals(3, stalledAt.size(), "one stall every four requests");
    assertEquals(4_000 * MS, stalledAt.get(1) - stalledAt.get(0));
    assertEquals(
        stalledAt,
        Arrays.stream(s.startsIn(0, 12_000 * MS)).boxed().toList(),
        "listed where they began");
    assertThrows(
        IllegalArgumentException.class,
        () -> Stalls.parse(200, "4.5", Stalls.Process.OPERATIONS, new SplittableRandom(1)));
    assertThrows(
        IllegalArgumentException.class,
        () -> Stalls.parse(200, "2-8", Stalls.Process.OPERATIONS, new SplittableRandom(1)));
  }
}
