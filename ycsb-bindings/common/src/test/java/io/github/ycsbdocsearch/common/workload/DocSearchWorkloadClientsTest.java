package io.github.ycsbdocsearch.common.workload;

import static io.github.ycsbdocsearch.common.workload.WorkloadDriver.workload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/**
 * Several client JVMs of one step, as several workload objects in one JVM over one in-memory store:
 * with the key layout's properties they insert disjoint records, read and update only records that
 * exist, and the next step, laid out from the counts they reported, inserts fresh records again.
 */
class DocSearchWorkloadClientsTest {
  private static final int LOADED = 100;
  private static final int THREADS = 2;
  private static final int OPS_PER_THREAD = 300;

  @BeforeAll
  static void measurements() {
    Measurements.setProperties(new Properties());
  }

  /**
   * A store that refuses a second insert of a key and counts reads and updates of keys it does not
   * hold.
   */
  static final class MemoryStore {
    final Set<String> keys = ConcurrentHashMap.newKeySet();
    final AtomicLong duplicates = new AtomicLong();
    final AtomicLong missing = new AtomicLong();
    final AtomicLong inserts = new AtomicLong();

    /** A connection; {@code insertCalls} counts its inserts, refused ones too. */
    DB client(AtomicLong insertCalls) {
      return new DB() {
        @Override
        public Status read(
            String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
          return found(key);
        }

        @Override
        public Status scan(
            String table,
            String startkey,
            int count,
            Set<String> fields,
            Vector<HashMap<String, ByteIterator>> result) {
          return found(startkey);
        }

        @Override
        public Status update(String table, String key, Map<String, ByteIterator> values) {
          return found(key);
        }

        @Override
        public Status insert(String table, String key, Map<String, ByteIterator> values) {
          insertCalls.incrementAndGet();
          if (!keys.add(key)) {
            duplicates.incrementAndGet();
            return Status.ERROR;
          }
          inserts.incrementAndGet();
          return Status.OK;
        }

        @Override
        public Status delete(String table, String key) {
          return keys.remove(key) ? Status.OK : Status.NOT_FOUND;
        }
      };
    }

    private Status found(String key) {
      if (keys.contains(key)) {
        return Status.OK;
      }
      missing.incrementAndGet();
      return Status.NOT_FOUND;
    }
  }

  private static Properties props(String distribution, long recordcount, String... kv) {
    Properties p = new Properties();
    p.setProperty("recordcount", String.valueOf(recordcount));
    p.setProperty("operationcount", String.valueOf(THREADS * OPS_PER_THREAD));
    p.setProperty("threadcount", String.valueOf(THREADS));
    p.setProperty("readproportion", "0.4");
    p.setProperty("updateproportion", "0.1");
    p.setProperty("scanproportion", "0");
    p.setProperty("insertproportion", "0.5");
    p.setProperty("requestdistribution", distribution);
    return WorkloadDriver.with(p, kv);
  }

  /** Loads the store as YCSB's -load does: one workload object, its insert sequence from 0. */
  private static void load(MemoryStore store) throws WorkloadException {
    Properties p = props("uniform", LOADED);
    DocSearchWorkload w = workload(p);
    Object state = w.initThread(p, 0, 1);
    DB db = store.client(new AtomicLong());
    for (int i = 0; i < LOADED; i++) {
      assertTrue(w.doInsert(db, state));
    }
  }

  /**
   * One step of {@code clients} clients at once, each with {@link #THREADS} threads; returns the
   * keys each client took: its insert calls, whatever they returned (as the sweep counts YCSB's
   * INSERT returns).
   */
  private static List<KeyLayout.Taken> step(
      MemoryStore store, KeyLayout keys, int clients, String distribution) throws Exception {
    List<AtomicLong> calls = new ArrayList<>();
    List<WorkloadDriver.Task> threads = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      Properties p =
          props(
              distribution,
              keys.readable(),
              KeyLayout.CLIENT_INDEX,
              String.valueOf(c),
              KeyLayout.CLIENTS,
              String.valueOf(clients),
              KeyLayout.INSERT_START,
              String.valueOf(keys.next()));
      DocSearchWorkload w = workload(p);
      AtomicLong mine = new AtomicLong();
      calls.add(mine);
      for (int t = 0; t < THREADS; t++) {
        int id = t;
        threads.add(
            () -> {
              DB db = store.client(mine);
              Object state = w.initThread(p, id, THREADS);
              for (int i = 0; i < OPS_PER_THREAD; i++) {
                w.doTransaction(db, state);
              }
            });
      }
    }
    WorkloadDriver.together(threads);
    return calls.stream().map(n -> KeyLayout.Taken.exactly(n.get())).toList();
  }

  private static void steps(String distribution) throws Exception {
    MemoryStore store = new MemoryStore();
    load(store);
    KeyLayout keys = KeyLayout.loaded(LOADED);
    long inserted = 0;
    for (int clients : new int[] {2, 3, 1, 2}) {
      List<KeyLayout.Taken> taken = step(store, keys, clients, distribution);
      inserted += taken.stream().mapToLong(KeyLayout.Taken::atLeast).sum();
      keys = keys.after(taken);
    }
    assertEquals(0, store.duplicates.get(), "records inserted twice");
    assertEquals(0, store.missing.get(), "reads or updates of records that did not exist");
    assertEquals(LOADED + inserted, store.inserts.get());
    assertEquals(LOADED + inserted, store.keys.size());
    assertTrue(inserted > 1000, "too few inserts to tell: " + inserted);
  }

  @Test
  void latestDistributionAcrossClientsAndSteps() throws Exception {
    steps("latest");
  }

  @Test
  void zipfianAndUniformAcrossClientsAndSteps() throws Exception {
    steps("zipfian");
    steps("uniform");
  }

  @Test
  void aClientNumberOutsideTheClientsOrAnInsertStartBelowTheRecordsIsRefused() {
    assertEquals(
        KeyLayout.CLIENT_INDEX + "=2 is not below " + KeyLayout.CLIENTS + "=2",
        assertThrows(
                WorkloadException.class,
                () ->
                    workload(
                        props(
                            "latest", LOADED, KeyLayout.CLIENT_INDEX, "2", KeyLayout.CLIENTS, "2")))
            .getMessage());
    assertEquals(
        KeyLayout.INSERT_START
            + "=99 is below recordcount=100: the step would insert records that exist",
        assertThrows(
                WorkloadException.class,
                () -> workload(props("latest", LOADED, KeyLayout.INSERT_START, "99")))
            .getMessage());
  }
}
