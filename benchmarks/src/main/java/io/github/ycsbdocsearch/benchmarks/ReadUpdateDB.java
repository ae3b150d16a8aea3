package io.github.ycsbdocsearch.benchmarks;

import io.github.ycsbdocsearch.common.SharedClients;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The common part of the raw DBs: the benchmark only measures READ and UPDATE, so the other
 * operations say NOT_IMPLEMENTED (a workload that uses them fails loudly instead of measuring
 * nothing).
 */
public abstract class ReadUpdateDB extends DB {
  /** Gives this instance's reference to its shared client back; set by {@link #acquire}. */
  private Runnable release = () -> {};

  /**
   * The driver client of {@code config}, one per JVM and configuration as the bindings have it (see
   * {@link SharedClients}); {@link #cleanup} gives it back.
   */
  protected <K, C> C acquire(SharedClients<K, C> clients, K config) {
    release = () -> clients.release(config);
    return clients.acquire(config);
  }

  @Override
  public void cleanup() throws DBException {
    try {
      release.run();
    } catch (RuntimeException e) {
      throw new DBException(e);
    }
  }

  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.NOT_IMPLEMENTED;
  }

  /**
   * Copies a stored document's fields into a YCSB result as strings, leaving out {@code hidden} (a
   * store's own key field, which the bindings do not return either), and keeping only {@code
   * wanted} unless it is null.
   */
  static void copyFields(
      Map<String, ?> document, Set<String> wanted, String hidden, Map<String, ByteIterator> out) {
    for (Map.Entry<String, ?> e : document.entrySet()) {
      if (!e.getKey().equals(hidden) && (wanted == null || wanted.contains(e.getKey()))) {
        out.put(e.getKey(), new StringByteIterator(String.valueOf(e.getValue())));
      }
    }
  }
}
