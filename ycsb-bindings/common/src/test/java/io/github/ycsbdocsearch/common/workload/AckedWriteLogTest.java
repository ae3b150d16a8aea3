package io.github.ycsbdocsearch.common.workload;

import static io.github.ycsbdocsearch.common.workload.WorkloadDriver.workload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog.Outcome;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * The clients' log of their writes: what is written is read back the same, and the workload logs
 * every insert and update it sends (with its answer), so the durability check knows the value each
 * key must hold.
 */
class AckedWriteLogTest {

  @TempDir Path dir;

  /** The store in memory; every third update answers an error after it was applied. */
  static final class FlakyDb extends MemoryDb {
    int updates;

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      Status s = super.update(t, k, v);
      return ++updates % 3 == 0 ? new Status("ERROR", "timed out") : s;
    }
  }

  @Test
  void whatIsLoggedIsReadBackTheSame() {
    Path file = dir.resolve("log.tsv");
    try (AckedWriteLog log = AckedWriteLog.open(file.toString())) {
      log.record("INSERT", "user1", Map.of("field0", "a", "f=x", "b\tc"), 10, 12, Outcome.ACKED);
      log.record("UPDATE", "user1", Map.of("field0", "z"), 20, 25, Outcome.INDETERMINATE);
    }
    AckedWriteLog.Reading reading = AckedWriteLog.read(file);
    assertTrue(reading.whole(), reading.problem());
    List<AckedWriteLog.Entry> read = reading.entries();
    assertEquals(2, read.size());
    assertEquals(
        new AckedWriteLog.Entry(
            "INSERT",
            "user1",
            Map.of("field0", AckedWriteLog.digest("a"), "f=x", AckedWriteLog.digest("b\tc")),
            10,
            12,
            Outcome.ACKED),
        read.get(0));
    assertEquals(Outcome.INDETERMINATE, read.get(1).outcome(), "an error is indeterminate");
    assertTrue(AckedWriteLog.open(" ") == null, "no property, no log");
  }

  @Test
  void aDefiniteFailureIsLoggedApartFromAnIndeterminateOne() {
    assertEquals(Outcome.ACKED, Outcome.of(Status.OK));
    assertEquals(Outcome.FAILED, Outcome.of(Status.NOT_FOUND), "the key was not there");
    assertEquals(Outcome.FAILED, Outcome.of(Status.BAD_REQUEST), "refused as invalid");
    assertEquals(Outcome.INDETERMINATE, Outcome.of(Status.ERROR), "may hide a write done");
    assertEquals(Outcome.INDETERMINATE, Outcome.of(Status.SERVICE_UNAVAILABLE));
    assertEquals(Outcome.INDETERMINATE, Outcome.of(new Status("ERROR", "read timed out")));
    Path file = dir.resolve("failed.tsv");
    try (AckedWriteLog log = AckedWriteLog.open(file.toString())) {
      log.record("UPDATE", "user9", Map.of("field0", "z"), 20, 25, Outcome.FAILED);
    }
    AckedWriteLog.Reading reading = AckedWriteLog.read(file);
    assertTrue(reading.whole(), reading.problem());
    assertEquals(Outcome.FAILED, reading.entries().get(0).outcome());
  }

  @Test
  void aMalformedLineIsNamedAndTheLogIsNotWhole() throws Exception {
    Path file = dir.resolve("bad.tsv");
    String lines = "INSERT\tuser1\t10\t12\tA\tfield0=1\nUPDATE\tuser1\tten\n";
    Files.writeString(file, lines + AckedWriteLog.trailer(2, crc(lines)));
    assertNotWhole(file, "line 2 is malformed", 1); // the well-formed line is kept
  }

  @Test
  void aLogCutInItsLastLineIsNotWhole() throws Exception {
    Path file = writeThree();
    byte[] all = Files.readAllBytes(file);
    String text = new String(all, StandardCharsets.UTF_8);
    int thirdLine = text.indexOf("UPDATE\tuser3");
    Files.write(file, Arrays.copyOf(all, thirdLine + 10)); // killed mid-line: no trailer either
    assertNotWhole(file, "last line is cut", 2); // the cut line is no write, not a wrong digest
  }

  @Test
  void aLogCutAtALineEndHasNoTrailerAndIsNotWhole() throws Exception {
    Path file = writeThree();
    String text = Files.readString(file);
    Files.writeString(file, text.substring(0, text.indexOf("UPDATE\tuser3")));
    assertNotWhole(file, "no trailer", 2);
    Files.writeString(file, "");
    assertFalse(AckedWriteLog.read(file).whole(), "an empty file is not an empty log");
  }

  @Test
  void aTrailerThatDisagreesWithItsLinesIsNotWhole() throws Exception {
    Path file = writeThree();
    String text = Files.readString(file);
    int second = text.indexOf("INSERT\tuser2");
    Files.writeString(
        file, text.substring(0, second) + text.substring(text.indexOf('\n', second) + 1));
    assertNotWhole(file, "disagrees", 2); // a line lost in the middle
  }

  @Test
  void aWriteErrorIsRememberedTheTrailerNeverWrittenAndTheCloseFails() throws Exception {
    Path file = dir.resolve("full.tsv");
    // A disk that fills after 60 bytes: the first line (about 50) fits, the second does not.
    OutputStream disk =
        new FilterOutputStream(Files.newOutputStream(file)) {
          int written;

          @Override
          public void write(int b) throws IOException {
            if (++written > 60) {
              throw new IOException("No space left on device");
            }
            super.write(b);
          }
        };
    AckedWriteLog log = new AckedWriteLog(disk, null);
    log.record("INSERT", "user1", Map.of("field0", "a"), 10, 12, Outcome.ACKED);
    log.record("INSERT", "user2", Map.of("field0", "b"), 13, 14, Outcome.ACKED);
    log.record("INSERT", "user3", Map.of("field0", "c"), 15, 16, Outcome.ACKED);
    SetupException e = assertThrows(SetupException.class, log::close);
    assertTrue(e.getMessage().contains("No space left"), e.getMessage());
    // No trailer after a write error; the second line is cut, the third never written.
    assertNotWhole(file, "last line is cut", 1);
  }

  @Test
  void aCloseThatCannotFlushLeavesNoTrailer() throws Exception {
    Path file = dir.resolve("close.tsv");
    OutputStream failingFlush =
        new FilterOutputStream(Files.newOutputStream(file)) {
          @Override
          public void flush() throws IOException {
            throw new IOException("Input/output error");
          }
        };
    AckedWriteLog log = new AckedWriteLog(new BufferedOutputStream(failingFlush), null);
    log.record("INSERT", "user1", Map.of("field0", "a"), 10, 12, Outcome.ACKED);
    assertThrows(SetupException.class, log::close);
    assertFalse(AckedWriteLog.read(file).whole());
  }

  /** Asserts the log is not whole, for the reason named, and keeps {@code kept} writes. */
  private static void assertNotWhole(Path file, String why, int kept) {
    AckedWriteLog.Reading r = AckedWriteLog.read(file);
    assertFalse(r.whole(), file + " read as whole");
    assertTrue(r.problem().contains(why), r.problem());
    assertEquals(kept, r.entries().size(), "writes kept");
  }

  /** A whole log of three writes. */
  private Path writeThree() {
    Path file = dir.resolve("three.tsv");
    try (AckedWriteLog log = AckedWriteLog.open(file.toString())) {
      log.record("INSERT", "user1", Map.of("field0", "a"), 10, 12, Outcome.ACKED);
      log.record("INSERT", "user2", Map.of("field0", "b"), 13, 14, Outcome.ACKED);
      log.record("UPDATE", "user3", Map.of("field0", "c"), 15, 16, Outcome.INDETERMINATE);
    }
    assertTrue(AckedWriteLog.read(file).whole());
    return file;
  }

  private static long crc(String text) {
    CRC32 c = new CRC32();
    c.update(text.getBytes(StandardCharsets.UTF_8));
    return c.getValue();
  }

  @Test
  void theWorkloadLogsEveryInsertAndUpdateWithItsAnswer() throws Exception {
    Measurements.setProperties(new Properties());
    FlakyDb db = new FlakyDb();
    Properties p =
        WorkloadDriver.with(
            new Properties(),
            "recordcount",
            "50",
            "operationcount",
            "400",
            "readproportion",
            "0.2",
            "updateproportion",
            "0.4",
            "insertproportion",
            "0.2",
            "readmodifywriteproportion",
            "0.2");
    DocSearchWorkload loader = workload(WorkloadDriver.with((Properties) p.clone()));
    Object state = loader.initThread(p, 0, 1);
    for (int i = 0; i < 50; i++) {
      assertTrue(loader.doInsert(db, state));
    }
    Path file = dir.resolve(AckedWriteLog.FILE_NAME);
    Properties step = (Properties) p.clone();
    step.setProperty(AckedWriteLog.FILE_PROPERTY, file.toString());
    step.setProperty(KeyLayout.INSERT_START, "50");
    DocSearchWorkload w = workload(step);
    Object s = w.initThread(step, 0, 1);
    for (int i = 0; i < 400; i++) {
      w.doTransaction(db, s);
    }
    w.cleanup();
    AckedWriteLog.Reading reading = AckedWriteLog.read(file);
    assertTrue(reading.whole(), reading.problem());
    List<AckedWriteLog.Entry> log = reading.entries();
    long inserts = log.stream().filter(e -> e.op().equals("INSERT")).count();
    long updates = log.stream().filter(e -> e.op().equals("UPDATE")).count();
    assertEquals(
        db.updates, updates, "every update (READ-MODIFY-WRITE's too), whatever it answered");
    assertEquals(db.data.size() - 50, inserts, "every insert of the step, none of the load");
    assertEquals(updates / 3, log.stream().filter(e -> !e.acked()).count(), "errors noted");
    // One thread, so each key's last logged write is the value it holds now.
    Map<String, AckedWriteLog.Entry> last = new HashMap<>();
    for (AckedWriteLog.Entry e : log) {
      AckedWriteLog.Entry before = last.get(e.key());
      Map<String, Long> merged = new HashMap<>(before == null ? Map.of() : before.fields());
      merged.putAll(e.fields());
      last.put(e.key(), new AckedWriteLog.Entry(e.op(), e.key(), merged, 0, 0, Outcome.ACKED));
      assertTrue(e.sentMs() <= e.answeredMs());
    }
    last.forEach(
        (key, e) ->
            e.fields()
                .forEach(
                    (f, d) ->
                        assertEquals(
                            (long) d,
                            AckedWriteLog.digest(db.data.get(key).get(f)),
                            key + " " + f)));
  }
}
