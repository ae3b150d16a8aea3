package io.github.ycsbdocsearch.sweep.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.data.DocumentGenerator;
import io.github.ycsbdocsearch.common.data.Vocabulary;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog.Outcome;
import io.github.ycsbdocsearch.common.workload.MemoryDb;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.sweep.phase.WriteCheck.Write;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The checker's power, shown on fake stores whose faults are known: one that drops k acknowledged
 * keys gives lost = k; one that keeps an older version gives stale; a read that times out is
 * read-back failed and the loss unknown, never "present" and never 0; indeterminate writes are
 * allowed either way; a later write's value is not a loss.
 */
class WriteCheckTest {

  /**
   * A store in memory: what the writes below put there, minus what a test drops or rolls back.
   * Reads of the keys in {@code failing} answer an error (a timeout) every time.
   */
  static class FakeStore extends MemoryDb {
    final Set<String> failing = new HashSet<>();
    final AtomicInteger reads = new AtomicInteger();

    @Override
    public Status read(
        String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      reads.incrementAndGet();
      return failing.contains(key)
          ? new Status("ERROR", "read timed out")
          : super.read(table, key, fields, result);
    }
  }

  private final AtomicLong clock = new AtomicLong(1_000_000);

  private WriteCheck checker(long patienceMs) {
    // The fake clock moves on at every pause of the checker: no test waits in real time.
    return new WriteCheck("t", patienceMs, 0, () -> clock.addAndGet(100), 0, 0);
  }

  private static Write insert(String key, Map<String, String> doc, long at, Outcome o) {
    return new Write("INSERT", key, AckedWriteLog.digests(doc), at, at + 2, o, 0);
  }

  private static Write update(String key, Map<String, String> doc, long sent, long answered) {
    return new Write("UPDATE", key, AckedWriteLog.digests(doc), sent, answered, Outcome.ACKED, 0);
  }

  private static Map<String, String> doc(String key, int version) {
    return Map.of("field0", key + "-a-" + version, "field1", key + "-b-" + version);
  }

  /** n keys inserted and acknowledged, one each, into the store. */
  private static List<Write> inserted(FakeStore store, int n) {
    List<Write> writes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String key = "user" + i;
      Map<String, String> doc = doc(key, 0);
      store.data.put(key, new HashMap<>(doc));
      writes.add(insert(key, doc, 10L * i, Outcome.ACKED));
    }
    return writes;
  }

  @Test
  void aStoreThatDropsKAcknowledgedKeysLosesExactlyK() {
    for (int k : new int[] {0, 1, 7, 50}) {
      FakeStore store = new FakeStore();
      List<Write> writes = inserted(store, 50);
      for (int i = 0; i < k; i++) {
        store.data.remove("user" + i);
      }
      WriteCheck.Result r = checker(5_000).check(writes, store, Set.of(), key -> false);
      assertEquals(k, r.total().lost(), "dropped " + k);
      assertEquals(50 - k, r.total().ok());
      assertEquals(50, r.total().acknowledged());
      assertEquals(0, r.total().stale());
      assertTrue(r.known());
      assertEquals("lost " + k + " of 50", r.verdict());
      assertEquals(Math.min(k, WriteCheck.KEYS_KEPT), r.lostKeys().size());
    }
  }

  @Test
  void aStoreThatReturnsAnOlderVersionIsStaleNotOk() {
    FakeStore store = new FakeStore();
    List<Write> writes = inserted(store, 10);
    // Every key updated twice, one after the other, both acknowledged; the store kept the second.
    for (int i = 0; i < 10; i++) {
      String key = "user" + i;
      writes.add(update(key, doc(key, 1), 1000 + i, 1001 + i));
      writes.add(update(key, doc(key, 2), 2000 + i, 2001 + i));
      store.data.put(key, new HashMap<>(doc(key, 2)));
    }
    // Three keys rolled back to version 1, two to the inserted version 0: an older value.
    for (int i = 0; i < 3; i++) {
      store.data.put("user" + i, new HashMap<>(doc("user" + i, 1)));
    }
    for (int i = 3; i < 5; i++) {
      store.data.put("user" + i, new HashMap<>(doc("user" + i, 0)));
    }
    WriteCheck.Result r = checker(5_000).check(writes, store, Set.of(), key -> false);
    FaultSummary.WriteCounts updates = r.byOperation().get("UPDATE");
    assertEquals(20, updates.acknowledged());
    // Version 2 is stale on 5 keys; version 1 on the 2 keys back at version 0 (on the other 3 it
    // is what was read: ok).
    assertEquals(7, updates.stale(), r.toString());
    assertEquals(0, updates.lost());
    assertEquals(13, updates.ok());
    assertEquals(
        0, r.byOperation().get("INSERT").stale(), "a later value is no loss of the insert");
    assertEquals("lost 0 of 30 (stale 7)", r.verdict());
  }

  @Test
  void aReadThatTimesOutIsReadBackFailedAndTheLossUnknown() {
    FakeStore store = new FakeStore();
    List<Write> writes = inserted(store, 20);
    store.failing.add("user3");
    WriteCheck.Result r = checker(60_000).check(writes, store, Set.of(), key -> false);
    assertEquals(1, r.total().readBackFailed(), "the key whose read timed out");
    assertEquals(0, r.total().lost(), "a failed read is not an absent key");
    assertEquals(19, r.total().ok(), "and not a present one");
    assertFalse(r.known());
    assertEquals("lost: unknown (1 of 20 unread)", r.verdict());
  }

  @Test
  void readsThatKeepFailingStopAfterThePatienceAndLeaveTheRestUnread() {
    FakeStore store = new FakeStore();
    List<Write> writes = inserted(store, 100);
    for (int i = 0; i < 100; i++) {
      store.failing.add("user" + i);
    }
    WriteCheck.Result r = checker(1_000).check(writes, store, Set.of(), key -> false);
    assertEquals(100, r.total().readBackFailed());
    assertEquals(0, r.total().lost());
    assertEquals("lost: unknown (100 of 100 unread)", r.verdict());
    assertNotNull(r.readBackError(), "why the rest was not read");
    assertTrue(store.reads.get() < 100, "not every key waited for: " + store.reads.get());
  }

  @Test
  void aStoreThatCannotBeReachedLeavesEveryAcknowledgedWriteUnread() {
    FakeStore store = new FakeStore();
    List<Write> writes = inserted(store, 5);
    writes.add(insert("user99", doc("user99", 0), 99, Outcome.INDETERMINATE));
    WriteCheck.Result r = WriteCheck.unreachable(writes, "connection refused");
    assertEquals(5, r.total().readBackFailed());
    assertEquals(1, r.total().indeterminate());
    assertEquals("lost: unknown (5 of 5 unread)", r.verdict());
    assertEquals("connection refused", r.readBackError());
  }

  @Test
  void indeterminateWritesAreAllowedEitherWay() {
    FakeStore store = new FakeStore();
    List<Write> writes = new ArrayList<>();
    // An insert that timed out and is absent, one that timed out and is there: neither is checked.
    writes.add(insert("gone", doc("gone", 0), 1, Outcome.INDETERMINATE));
    store.data.put("there", new HashMap<>(doc("there", 0)));
    writes.add(insert("there", doc("there", 0), 2, Outcome.INDETERMINATE));
    // An acknowledged insert overwritten by an update that timed out, sent before the insert's
    // answer came: its value is allowed.
    store.data.put("k", new HashMap<>(doc("k", 5)));
    writes.add(insert("k", doc("k", 0), 10, Outcome.ACKED));
    writes.add(
        new Write(
            "UPDATE", "k", AckedWriteLog.digests(doc("k", 5)), 5, 9, Outcome.INDETERMINATE, 0));
    WriteCheck.Result r = checker(5_000).check(writes, store, Set.of(), key -> false);
    assertEquals(1, r.total().acknowledged());
    assertEquals(1, r.total().ok(), r.toString());
    assertEquals(3, r.total().indeterminate());
    assertEquals(1, store.reads.get(), "keys with only indeterminate writes are not read");
  }

  @Test
  void concurrentAcknowledgedWritesMayEndEitherWayButAnEarlierOneMayNotWin() {
    FakeStore store = new FakeStore();
    store.data.put("k", new HashMap<>(doc("k", 1)));
    // Version 1 answered after version 2 was sent: they overlap, so 1 may be the last.
    List<Write> overlap =
        List.of(update("k", doc("k", 1), 100, 300), update("k", doc("k", 2), 200, 250));
    WriteCheck.Result r = checker(5_000).check(overlap, store, Set.of(), key -> false);
    assertEquals(2, r.total().ok(), r.toString());
    // Version 1 answered before version 2 was sent: version 2 must be there.
    List<Write> ordered =
        List.of(update("k", doc("k", 1), 100, 150), update("k", doc("k", 2), 200, 250));
    WriteCheck.Result s = checker(5_000).check(ordered, store, Set.of(), key -> false);
    assertEquals(1, s.total().stale(), s.toString());
    assertEquals(1, s.total().ok());
  }

  @Test
  void anUpdateOfOneFieldIsJudgedOnThatField() {
    FakeStore store = new FakeStore();
    Map<String, String> loaded = doc("k", 0);
    store.data.put("k", new HashMap<>(loaded));
    store.data.get("k").put("field1", "k-b-9");
    List<Write> writes =
        List.of(
            update("k", Map.of("field1", "k-b-9"), 10, 11),
            update("k", Map.of("field0", "new"), 20, 21));
    WriteCheck.Result r = checker(5_000).check(writes, store, Set.of(), key -> false);
    assertEquals(1, r.total().ok());
    assertEquals(1, r.total().stale(), "field0 still holds its loaded value");
  }

  private static Write write(
      String key, Map<String, String> doc, long sent, long answered, Outcome o, int client) {
    return new Write("UPDATE", key, AckedWriteLog.digests(doc), sent, answered, o, client);
  }

  @Test
  void aLostUpdateFollowedByALaterWriteIsReportedLost() {
    FakeStore store = new FakeStore();
    Map<String, String> loaded = doc("k", 0);
    // The update of field0 was acknowledged and lost in the failover; the later update of field1
    // took effect on the new primary. The key is there and has changed since, yet field0 holds
    // the loaded value: nothing that may have come after the update explains it.
    Map<String, String> now = new HashMap<>(loaded);
    now.put("field1", "k-b-after");
    store.data.put("k", now);
    Write lost = update("k", Map.of("field0", "k-a-lost"), 100, 110);
    Write later = update("k", Map.of("field1", "k-b-after"), 500, 510);
    List<Write> writes = List.of(insert("k", loaded, 10, Outcome.ACKED), lost, later);
    WriteCheck.Result r = checker(5_000).check(writes, store, Set.of(), key -> false);
    assertEquals(WriteCheck.Kind.STALE, r.kinds().get(lost), r.toString());
    assertEquals(WriteCheck.Kind.OK, r.kinds().get(later));
    assertEquals(List.of("k"), r.lostKeys());
    assertEquals("lost 0 of 3 (stale 1)", r.verdict());
  }

  @Test
  void theLostTailOfAHotKeysUpdatesIsStaleByTheWorkloadsOwnValues() {
    // The workload's values: one client's version sequence, which leads each field it writes.
    DocumentGenerator g =
        new DocumentGenerator(
            1,
            new Vocabulary(1, 100, 1.0),
            new SearchSchema("title", "rank"),
            "field",
            1,
            100,
            2,
            4);
    Map<String, String> loaded = g.document(0, 0);
    List<Write> writes = new ArrayList<>(List.of(insert("k", loaded, 0, Outcome.ACKED)));
    long origin = 1L << 40;
    for (int i = 0; i < 50; i++) {
      long sent = 100L * (i + 1);
      writes.add(update("k", Map.of("field0", g.fieldValue(0, origin + i, 0)), sent, sent + 5));
    }
    // The failover kept the key as the 40th update left it: the last ten were lost.
    FakeStore store = new FakeStore();
    Map<String, String> now = new HashMap<>(loaded);
    now.put("field0", g.fieldValue(0, origin + 39, 0));
    store.data.put("k", now);
    WriteCheck.Result r = checker(5_000).check(writes, store, Set.of(), key -> false);
    assertEquals(10, r.total().stale(), r.toString());
    assertEquals(41, r.total().ok());
    for (Write w : writes.subList(41, 51)) {
      assertEquals(WriteCheck.Kind.STALE, r.kinds().get(w));
    }
  }

  @Test
  void aWriteTheStoreRefusedNeverExplainsAValue() {
    FakeStore store = new FakeStore();
    store.data.put("k", new HashMap<>(doc("k", 0)));
    Write acked = update("k", doc("k", 1), 100, 110);
    // Sent after the acknowledged one with the value the store holds: indeterminate, it may have
    // taken effect (ok); refused for certain (NOT_FOUND), it did not (stale).
    for (Outcome o : new Outcome[] {Outcome.INDETERMINATE, Outcome.FAILED}) {
      Write other = write("k", doc("k", 0), 200, 210, o, 0);
      WriteCheck.Result r =
          checker(5_000).check(List.of(acked, other), store, Set.of(), key -> false);
      WriteCheck.Kind expected = o == Outcome.FAILED ? WriteCheck.Kind.STALE : WriteCheck.Kind.OK;
      assertEquals(expected, r.kinds().get(acked), o + ": " + r);
      assertEquals(o == Outcome.FAILED ? 0 : 1, r.total().indeterminate(), "counted apart");
    }
  }

  @Test
  void twoClientsWritesCloserThanTheirClocksMayBeApartAreConcurrent() {
    FakeStore store = new FakeStore();
    store.data.put("k", new HashMap<>(doc("k", 1)));
    // By the stamps, version 1 was answered 3 ms before version 2 was sent, so version 2 should
    // be there. Stamped by one clock, that holds; by two clocks up to 5 ms apart, it does not.
    for (int client : new int[] {0, 1}) {
      for (long slack : new long[] {0, 5}) {
        Write first = write("k", doc("k", 1), 90, 100, Outcome.ACKED, client);
        Write second = write("k", doc("k", 2), 103, 110, Outcome.ACKED, 0);
        WriteCheck.Result r =
            new WriteCheck("t", 5_000, 0, () -> clock.addAndGet(100), slack, 0)
                .check(List.of(first, second), store, Set.of(), key -> false);
        boolean concurrent = client != 0 && slack >= 3;
        assertEquals(
            concurrent ? WriteCheck.Kind.OK : WriteCheck.Kind.STALE,
            r.kinds().get(second),
            "client " + client + ", slack " + slack + ": " + r);
      }
    }
  }

  @Test
  void aLostKeyIsReadAgainAfterTheSettleDelayAndAFlipIsReported() {
    // A store whose first answer for user1 comes from a copy that has not caught up.
    FakeStore lagging =
        new FakeStore() {
          final Set<String> seen = new HashSet<>();

          @Override
          public Status read(
              String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
            return key.equals("user1") && seen.add(key)
                ? Status.NOT_FOUND
                : super.read(table, key, fields, result);
          }
        };
    List<Write> writes = inserted(lagging, 5);
    lagging.data.remove("user3"); // really lost: absent both times
    WriteCheck.Result r =
        new WriteCheck("t", 5_000, 0, () -> clock.addAndGet(100), 0, 0)
            .check(writes, lagging, Set.of(), key -> false);
    assertEquals(List.of("user1"), r.flippedKeys());
    assertEquals(1, r.total().lost(), "the second read counts: user1 is there");
    assertEquals(List.of("user3"), r.lostKeys());
    assertEquals("lost 1 of 5; 1 keys changed on the second read", r.verdict());
  }
}
