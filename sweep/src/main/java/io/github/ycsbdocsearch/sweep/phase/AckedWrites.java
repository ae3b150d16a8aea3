package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.data.DocumentSource;
import io.github.ycsbdocsearch.common.verify.SearchVerification;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The durability check of a fault step: a stream of inserts beside the load, through the store's
 * own binding and the same connection and durability settings as the load's clients, each
 * acknowledged key noted with the instant its acknowledgement arrived; after the store is whole
 * again every acknowledged key is read back and each acknowledged write classed ({@link
 * WriteCheck}: ok, lost, stale or not read back; an insert that errored is indeterminate). A key
 * that is not there was acknowledged and lost; a read that fails is never taken as absent, and a
 * read-back that could not connect leaves the loss unknown.
 *
 * <p>Why a stream of its own rather than the load's writes: an insert of a fresh key has one right
 * answer after the fault (present), while an update may be overwritten by a later one whose fate is
 * unknown (it failed or timed out). The keys ({@code durability-<tag>-<n>}) are outside the
 * workload's key space, so the load never reads or updates them; the documents are copies of loaded
 * ones. Thread-safe: one writer thread or more, results read after {@link #stop}.
 */
final class AckedWrites {
  /**
   * Inserts per second of a fault or control step's stream: a fine grain (50 ms) for the longest
   * gap, too few to load the store.
   */
  static final int PER_SECOND = 20;

  /**
   * How long the read-back keeps trying (the connection, then each read that fails rather than
   * answers "absent"), a second apart: a replica set may still be electing when the step ends.
   */
  private static final long READ_BACK_PATIENCE_MS = TimeUnit.SECONDS.toMillis(60);

  /** The pause between two tries of the connection or of a failing read. */
  private static final long RETRY_MS = 1000;

  /**
   * How long after the first read-back every lost or stale key is read once more: a copy still
   * catching up after the recovery shows as a key that changes.
   */
  private static final long SETTLE_MS = TimeUnit.SECONDS.toMillis(5);

  private final SearchWorkloadConfig config;
  private final String prefix;
  private final List<WriteCheck.Write> writes = new ArrayList<>();
  private final Supplier<DB> opener;
  private final Supplier<DB> readOpener;
  private final long patienceMs;
  private final long settleMs;
  private final int hotKeys;
  private final int perSecond;
  private volatile boolean stopping;
  private final List<Thread> writers = new ArrayList<>();
  private final int writerCount;
  private long attempted;
  private long failed;
  private String firstError;

  /**
   * @param record as fault.json has it; unknown when some client's writes are ({@link LoadLogs})
   * @param check the writes classed ({@link WriteCheck})
   */
  record Outcome(FaultSummary.AckedWrites record, WriteCheck.Result check) {}

  /**
   * @param perSecond inserts per second, all writers together
   * @param writers writer threads, each with its own connection and its share of the rate: a write
   *     that blocks (its primary is gone) holds up only its own thread's share
   * @param hotKeys 0: inserts only (a fault step's stream); else the loss drill's mix: the first
   *     hotKeys writes insert the hot keys, then every other write updates one ({@link #write})
   */
  AckedWrites(
      StoreKind kind, Properties props, String tag, int perSecond, int writers, int hotKeys) {
    this(
        props,
        tag,
        () -> SearchVerification.open(kind, props),
        () -> SourceOfTruth.open(kind, props),
        READ_BACK_PATIENCE_MS,
        SETTLE_MS,
        perSecond,
        writers,
        hotKeys);
  }

  /**
   * @param opener opens the store's binding (a fake in tests) for the stream, as the load's
   * @param readOpener opens the binding for the read-back ({@link SourceOfTruth})
   * @param patienceMs how long the read-back keeps trying to connect, and each failing read
   * @param settleMs how long after the first read-back the lost or stale keys are read again
   */
  AckedWrites(
      Properties props,
      String tag,
      Supplier<DB> opener,
      Supplier<DB> readOpener,
      long patienceMs,
      long settleMs,
      int perSecond,
      int writers,
      int hotKeys) {
    this.perSecond = perSecond;
    this.writerCount = writers;
    this.config = SearchWorkloadConfig.fromProperties(props);
    this.prefix = "durability-" + tag + "-";
    this.opener = opener;
    this.readOpener = readOpener;
    this.patienceMs = patienceMs;
    this.settleMs = settleMs;
    this.hotKeys = hotKeys;
  }

  /** Starts writing, an insert every {@code 1000 / perSecond} ms (on schedule, not on replies). */
  void start() {
    for (int t = 0; t < writerCount; t++) {
      int first = t;
      Thread w = new Thread(() -> write(first), "acked-writes-" + t);
      w.setDaemon(true);
      writers.add(w);
      w.start();
    }
  }

  /** The key of the stream's write {@code n}. */
  String key(long n) {
    return prefix + n;
  }

  /** Writes acknowledged so far. */
  synchronized long acked() {
    return writes.stream().filter(WriteCheck.Write::acked).count();
  }

  /** Stops writing and waits for the inserts in flight. */
  void stop() {
    stopping = true;
    for (Thread w : writers) {
      try {
        w.join(TimeUnit.MINUTES.toMillis(2));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * One writer: keys {@code first}, {@code first + writers}, ... at its share of the rate; with hot
   * keys, every other write of the writer after them updates hot key {@code n mod hotKeys} (one of
   * its own when {@code hotKeys} is a multiple of the writers).
   */
  private void write(int first) {
    DocumentSource source = config.newSource();
    DB db;
    try {
      db = opener.get();
    } catch (RuntimeException e) {
      synchronized (this) {
        firstError = "the binding did not open: " + e.getMessage();
      }
      return;
    }
    try {
      long period = TimeUnit.SECONDS.toNanos(1) * writerCount / perSecond;
      long next = System.nanoTime();
      for (long n = first; !stopping; n += writerCount) {
        LockSupport.parkNanos(next - System.nanoTime());
        // After an insert that blocked (a primary elected): on at the rate, no catch-up burst.
        next = Math.max(next + period, System.nanoTime());
        boolean update = hotKeys > 0 && n >= hotKeys && (n / writerCount) % 2 == 1;
        // An update writes a field of its own, which no later write touches: a lost update shows
        // as its field missing, however often its key is written after it.
        String key = key(update ? n % hotKeys : n);
        String op = update ? "UPDATE" : "INSERT";
        Map<String, String> doc =
            update ? Map.of("u" + n, prefix + n) : source.document(n % source.recordCount(), 0);
        Map<String, ByteIterator> values = StringByteIterator.getByteIteratorMap(doc);
        long sent = System.currentTimeMillis();
        Status s =
            WriteCheck.answer(
                () ->
                    update
                        ? db.update(config.table(), key, values)
                        : db.insert(config.table(), key, values));
        long at = System.currentTimeMillis();
        synchronized (this) {
          attempted++;
          writes.add(
              new WriteCheck.Write(
                  op, key, AckedWriteLog.digests(doc), sent, at, AckedWriteLog.Outcome.of(s), 0));
          if (!s.isOk()) {
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

  /**
   * Reads every acknowledged key back (call after {@link #stop}, with the store whole again) and
   * classes each acknowledged write ({@link WriteCheck}), before and after the kill. When the
   * binding cannot connect, no write is read and the loss is unknown, never 0.
   *
   * @param killedAtMs when the server was killed (epoch ms); 0 when it was not
   * @param windowStartMs the measured window's start (to {@code windowEndMs}): the longest gap
   *     between acknowledgements is taken inside it
   * @param load the inserts and updates the load's clients logged, read back with the stream's (one
   *     read per key), and why some client's are unknown (the loss is then unknown); {@link
   *     LoadLogs#NONE}: the stream's alone
   */
  synchronized Outcome readBack(
      long killedAtMs, long windowStartMs, long windowEndMs, LoadLogs load) {
    String loadError = load.error();
    List<WriteCheck.Write> all = new ArrayList<>(writes);
    all.addAll(load.writes());
    all.addAll(load.unknown());
    Set<WriteCheck.Write> unknown = Collections.newSetFromMap(new IdentityHashMap<>());
    unknown.addAll(load.unknown());
    long deadline = System.currentTimeMillis() + patienceMs;
    long gap = longestGapMs(windowStartMs, windowEndMs);
    DB db;
    String openError = null;
    try {
      db = openBy(deadline);
    } catch (RuntimeException e) {
      db = null;
      openError = e.getMessage();
    }
    WriteCheck.Result r;
    if (db == null) {
      r = WriteCheck.unreachable(all, "read-back failed: " + openError);
    } else {
      try {
        r =
            new WriteCheck(
                    config.table(),
                    patienceMs,
                    RETRY_MS,
                    System::currentTimeMillis,
                    load.clockSlackMs(),
                    settleMs)
                .check(
                    all,
                    db,
                    unknown,
                    // The markers' keys are the stream's alone; a load key may hold a write
                    // a log that is not whole misses.
                    key -> loadError != null && !key.startsWith(prefix));
      } finally {
        SearchVerification.close(db);
      }
    }
    long ackedBefore = 0;
    long lostBefore = 0;
    long lostAfter = 0;
    for (WriteCheck.Write w : all) {
      boolean early = killedAtMs > 0 && w.answeredMs() < killedAtMs;
      WriteCheck.Kind k = r.kinds().get(w);
      ackedBefore += early && w.acked() ? 1 : 0;
      if (k == WriteCheck.Kind.LOST || k == WriteCheck.Kind.STALE) {
        lostBefore += early ? 1 : 0;
        lostAfter += early ? 0 : 1;
      }
    }
    long acked = r.total().acknowledged();
    return new Outcome(
        new FaultSummary.AckedWrites(
            perSecond,
            attempted,
            acked,
            failed,
            ackedBefore,
            lostBefore,
            acked - ackedBefore,
            lostAfter,
            r.lostKeys(),
            gap,
            r.unread(),
            firstError,
            loadError != null ? loadError : r.readBackError(),
            r.total().stale(),
            r.total().unknown(),
            loadError != null ? "lost: unknown (" + loadError + ")" : r.verdict(),
            new LinkedHashMap<>(r.byOperation())),
        r);
  }

  /** Opens the binding, retried a second apart until the deadline (a store electing refuses). */
  private DB openBy(long deadlineMs) {
    while (true) {
      try {
        return readOpener.get();
      } catch (RuntimeException e) {
        if (System.currentTimeMillis() >= deadlineMs) {
          throw e;
        }
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(RETRY_MS));
      }
    }
  }

  /** The longest stretch in the window with no acknowledgement (its edges count as ones). */
  private long longestGapMs(long windowStartMs, long windowEndMs) {
    long last = windowStartMs;
    long longest = 0;
    for (WriteCheck.Write a : writes) {
      if (!a.acked() || a.answeredMs() < windowStartMs || a.answeredMs() > windowEndMs) {
        continue;
      }
      longest = Math.max(longest, a.answeredMs() - last);
      last = a.answeredMs();
    }
    return Math.max(longest, windowEndMs - last);
  }
}
