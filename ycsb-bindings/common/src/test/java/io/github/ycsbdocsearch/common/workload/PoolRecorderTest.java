package io.github.ycsbdocsearch.common.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.PoolOccupancy;
import org.junit.jupiter.api.Test;

/**
 * The pool's record on a virtual clock: a hand-made schedule of two threads whose every send,
 * return and wait is known, so each second's integrals and most are known to the nanosecond.
 */
class PoolRecorderTest {

  /** The schedule starts 250 ms into an epoch second, at this nanoTime. */
  private static final long START_NANOS = 7_000_000_000L;

  private static final long START_EPOCH_MS = 1_767_225_600_250L;
  private static final long MS = 1_000_000L;
  private static final long S = 1_000_000_000L;

  /**
   * The instant {@code ms} milliseconds after the start of the epoch second the schedule began in.
   */
  private static long at(long ms) {
    return START_NANOS - 250 * MS + ms * MS;
  }

  /**
   * Two threads. A: due and sent at 300 ms, back at 500. B: due 400, sent 450, back at 2,250. C:
   * due and sent 600, never back. D: due 1,200, sent at 2,250 when B's thread is free, back 2,750.
   * F: due 1,500, sent 2,750, back 3,250. E: due 2,900, never sent (the stop at 3,000). The
   * recording ends at 3,500 with C still busy.
   */
  @Test
  void eachSecondsIntegralsAndMostAreExact() {
    PoolRecorder r = new PoolRecorder(START_NANOS, START_EPOCH_MS);
    r.sent(at(300), at(300), 1); // A
    r.sent(at(400), at(450), 2); // B
    r.completed(at(500)); // A
    r.sent(at(600), at(600), 2); // C
    r.sent(at(1200), at(2250), 2); // D, after B's return below (the order of calls is free)
    r.completed(at(2250)); // B
    r.sent(at(1500), at(2750), 2); // F
    r.completed(at(2750)); // D
    r.completed(at(3250)); // F
    r.unsent(at(2900), at(3000)); // E
    PoolOccupancy p = r.finish(at(3500), 1, 2);

    assertEquals(PoolOccupancy.FORMAT, p.format());
    assertEquals(2, p.threads());
    assertEquals(START_EPOCH_MS, p.startEpochMs());
    assertEquals(1_767_225_600L, p.firstEpochS());
    assertEquals(1_767_225_603_500L, p.endEpochMs());
    assertEquals(4, p.seconds());
    // Second 0: A 0.2 + B 0.55 + C 0.4; 1: B and C; 2: B 0.25 + C + D 0.5 + F 0.25; 3: C until
    // the end (0.5) + F 0.25.
    assertArrayEquals(new long[] {1150 * MS, 2 * S, 2 * S, 750 * MS}, p.busyNs());
    // Second 1 has no send: its most is the two carried in from second 0.
    assertArrayEquals(new long[] {2, 2, 2, 2}, p.busyMax());
    // Second 0: B's 50 ms; 1: D 0.8 + F 0.5; 2: D 0.25 + F 0.75 + E until the stop 0.1.
    assertArrayEquals(new long[] {50 * MS, 1300 * MS, 1100 * MS, 0}, p.waitingNs());
    assertFalse(p.whole(0), "begun 250 ms in");
    assertTrue(p.whole(1) && p.whole(2));
    assertFalse(p.whole(3), "ended 500 ms in");
  }

  /** The most at a send beats what was carried in, and one carried in beats a lower send. */
  @Test
  void theMostIsTheLargerOfTheCarriedInAndTheSends() {
    PoolRecorder r = new PoolRecorder(START_NANOS, START_EPOCH_MS);
    r.sent(at(300), at(300), 1);
    r.sent(at(310), at(310), 2);
    r.sent(at(320), at(320), 3);
    r.completed(at(900));
    r.completed(at(950));
    r.sent(at(1100), at(1100), 2); // second 1: 1 carried in, 2 at this send
    r.completed(at(1200));
    r.completed(at(2100)); // second 2: 1 carried in, no send
    PoolOccupancy p = r.finish(at(2500), 0, 3);
    assertArrayEquals(new long[] {3, 2, 1}, p.busyMax());
    // Second 0: one busy 300-310, two to 320, three to 900, two to 950, one to the end.
    assertArrayEquals(
        new long[] {(10 + 2 * 10 + 3 * 580 + 2 * 50 + 50) * MS, (1000 + 100) * MS, 100 * MS},
        p.busyNs());
  }

  /** Storage grows in blocks: a request across a block's end counts on both sides of it. */
  @Test
  void aRequestAcrossABlocksEndIsSplitExactly() {
    PoolRecorder r = new PoolRecorder(START_NANOS, START_EPOCH_MS);
    long edge = PoolRecorder.BLOCK_SECONDS * 1000L;
    r.sent(at(edge - 300), at(edge - 200), 1);
    r.completed(at(edge + 400));
    PoolOccupancy p = r.finish(at(edge + 1000), 0, 1);
    int last = PoolRecorder.BLOCK_SECONDS;
    assertEquals(last + 2, p.seconds(), "up to the second the end falls in");
    assertEquals(200 * MS, p.busyNs()[last - 1]);
    assertEquals(400 * MS, p.busyNs()[last]);
    assertEquals(0, p.busyNs()[last + 1]);
    assertEquals(100 * MS, p.waitingNs()[last - 1]);
    assertEquals(1, p.busyMax()[last], "carried into the next block");
    assertEquals(0, p.busyMax()[0]);
  }
}
