package io.github.ycsbdocsearch.common.workload;

import static io.github.ycsbdocsearch.common.workload.WorkloadDriver.workload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SetupException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
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
      log.record("INSERT", "user1", Map.of("field0", "a", "f=x", "b\tc"), 10, 12, true);
      log.record("UPDATE", "user1", Map.of("field0", "z"), 20, 25, false);
    }
    List<AckedWriteLog.Entry> read = AckedWriteLog.read(file);
    assertEquals(2, read.size());
    assertEquals(
        new AckedWriteLog.Entry(
            "INSERT",
            "user1",
            Map.of("field0", AckedWriteLog.digest("a"), "f=x", AckedWriteLog.digest("b\tc")),
            10,
            12,
            true),
        read.get(0));
    assertFalse(read.get(1).acked(), "an error is indeterminate");
    assertTrue(AckedWriteLog.open(" ") == null, "no property, no log");
  }

  @Test
  void aMalformedLineIsOneClearError() throws Exception {
    Path file = dir.resolve("bad.tsv");
    Files.writeString(file, "INSERT\tuser1\t10\t12\tA\tfield0=1\nUPDATE\tuser1\tten\n");
    SetupException e = assertThrows(SetupException.class, () -> AckedWriteLog.read(file));
    assertTrue(e.getMessage().contains("line 2 is malformed"), e.getMessage());
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
    List<AckedWriteLog.Entry> log = AckedWriteLog.read(file);
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
      last.put(e.key(), new AckedWriteLog.Entry(e.op(), e.key(), merged, 0, 0, true));
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
