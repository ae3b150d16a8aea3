package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.data.DocumentSource;
import io.github.ycsbdocsearch.common.verify.SearchVerification;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The durability check of a fault step: a stream of inserts beside the load, through the store's
 * own binding and the same connection and durability settings as the load's clients, each
 * acknowledged key noted with the instant its acknowledgement arrived; after the store is whole
 * again every acknowledged key is read back. A key that is not there was acknowledged and lost.
 *
 * <p>Why a stream of its own rather than the load's writes: an insert of a fresh key has one right
 * answer after the fault (present), while an update may be overwritten by a later one whose fate is
 * unknown (it failed or timed out). The keys ({@code durability-<tag>-<n>}) are outside the
 * workload's key space, so the load never reads or updates them; the documents are copies of loaded
 * ones. Thread-safe: one writer thread, results read after {@link #stop}.
 */
final class AckedWrites {
  /**
   * Inserts per second: a fine grain (50 ms) for the longest gap, and too few to load the store.
   */
  static final int PER_SECOND = 20;

  /**
   * How long the read-back keeps trying (the connection, then each read that fails rather than
   * answers "absent"), a second apart: a replica set may still be electing when the step ends.
   */
  private static final long READ_BACK_PATIENCE_MS = TimeUnit.SECONDS.toMillis(60);

  private final StoreKind kind;
  private final Properties props;
  private final SearchWorkloadConfig config;
  private final String prefix;
  private final List<Ack> acks = new ArrayList<>();
  private volatile boolean stopping;
  private Thread writer;
  private long attempted;
  private long failed;
  private String firstError;

  /**
   * One acknowledged insert: its key and the wall-clock instant (epoch ms) its acknowledgement
   * arrived.
   */
  record Ack(String key, long atMs) {}

  /**
   * What the read-back found.
   *
   * @param lostKeys the first lost keys, at most 20
   * @param readBackFailed keys whose read failed every time (neither found nor absent)
   * @param readBackError why no key could be read (the binding did not connect in time), or null
   */
  record Outcome(
      long attempted,
      long acked,
      long failed,
      long ackedBeforeKill,
      long lostBeforeKill,
      long ackedAfterKill,
      long lostAfterKill,
      List<String> lostKeys,
      long longestAckGapMs,
      long readBackFailed,
      String firstError,
      String readBackError) {}

  AckedWrites(StoreKind kind, Properties props, String tag) {
    this.kind = kind;
    this.props = props;
    this.config = SearchWorkloadConfig.fromProperties(props);
    this.prefix = "durability-" + tag + "-";
  }

  /**
   * Starts writing, one insert every {@code 1000 / PER_SECOND} ms (sent on schedule, not after the
   * last reply).
   */
  void start() {
    writer = new Thread(this::write, "acked-writes");
    writer.setDaemon(true);
    writer.start();
  }

  /** Stops writing and waits for the insert in flight. */
  void stop() {
    stopping = true;
    if (writer != null) {
      try {
        writer.join(TimeUnit.MINUTES.toMillis(2));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void write() {
    DocumentSource source = config.newSource();
    DB db;
    try {
      db = SearchVerification.open(kind, props);
    } catch (RuntimeException e) {
      synchronized (this) {
        firstError = "the binding did not open: " + e.getMessage();
      }
      return;
    }
    try {
      long period = TimeUnit.SECONDS.toNanos(1) / PER_SECOND;
      long next = System.nanoTime();
      for (long n = 0; !stopping; n++) {
        LockSupport.parkNanos(next - System.nanoTime());
        // After an insert that blocked (a primary being elected), go on at the rate, not in a burst
        // that catches up.
        next = Math.max(next + period, System.nanoTime());
        String key = prefix + n;
        Map<String, ByteIterator> values = new HashMap<>();
        source
            .document(n % source.recordCount(), 0)
            .forEach((f, v) -> values.put(f, new StringByteIterator(v)));
        Status s = insert(db, config.table(), key, values);
        long at = System.currentTimeMillis();
        synchronized (this) {
          attempted++;
          if (s.isOk()) {
            acks.add(new Ack(key, at));
          } else {
            failed++;
            if (firstError == null) {
              firstError = s.getName() + ": " + s.getDescription();
            }
          }
        }
      }
    } finally {
      SearchVerification.close(db);
    }
  }

  private static Status insert(DB db, String table, String key, Map<String, ByteIterator> values) {
    try {
      return db.insert(table, key, values);
    } catch (RuntimeException e) {
      return new Status("ERROR", e.toString());
    }
  }

  /**
   * Reads every acknowledged key back (call after {@link #stop}, with the store whole again) and
   * counts the lost ones, before and after the kill.
   *
   * @param killedAtMs when the server was killed (epoch ms); 0 when it was not
   * @param windowStartMs the measured window's start: the longest gap between acknowledgements is
   *     taken inside it
   * @param windowEndMs the measured window's end
   */
  synchronized Outcome readBack(long killedAtMs, long windowStartMs, long windowEndMs) {
    long deadline = System.currentTimeMillis() + READ_BACK_PATIENCE_MS;
    long before = acks.stream().filter(a -> killedAtMs > 0 && a.atMs() < killedAtMs).count();
    long gap = longestGapMs(windowStartMs, windowEndMs);
    DB db;
    try {
      db = openBy(deadline);
    } catch (RuntimeException e) {
      // Nothing read: every acknowledged key counts as a failed read, none as lost, and the counts
      // still stand.
      return new Outcome(
          attempted,
          acks.size(),
          failed,
          before,
          0,
          acks.size() - before,
          0,
          List.of(),
          gap,
          acks.size(),
          firstError,
          "read-back failed: " + e.getMessage());
    }
    String table = config.table();
    long lostBefore = 0;
    long lostAfter = 0;
    long readFailed = 0;
    List<String> lostKeys = new ArrayList<>();
    boolean givenUp = false;
    try {
      for (Ack a : acks) {
        boolean early = killedAtMs > 0 && a.atMs() < killedAtMs;
        if (givenUp) {
          // Past the deadline with the store still refusing: each further read could wait out the
          // driver's own
          // timeout (MongoDB's server selection, seconds) for hundreds of keys. Counted as failed
          // reads, not lost.
          readFailed++;
          continue;
        }
        Status s = read(db, table, a.key(), deadline);
        givenUp =
            !s.isOk() && !Status.NOT_FOUND.equals(s) && System.currentTimeMillis() >= deadline;
        if (Status.NOT_FOUND.equals(s)) {
          lostBefore += early ? 1 : 0;
          lostAfter += early ? 0 : 1;
          if (lostKeys.size() < 20) {
            lostKeys.add(a.key());
          }
        } else if (!s.isOk()) {
          readFailed++;
        }
      }
    } finally {
      SearchVerification.close(db);
    }
    return new Outcome(
        attempted,
        acks.size(),
        failed,
        before,
        lostBefore,
        acks.size() - before,
        lostAfter,
        lostKeys,
        gap,
        readFailed,
        firstError,
        null);
  }

  /**
   * Opens the binding, trying again a second apart until the deadline (a store still electing
   * refuses).
   */
  private DB openBy(long deadlineMs) {
    while (true) {
      try {
        return SearchVerification.open(kind, props);
      } catch (RuntimeException e) {
        if (System.currentTimeMillis() >= deadlineMs) {
          throw e;
        }
        LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
      }
    }
  }

  /**
   * Reads one key, trying again a second apart until the deadline while the store answers with an
   * error.
   */
  private static Status read(DB db, String table, String key, long deadlineMs) {
    while (true) {
      Status s;
      try {
        s = db.read(table, key, null, new LinkedHashMap<>());
      } catch (RuntimeException e) {
        s = new Status("ERROR", e.toString());
      }
      if (s.isOk() || Status.NOT_FOUND.equals(s) || System.currentTimeMillis() >= deadlineMs) {
        return s;
      }
      LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
    }
  }

  /**
   * The longest stretch inside the window with no acknowledgement (its edges count as
   * acknowledgements).
   */
  private long longestGapMs(long windowStartMs, long windowEndMs) {
    long last = windowStartMs;
    long longest = 0;
    for (Ack a : acks) {
      if (a.atMs() < windowStartMs || a.atMs() > windowEndMs) {
        continue;
      }
      longest = Math.max(longest, a.atMs() - last);
      last = a.atMs();
    }
    return Math.max(longest, windowEndMs - last);
  }
}
