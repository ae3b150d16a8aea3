package io.github.ycsbdocsearch.common.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.BasicDB;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * A store in memory for the durability check's tests (here and in the sweep, through the test-jar):
 * documents by key, reads answering NOT_FOUND for an absent key. Tests reach into {@link #data} to
 * drop, roll back or change what the store holds. Thread-safe.
 */
public class MemoryDb extends BasicDB {
  public final Map<String, Map<String, String>> data = new ConcurrentHashMap<>();

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Map<String, String> doc = data.get(key);
    if (doc == null) {
      return Status.NOT_FOUND;
    }
    doc.forEach((f, v) -> result.put(f, new StringByteIterator(v)));
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Map<String, String> doc = data.get(key);
    if (doc == null) {
      return Status.NOT_FOUND;
    }
    values.forEach((f, v) -> doc.put(f, v.toString()));
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Map<String, String> doc = new ConcurrentHashMap<>();
    values.forEach((f, v) -> doc.put(f, v.toString()));
    data.put(key, doc);
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return data.remove(key) == null ? Status.NOT_FOUND : Status.OK;
  }

  /** A copy of a document, to put into {@link #data}. */
  public static Map<String, String> doc(Map<String, String> fields) {
    return new ConcurrentHashMap<>(new HashMap<>(fields));
  }
}
