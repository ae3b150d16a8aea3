package io.github.ycsbdocsearch.common.workload;

import static io.github.ycsbdocsearch.common.workload.WorkloadDriver.workload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * Every update a client sends writes a value no other write wrote: its field leads with the write's
 * version, and a client's versions are one sequence shared by its threads. So the durability check
 * tells by a field's value which write it holds, even on a hot key that takes many updates.
 */
class DocSearchWorkloadVersionsTest {
  private static final int THREADS = 2;
  private static final int UPDATES_PER_THREAD = 200;

  @BeforeAll
  static void measurements() {
    Measurements.setProperties(new Properties());
  }

  /** An in-memory store that keeps every updated field's value, in the order they came. */
  static final class RecordingDb extends MemoryDb {
    final Queue<String> written = new ConcurrentLinkedQueue<>();

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      values.values().forEach(v -> written.add(v.toString()));
      return Status.OK;
    }
  }

  @Test
  void everyUpdateOfTwoClientsWritesItsOwnValueAndEachClientsVersionsAreOneSequence()
      throws Exception {
    List<RecordingDb> clients = List.of(new RecordingDb(), new RecordingDb());
    for (int c = 0; c < clients.size(); c++) {
      Properties p =
          WorkloadDriver.with(
              new Properties(),
              "recordcount",
              "5", // five hot keys: every key takes many updates
              "operationcount",
              String.valueOf(THREADS * UPDATES_PER_THREAD),
              "threadcount",
              String.valueOf(THREADS),
              "readproportion",
              "0",
              "updateproportion",
              "1",
              "search.updateindexedfields",
              "false",
              KeyLayout.CLIENTS,
              String.valueOf(clients.size()),
              KeyLayout.CLIENT_INDEX,
              String.valueOf(c));
      DocSearchWorkload w = workload(p);
      RecordingDb db = clients.get(c);
      List<WorkloadDriver.Task> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        Object state = w.initThread(p, t, THREADS);
        threads.add(
            () -> {
              for (int i = 0; i < UPDATES_PER_THREAD; i++) {
                assertTrue(w.doTransaction(db, state));
              }
            });
      }
      WorkloadDriver.together(threads);
    }
    Set<String> values = new HashSet<>();
    for (RecordingDb db : clients) {
      TreeSet<Long> versions = new TreeSet<>();
      for (String v : db.written) {
        assertTrue(values.add(v), "two updates wrote " + v);
        versions.add(Long.parseUnsignedLong(v.substring(0, 13), 36));
      }
      assertEquals(THREADS * UPDATES_PER_THREAD, versions.size());
      assertEquals(
          versions.size() - 1,
          versions.last() - versions.first(),
          "one client's versions are consecutive: one sequence for its threads");
    }
  }
}
