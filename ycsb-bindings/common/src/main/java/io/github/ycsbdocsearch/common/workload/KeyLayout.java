package io.github.ycsbdocsearch.common.workload;

import java.util.List;

/**
 * Which record numbers exist when a step starts and which ones its clients insert, so that several
 * client JVMs that insert at once never insert the same record, and none reads a record that may
 * not exist yet.
 *
 * <p>YCSB numbers a client's inserts from {@code recordcount} up, one key after the other, and its
 * key choosers pick among {@code 0 ..} the last insert it acknowledged. Each client JVM keeps that
 * numbering as its <em>slots</em>; this layout maps a slot to a record number:
 *
 * <ul>
 *   <li>slots below {@link #readable} are the records of that number: every one of them exists
 *       (loaded, or inserted by an earlier step and counted);
 *   <li>slot {@code readable + j} of client {@code i} of {@code n} is record {@code next + i + n *
 *       j}: the clients take every n-th number from {@link #next} in turn, so no two insert the
 *       same record and none inserts one an earlier step did.
 * </ul>
 *
 * So a client reads and updates only the readable records and its own acknowledged inserts: YCSB's
 * {@code latest} distribution is then "the latest this client inserted". It never chooses another
 * client's recent insert, which that client may not have sent yet (the clients share no state while
 * they run).
 *
 * <p>After the step the sweep learns how many keys each client took ({@link #after}). The clients'
 * counts differ, so the numbers they took leave holes past the smallest: the next step's readable
 * records end at the first hole (or stay where they were, when an earlier step already left one),
 * and its inserts start past the highest number any client may have taken. Records in between exist
 * and are counted in the data set; later steps only do not read them. With one client the layout is
 * YCSB's own: no hole, every insert readable by the next step. Immutable.
 *
 * @param readable records {@code 0 .. readable - 1} all exist: YCSB's {@code recordcount} for the
 *     step
 * @param next the first record number no earlier step may have inserted ({@code >= readable}):
 *     where this step's clients insert from
 */
public record KeyLayout(long readable, long next) {
  /** This client's number among the step's clients, from 0 (default 0). */
  public static final String CLIENT_INDEX = "docsearch.client_index";

  /** How many clients insert in the step at once (default 1). */
  public static final String CLIENTS = "docsearch.clients";

  /** {@link #next}: where the step's clients insert from (default: {@code recordcount}). */
  public static final String INSERT_START = "docsearch.insert_start";

  public KeyLayout {
    if (readable < 0 || next < readable) {
      throw new IllegalArgumentException("bad key layout: readable " + readable + ", next " + next);
    }
  }

  /** Just after the load: the loaded records, nothing inserted past them. */
  public static KeyLayout loaded(long records) {
    return new KeyLayout(records, records);
  }

  /** The record of a slot (YCSB's key number) of client {@code client} of {@code clients}. */
  public long record(long slot, int client, int clients) {
    return slot < readable ? slot : next + client + (long) clients * (slot - readable);
  }

  /**
   * How many keys one client took from its insert sequence in a step: exactly {@code atLeast} when
   * it reported ({@code atLeast == atMost}); when it did not (killed, or stopped before YCSB's
   * report), at least none and at most its operation budget, as every operation inserts at most one
   * record.
   */
  public record Taken(long atLeast, long atMost) {
    public Taken {
      if (atLeast < 0 || atMost < atLeast) {
        throw new IllegalArgumentException(
            "bad insert count: at least " + atLeast + ", at most " + atMost);
      }
    }

    public static Taken exactly(long n) {
      return new Taken(n, n);
    }
  }

  /**
   * The layout after a step whose clients (in their order, client {@code i} at index {@code i})
   * took these keys. Readable grows only from a layout without holes, to the first number a client
   * may not have inserted; the next step inserts past the highest number any client may have taken,
   * so it can never meet an earlier insert.
   */
  public KeyLayout after(List<Taken> clients) {
    int n = clients.size();
    long firstMissing = Long.MAX_VALUE;
    long end = next;
    for (int i = 0; i < n; i++) {
      Taken t = clients.get(i);
      // Client i's records are next + i + n*j for j < its count: the first absent one, j = count.
      firstMissing = Math.min(firstMissing, next + i + n * t.atLeast());
      if (t.atMost() > 0) {
        end = Math.max(end, next + i + n * (t.atMost() - 1) + 1);
      }
    }
    long nowReadable = readable < next || n == 0 ? readable : Math.min(firstMissing, end);
    return new KeyLayout(nowReadable, end);
  }
}
