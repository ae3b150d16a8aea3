package io.github.ycsbdocsearch.sweep.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog.Outcome;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.sweep.step.ClientExits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The marker stream end to end on a fake store, through what fault.json records: a store that drops
 * acknowledged inserts loses exactly those; a read-back that cannot connect says the loss is
 * unknown, in the record and in the words the progress line and the report print, never 0.
 */
class AckedWritesTest {

  private static Properties props() {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    return p;
  }

  /** Runs the stream for about 400 ms against the store (about 8 inserts). */
  private static AckedWrites streamInto(
      WriteCheckTest.FakeStore store, Supplier<DB> readBack, AtomicBoolean reading) {
    AckedWrites w = new AckedWrites(props(), "t", () -> store, readBack, 1_500, 0, 20, 1, 0);
    w.start();
    LockSupport.parkNanos(400_000_000L);
    w.stop();
    reading.set(true);
    return w;
  }

  @Test
  void aStoreThatDropsAcknowledgedInsertsLosesThoseAndNoMore() {
    WriteCheckTest.FakeStore store = new WriteCheckTest.FakeStore();
    AtomicBoolean reading = new AtomicBoolean();
    AckedWrites w = streamInto(store, () -> store, reading);
    List<String> keys = List.copyOf(store.data.keySet());
    assertTrue(keys.size() >= 3, "inserts acknowledged: " + keys);
    store.data.remove(keys.get(0));
    store.data.remove(keys.get(1));
    FaultSummary.AckedWrites a =
        w.readBack(0, 0, System.currentTimeMillis(), LoadLogs.NONE).record();
    assertEquals(2, a.lost());
    assertEquals(keys.size(), a.acked());
    assertTrue(a.lostKnown());
    assertEquals("lost 2 of " + keys.size(), a.lostInWords());
    FaultSummary.WriteCounts inserts = a.operations().get("INSERT");
    assertEquals(2, inserts.lost());
    assertEquals(keys.size() - 2, inserts.ok());
  }

  @Test
  void aReadBackThatCannotConnectSaysUnknownNotZero() {
    WriteCheckTest.FakeStore store = new WriteCheckTest.FakeStore();
    AtomicBoolean reading = new AtomicBoolean();
    AckedWrites w =
        streamInto(
            store,
            () -> {
              throw new SetupException("connection refused");
            },
            reading);
    long acked = store.data.size();
    assertTrue(acked > 0);
    FaultSummary.AckedWrites a =
        w.readBack(0, 0, System.currentTimeMillis(), LoadLogs.NONE).record();
    assertFalse(a.lostKnown());
    assertEquals(acked, a.readBackFailed());
    assertEquals("lost: unknown (" + acked + " of " + acked + " unread)", a.lostInWords());
    assertNotEquals(0, a.readBackFailed());
    assertTrue(a.error().contains("connection refused"), a.error());
  }

  @Test
  void insertsThatErrorAreIndeterminateNotLost() {
    WriteCheckTest.FakeStore store =
        new WriteCheckTest.FakeStore() {
          private int n;

          @Override
          public Status insert(String table, String key, Map<String, ByteIterator> values) {
            // Every other insert times out after it was applied: either outcome is allowed.
            Status s = super.insert(table, key, new HashMap<>(values));
            return n++ % 2 == 0 ? s : new Status("ERROR", "timed out");
          }
        };
    AtomicBoolean reading = new AtomicBoolean();
    AckedWrites w = streamInto(store, () -> store, reading);
    FaultSummary.AckedWrites a =
        w.readBack(0, 0, System.currentTimeMillis(), LoadLogs.NONE).record();
    FaultSummary.WriteCounts inserts = a.operations().get("INSERT");
    assertTrue(inserts.indeterminate() > 0);
    assertEquals(a.failed(), inserts.indeterminate());
    assertEquals(0, a.lost());
    assertEquals(a.attempted(), inserts.acknowledged() + inserts.indeterminate());
  }

  /**
   * The stream into the store, then the read-back of the markers and of the load's logs in {@code
   * step} (one client's log read).
   */
  private static FaultSummary.AckedWrites withTheLoad(
      WriteCheckTest.FakeStore store, Path step, ClientExits exits) {
    AckedWrites w = streamInto(store, () -> store, new AtomicBoolean());
    LoadLogs load = LoadLogs.read(step, exits);
    assertEquals(1, load.clients());
    return w.readBack(0, 0, System.currentTimeMillis(), load).record();
  }

  /**
   * A store where user2's update v2 was lost (it holds v1) and user3's insert is absent, and one
   * client's log of those writes: as logged, that is one stale and one lost write.
   */
  private static WriteCheckTest.FakeStore storeMissingTwoWrites(Path step) {
    WriteCheckTest.FakeStore store = new WriteCheckTest.FakeStore();
    store.data.put("user1", new HashMap<>(Map.of("field0", "a")));
    store.data.put("user2", new HashMap<>(Map.of("field0", "v1")));
    try (AckedWriteLog log = AckedWriteLog.open(step.resolve(AckedWriteLog.FILE_NAME).toString())) {
      log.record("INSERT", "user1", Map.of("field0", "a"), 10, 11, Outcome.ACKED);
      log.record("UPDATE", "user2", Map.of("field0", "v1"), 20, 21, Outcome.ACKED);
      log.record("UPDATE", "user2", Map.of("field0", "v2"), 30, 31, Outcome.ACKED);
      log.record("INSERT", "user3", Map.of("field0", "c"), 40, 41, Outcome.ACKED);
      log.record("UPDATE", "user4", Map.of("field0", "d"), 50, 51, Outcome.INDETERMINATE);
    }
    return store;
  }

  /** Asserts the load's writes are all unknown, none lost or stale, and the loss unknown. */
  private static void assertLoadUnknown(FaultSummary.AckedWrites a, String why) {
    assertEquals(0, a.lost(), "no write of a log that is not whole is lost or stale");
    assertEquals(0, a.stale());
    assertFalse(a.lostKnown());
    assertTrue(a.lostInWords().startsWith("lost: unknown ("), a.lostInWords());
    assertTrue(a.lostInWords().contains(why), a.lostInWords());
    assertTrue(a.unknown() > 0, "unknown counted");
    assertTrue(a.operations().get("UPDATE").unknown() > 0);
    assertTrue(a.operations().get("INSERT").ok() > 0, "the markers are still checked");
  }

  @Test
  void theLoadsOwnWritesAreCheckedBesideTheMarkers(@TempDir Path step) throws Exception {
    WriteCheckTest.FakeStore store = storeMissingTwoWrites(step);
    FaultSummary.AckedWrites a = withTheLoad(store, step, new ClientExits(Map.of(0, 0)));
    FaultSummary.WriteCounts updates = a.operations().get("UPDATE");
    assertEquals(2, updates.acknowledged());
    assertEquals(1, updates.stale(), "v2 was acknowledged after v1, and v1 is what is there");
    assertEquals(1, updates.indeterminate());
    assertEquals(1, a.operations().get("INSERT").lost(), "user3");
    assertEquals(2, a.lost(), "lost and stale");
    assertTrue(a.lostKnown());
    assertEquals(0L, a.unknown());
  }

  /**
   * The client's log cut {@code extra} bytes after the start of {@code at}, then read back with the
   * store: the load's writes must be unknown, for the reason named.
   */
  private static void assertUnknownWhenCut(Path step, String at, int extra, String why)
      throws Exception {
    WriteCheckTest.FakeStore store = storeMissingTwoWrites(step);
    Path log = step.resolve(AckedWriteLog.FILE_NAME);
    String text = Files.readString(log);
    Files.writeString(log, text.substring(0, text.indexOf(at) + extra));
    assertLoadUnknown(withTheLoad(store, step, new ClientExits(Map.of(0, 0))), why);
  }

  @Test
  void aLogCutInItsLastLineMakesThatClientsWritesUnknown(@TempDir Path step) throws Exception {
    // Killed mid-line: the cut line would otherwise parse as a wrong digest (a false stale).
    assertUnknownWhenCut(step, "INSERT\tuser3", 9, "last line is cut");
  }

  @Test
  void aLogCutAtALineEndMakesThatClientsWritesUnknown(@TempDir Path step) throws Exception {
    // Cut at a line end: user3's insert is dropped, and no trailer says the log is whole.
    assertUnknownWhenCut(step, "INSERT\tuser3", 0, "no trailer");
  }

  @Test
  void aLogAfterAWriteErrorMakesThatClientsWritesUnknown(@TempDir Path step) throws Exception {
    // What a full disk leaves: the lines that fit, and no trailer (AckedWriteLogTest shows the
    // writer never writes one after an error).
    assertUnknownWhenCut(step, "#end", 0, "no trailer");
  }

  @Test
  void aClientThatExitedOtherThanZeroHasItsWritesUnknown(@TempDir Path step) throws Exception {
    WriteCheckTest.FakeStore store = storeMissingTwoWrites(step);
    assertLoadUnknown(
        withTheLoad(store, step, new ClientExits(Map.of(0, 1))), "client 0 exited with code 1");
    assertLoadUnknown(
        withTheLoad(store, step, ClientExits.UNKNOWN), "client 0 did not exit by itself");
  }

  @Test
  void aClientWhoseLogIsMissingMakesTheLossUnknown(@TempDir Path step) throws Exception {
    Files.createDirectories(step.resolve("clients/0"));
    Files.createDirectories(step.resolve("clients/1"));
    Files.writeString(step.resolve("clients/0").resolve(AckedWriteLog.FILE_NAME), "");
    WriteCheckTest.FakeStore store = new WriteCheckTest.FakeStore();
    FaultSummary.AckedWrites a = withTheLoad(store, step, new ClientExits(Map.of(0, 0, 1, 0)));
    assertFalse(a.lostKnown());
    assertTrue(
        a.lostInWords().contains("no log of the load's writes in clients/1/"), a.lostInWords());
    assertTrue(a.lostInWords().contains("clients/0/acked-writes.tsv is not whole"));
  }

  @Test
  void anotherClientsCutLogMakesAStaleValueUnknownButAnAbsentKeyStaysLost(@TempDir Path step)
      throws Exception {
    Path whole = Files.createDirectories(RunLayout.clientDir(step, 0));
    Path cut = Files.createDirectories(RunLayout.clientDir(step, 1));
    WriteCheckTest.FakeStore store = storeMissingTwoWrites(whole);
    // Client 1 was killed: its log has one update of user2 and no trailer.
    Files.writeString(cut.resolve(AckedWriteLog.FILE_NAME), "UPDATE\tuser2\t35\t36\tA\tfield0=1\n");
    AckedWrites w = streamInto(store, () -> store, new AtomicBoolean());
    LoadLogs load = LoadLogs.read(step, new ClientExits(Map.of(0, 0, 1, 0)));
    assertEquals(2, load.clients());
    FaultSummary.AckedWrites a = w.readBack(0, 0, System.currentTimeMillis(), load).record();
    FaultSummary.WriteCounts updates = a.operations().get("UPDATE");
    assertEquals(0, updates.stale(), "a write no whole log holds may have left user2's v1");
    assertEquals(2L, updates.unknown(), "client 0's v2 (stale otherwise) and client 1's update");
    assertEquals(1, updates.ok(), "v1 is there");
    assertEquals(1, a.operations().get("INSERT").lost(), "user3 is absent, whatever was unlogged");
    assertFalse(a.lostKnown());
    assertTrue(a.lostInWords().contains("clients/1/acked-writes.tsv is not whole: no trailer"));
  }
}
