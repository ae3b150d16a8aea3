package io.github.ycsbdocsearch.sweep.exec;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/** YCSB DB classes that reproduce YCSB 0.17.0's traps in a real client JVM (no store involved). */
public final class TestDbs {
  private TestDbs() {}

  /** Answers everything OK, like BasicDB without its printing. */
  public static class OkDB extends DB {
    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      return Status.OK;
    }

    @Override
    public Status scan(
        String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      return Status.OK;
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      return Status.OK;
    }

    @Override
    public Status insert(String t, String k, Map<String, ByteIterator> v) {
      return Status.OK;
    }

    @Override
    public Status delete(String t, String k) {
      return Status.OK;
    }
  }

  /** The second client thread's init() fails: YCSB carries on with one thread fewer and exits 0. */
  public static class SecondInitFailsDB extends OkDB {
    private static final AtomicInteger INITS = new AtomicInteger();

    @Override
    public void init() throws DBException {
      if (INITS.incrementAndGet() == 2) {
        throw new DBException("cannot connect to 127.0.0.1:1");
      }
    }
  }

  /** A read throws: YCSB prints the trace and exits 0 before any result. */
  public static class ThrowingDB extends OkDB {
    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      throw new IllegalStateException("connection reset");
    }
  }

  /** Half the updates fail with an error status. */
  public static class HalfUpdatesFailDB extends OkDB {
    private final AtomicInteger n = new AtomicInteger();

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      return n.incrementAndGet() % 2 == 0 ? Status.ERROR : Status.OK;
    }
  }
}
