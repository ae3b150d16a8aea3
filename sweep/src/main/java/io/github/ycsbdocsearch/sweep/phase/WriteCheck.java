package io.github.ycsbdocsearch.sweep.phase;

import io.github.ycsbdocsearch.common.workload.AckedWriteLog;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog.Outcome;
import io.github.ycsbdocsearch.resultsformat.FaultSummary.WriteCounts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The final read of a fault step's durability check, Jepsen's way: every write the clients sent is
 * known (its key, a digest of each field it wrote, when it was sent and when its answer came, and
 * whether the store acknowledged it, refused it for certain, or answered with another error or a
 * timeout, which leaves it indeterminate); once the cluster is whole, each key that has an
 * acknowledged write is read (from the store's source of truth: {@link SourceOfTruth}), each
 * acknowledged write is classed, and every key with a lost or stale write is read once more after a
 * settle delay and classed by that read (the keys that changed are reported):
 *
 * <ul>
 *   <li><b>ok</b>: every field it wrote holds its value, or the value of another write to that
 *       field that may have come after it (an acknowledged one that was not answered before this
 *       one was sent, by one client's clock, or within the clocks' slack for two clients; or an
 *       indeterminate one, which may take effect at any time after it was sent; never one the store
 *       refused for certain);
 *   <li><b>lost</b>: the key is absent;
 *   <li><b>stale</b>: the key is there, but a field it wrote holds an older value (one written
 *       before it, the loaded one, or none);
 *   <li><b>read-back failed</b>: the read kept failing or timing out (neither found nor absent), or
 *       it was never tried because the store could not be reached: that write is unread, and any
 *       unread write makes the loss unknown ({@link Result#verdict}), never 0;
 *   <li><b>unknown</b>: its client's log is not whole, or the client did not exit 0 ({@link
 *       LoadLogs}), so writes it sent may be missing from its log: its own writes are never classed
 *       lost or stale, and neither is a stale value of any load key (a write no log holds may have
 *       left it); the loss is then unknown.
 * </ul>
 *
 * Indeterminate writes are counted, never checked: either outcome is allowed; failed ones are in no
 * count. Not thread-safe; the result is immutable.
 *
 * @param table the table (Elasticsearch index, MongoDB collection; Redis ignores it)
 * @param patienceMs how long a read that fails (rather than answers found or absent) is tried
 *     again, counted from the last read that answered; past it each key is tried once, and after
 *     two such failures in a row the remaining keys are not tried (a store that stays unreachable
 *     would otherwise cost the driver's own timeout per key): they stay unread
 * @param retryMs the pause between two tries of a failing read
 * @param clock epoch milliseconds
 * @param clockSlackMs how far two clients' clocks may be apart (their measured offset and its
 *     error): writes of different clients closer than that are concurrent, never ordered
 * @param settleMs how long after the first read every lost or stale key is read a second time
 */
record WriteCheck(
    String table,
    long patienceMs,
    long retryMs,
    LongSupplier clock,
    long clockSlackMs,
    long settleMs) {
  /**
   * One write as its client saw it.
   *
   * @param op {@code INSERT} or {@code UPDATE}
   * @param fields each field written and the {@link #digest} of its value
   * @param sentMs when it was sent (epoch ms)
   * @param answeredMs when its answer (or error) came (epoch ms)
   * @param outcome acknowledged, indeterminate or failed
   * @param client which client sent it: one client's stamps are one clock's, another client's may
   *     be off by up to the checker's clock slack
   */
  record Write(
      String op,
      String key,
      Map<String, Long> fields,
      long sentMs,
      long answeredMs,
      Outcome outcome,
      int client) {
    Write {
      fields = Map.copyOf(fields);
    }

    boolean acked() {
      return outcome == Outcome.ACKED;
    }
  }

  /** No write: what the counts of each operation type add up from. */
  static final WriteCounts ZERO = new WriteCounts(0, 0, 0, 0, 0, 0, 0L);

  /** Two sets of counts added up (fault.json's {@link WriteCounts}, written as they are). */
  static WriteCounts plus(WriteCounts a, WriteCounts b) {
    return new WriteCounts(
        a.acknowledged() + b.acknowledged(),
        a.ok() + b.ok(),
        a.lost() + b.lost(),
        a.stale() + b.stale(),
        a.readBackFailed() + b.readBackFailed(),
        a.indeterminate() + b.indeterminate(),
        a.unknown() + b.unknown());
  }

  /** One write's class after the read. */
  enum Kind {
    OK,
    LOST,
    STALE,
    READ_BACK_FAILED,
    INDETERMINATE,
    FAILED,
    UNKNOWN;

    WriteCounts counts() {
      return switch (this) {
        case OK -> new WriteCounts(1, 1, 0, 0, 0, 0, 0L);
        case LOST -> new WriteCounts(1, 0, 1, 0, 0, 0, 0L);
        case STALE -> new WriteCounts(1, 0, 0, 1, 0, 0, 0L);
        case READ_BACK_FAILED -> new WriteCounts(1, 0, 0, 0, 1, 0, 0L);
        case INDETERMINATE -> new WriteCounts(0, 0, 0, 0, 0, 1, 0L);
        // Refused for certain: neither acknowledged nor indeterminate, so in no count.
        case FAILED -> ZERO;
        case UNKNOWN -> new WriteCounts(1, 0, 0, 0, 0, 0, 1L);
      };
    }
  }

  /**
   * The check's result.
   *
   * @param byOperation counts per operation type (INSERT, UPDATE), in name order
   * @param total all operation types together
   * @param lostKeys some keys with a lost or stale write (at most {@link #KEYS_KEPT})
   * @param readBackError why not every key could be read (the store could not be reached, or the
   *     reads kept failing and the rest were not tried); null when every read was tried
   * @param kinds each write's class, by identity
   * @param flippedKeys the keys whose class changed between the first read and the second one a
   *     settle delay later (the second read's class counts): a store whose answer for a key changes
   *     while nothing writes it was not settled, or read a lagging copy
   */
  record Result(
      Map<String, WriteCounts> byOperation,
      WriteCounts total,
      List<String> lostKeys,
      String readBackError,
      Map<Write, Kind> kinds,
      List<String> flippedKeys) {
    Result {
      byOperation = Collections.unmodifiableMap(new LinkedHashMap<>(byOperation));
      lostKeys = List.copyOf(lostKeys);
      kinds = Collections.unmodifiableMap(kinds);
      flippedKeys = List.copyOf(flippedKeys);
    }

    /** Acknowledged writes that were not read back: while any is, the loss is unknown. */
    long unread() {
      return total.readBackFailed();
    }

    /** Whether the loss is known: every acknowledged write read back, every client's log whole. */
    boolean known() {
      return unread() == 0 && total.unknown() == 0;
    }

    /**
     * The verdict in words: {@code lost 3 of 700 (stale 1)}, {@code lost 0 of 700}, or {@code lost:
     * unknown (5 of 700 unread)} whenever any acknowledged write was not read back, or {@code lost:
     * unknown (40 of 700 in logs that are not whole)}.
     */
    String verdict() {
      long acked = total.acknowledged();
      String v =
          unread() > 0
              ? "lost: unknown (" + unread() + " of " + acked + " unread)"
              : total.unknown() > 0
                  ? "lost: unknown (%s of %s in logs that are not whole)"
                      .formatted(total.unknown(), acked)
                  : "lost %s of %s%s"
                      .formatted(
                          total.lost(),
                          acked,
                          total.stale() > 0 ? " (stale " + total.stale() + ")" : "");
      return flippedKeys.isEmpty()
          ? v
          : v + "; " + flippedKeys.size() + " keys changed on the second read";
    }
  }

  /**
   * Test only: when set, the checker reports {@link #MUTANT_LOSSES} random acknowledged writes that
   * it read back ok as lost, so that the loss drill can show it catches a checker that invents a
   * loss ({@code scripts/tests/test_known_loss.sh}).
   */
  static final String MUTANT_ENV = "DOCSEARCH_WRITECHECK_MUTANT";

  /**
   * Three, not one: about 3 % of the writes read back ok were in flight when the replication links
   * were cut (either outcome is right for them), so one invented loss would escape the drill about
   * once in 30 runs and three about once in 30,000.
   */
  static final int MUTANT_LOSSES = 3;

  /** The mutant's invented losses ({@link #MUTANT_ENV}). */
  private static void inventLosses(List<Write> writes, Map<Write, Kind> kinds) {
    List<Write> ok = new ArrayList<>(writes.stream().filter(w -> kinds.get(w) == Kind.OK).toList());
    Collections.shuffle(ok, ThreadLocalRandom.current());
    ok.stream().limit(MUTANT_LOSSES).forEach(w -> kinds.put(w, Kind.LOST));
  }

  /** Lost or stale keys kept by name. */
  static final int KEYS_KEPT = 20;

  /** A write of client {@code client}'s log. */
  static Write of(AckedWriteLog.Entry e, int client) {
    return new Write(e.op(), e.key(), e.fields(), e.sentMs(), e.answeredMs(), e.outcome(), client);
  }

  /** The result when the store could not be reached ({@code why}): every acked write unread. */
  static Result unreachable(List<Write> writes, String why) {
    Map<Write, Kind> kinds = new IdentityHashMap<>();
    for (Write w : writes) {
      kinds.put(w, w.acked() ? Kind.READ_BACK_FAILED : notAcked(w));
    }
    return result(writes, kinds, List.of(), why, List.of());
  }

  /**
   * Reads back every key with an acknowledged write that is not unknown, through {@code db}, and
   * classes each acknowledged write.
   *
   * @param unknown the writes of clients whose logs are not whole (by identity): classed unknown,
   *     and still taken as values that may have come later
   * @param unloggedMayTouch whether a write no log holds may have touched the key: a stale value
   *     found there is then unknown rather than stale
   */
  Result check(List<Write> writes, DB db, Set<Write> unknown, Predicate<String> unloggedMayTouch) {
    Map<String, List<Write>> byKey = new LinkedHashMap<>();
    for (Write w : writes) {
      byKey.computeIfAbsent(w.key(), k -> new ArrayList<>()).add(w);
    }
    Map<Write, Kind> kinds = new IdentityHashMap<>();
    long deadline = clock.getAsLong() + patienceMs;
    int failedPastDeadline = 0;
    String gaveUp = null;
    List<String> suspect = new ArrayList<>();
    for (Map.Entry<String, List<Write>> e : byKey.entrySet()) {
      List<Write> ws = e.getValue();
      Map<String, String> found = new HashMap<>();
      Status s;
      if (ws.stream().noneMatch(w -> w.acked() && !unknown.contains(w))) {
        s = null; // nothing acknowledged that can be checked: nothing to read
      } else if (gaveUp != null) {
        s = new Status("ERROR", gaveUp);
      } else {
        s = read(db, e.getKey(), found, deadline);
        if (s.isOk() || Status.NOT_FOUND.equals(s)) {
          // The store answers: a key that failed before is that key's failure, not the store's.
          deadline = clock.getAsLong() + patienceMs;
          failedPastDeadline = 0;
        } else if (clock.getAsLong() >= deadline && ++failedPastDeadline >= 2) {
          gaveUp =
              "no read answered for %s ms (%s: %s); the remaining keys were not read"
                  .formatted(patienceMs, s.getName(), s.getDescription());
        }
      }
      if (classifyKey(ws, s, found, unknown, unloggedMayTouch, kinds)) {
        suspect.add(e.getKey());
      }
    }
    List<String> flipped = secondRead(suspect, byKey, db, unknown, unloggedMayTouch, kinds);
    if (System.getenv(MUTANT_ENV) != null) {
      inventLosses(writes, kinds);
    }
    List<String> lostKeys = new ArrayList<>();
    byKey.forEach(
        (key, ws) -> {
          if (lostKeys.size() < KEYS_KEPT
              && ws.stream().map(kinds::get).anyMatch(k -> k == Kind.LOST || k == Kind.STALE)) {
            lostKeys.add(key);
          }
        });
    return result(writes, kinds, lostKeys, gaveUp, flipped);
  }

  /**
   * Classes the writes of one key after its read; true when one of them is lost or stale.
   *
   * @param s the read's status, null when the key was not read
   */
  private boolean classifyKey(
      List<Write> ws,
      Status s,
      Map<String, String> found,
      Set<Write> unknown,
      Predicate<String> unloggedMayTouch,
      Map<Write, Kind> kinds) {
    boolean bad = false;
    for (Write w : ws) {
      Kind k = classify(w, ws, s, found);
      if (k != Kind.INDETERMINATE && k != Kind.FAILED && unknown.contains(w)
          || k == Kind.STALE && unloggedMayTouch.test(w.key())) {
        k = Kind.UNKNOWN;
      }
      kinds.put(w, k);
      bad |= k == Kind.LOST || k == Kind.STALE;
    }
    return bad;
  }

  /**
   * Reads every lost or stale key once more, {@code settleMs} after the first read, and classes its
   * writes by that read: a copy that was still catching up has caught up by then. Returns the keys
   * whose class changed (a read that fails now leaves the first read's class).
   */
  private List<String> secondRead(
      List<String> suspect,
      Map<String, List<Write>> byKey,
      DB db,
      Set<Write> unknown,
      Predicate<String> unloggedMayTouch,
      Map<Write, Kind> kinds) {
    if (suspect.isEmpty()) {
      return List.of();
    }
    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(settleMs));
    List<String> flipped = new ArrayList<>();
    for (String key : suspect) {
      List<Write> ws = byKey.get(key);
      Map<String, String> found = new HashMap<>();
      Status s = read(db, key, found, clock.getAsLong());
      if (!s.isOk() && !Status.NOT_FOUND.equals(s)) {
        continue;
      }
      Map<Write, Kind> again = new IdentityHashMap<>();
      classifyKey(ws, s, found, unknown, unloggedMayTouch, again);
      if (ws.stream().anyMatch(w -> again.get(w) != kinds.get(w))) {
        flipped.add(key);
        kinds.putAll(again);
      }
    }
    return flipped;
  }

  private static Result result(
      List<Write> writes,
      Map<Write, Kind> kinds,
      List<String> lostKeys,
      String error,
      List<String> flipped) {
    Map<String, WriteCounts> by = new TreeMap<>();
    for (Write w : writes) {
      by.merge(w.op(), kinds.get(w).counts(), WriteCheck::plus);
    }
    WriteCounts total = by.values().stream().reduce(ZERO, WriteCheck::plus);
    return new Result(by, total, lostKeys, error, kinds, flipped);
  }

  /** One write's class, given its key's read ({@code s} null when the key was not read). */
  private Kind classify(Write w, List<Write> sameKey, Status s, Map<String, String> found) {
    if (!w.acked()) {
      return notAcked(w);
    }
    if (s == null || (!s.isOk() && !Status.NOT_FOUND.equals(s))) {
      return Kind.READ_BACK_FAILED;
    }
    if (Status.NOT_FOUND.equals(s)) {
      return Kind.LOST;
    }
    for (Map.Entry<String, Long> f : w.fields().entrySet()) {
      String v = found.get(f.getKey());
      if (v == null) {
        return Kind.STALE;
      }
      long d = AckedWriteLog.digest(v);
      if (d != f.getValue() && !laterValue(w, sameKey, f.getKey(), d)) {
        return Kind.STALE;
      }
    }
    return Kind.OK;
  }

  private static Kind notAcked(Write w) {
    return w.outcome() == Outcome.FAILED ? Kind.FAILED : Kind.INDETERMINATE;
  }

  /**
   * Whether the value found in {@code field} is one another write may have left after {@code w}: an
   * indeterminate write (it may take effect any time after it was sent), or an acknowledged one not
   * answered before {@code w} was sent, by one clock, or by two clocks up to the slack apart. A
   * write that failed for certain never explains a value.
   */
  private boolean laterValue(Write w, List<Write> sameKey, String field, long found) {
    for (Write o : sameKey) {
      if (o == w
          || o.outcome() == Outcome.FAILED
          || !Long.valueOf(found).equals(o.fields().get(field))) {
        continue;
      }
      long slack = o.client() == w.client() ? 0 : clockSlackMs;
      if (!o.acked() || o.answeredMs() + slack >= w.sentMs()) {
        return true;
      }
    }
    return false;
  }

  /** A binding call's status; one that throws is an error (indeterminate), as a timeout is. */
  static Status answer(Supplier<Status> call) {
    try {
      return call.get();
    } catch (RuntimeException e) {
      return new Status("ERROR", e.toString());
    }
  }

  /**
   * Reads one key, trying again {@code retryMs} apart until the deadline while the store answers
   * with an error (or the binding throws): a failed read is never taken as "absent".
   */
  private Status read(DB db, String key, Map<String, String> out, long deadlineMs) {
    while (true) {
      Map<String, ByteIterator> got = new HashMap<>();
      Status s = answer(() -> db.read(table, key, null, got));
      if (s.isOk()) {
        got.forEach((f, v) -> out.put(f, v.toString()));
        return s;
      }
      if (Status.NOT_FOUND.equals(s) || clock.getAsLong() >= deadlineMs) {
        return s;
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(retryMs));
    }
  }
}
