package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.data.DocumentGenerator;
import io.github.ycsbdocsearch.common.data.DocumentSource;
import io.github.ycsbdocsearch.common.data.Seeds;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.WorkloadException;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's CoreWorkload with the suite's documents and two more operations.
 *
 * <ul>
 *   <li>Documents come from {@link DocumentGenerator}, or from a JSON Lines file ({@code
 *       docsearch.dataset}, see {@link io.github.ycsbdocsearch.common.data.Dataset}): identical for
 *       every store (CoreWorkload's are random).
 *   <li>{@code SEARCH} ({@code searchproportion}): one page of a two-word search from {@link
 *       QueryGenerator}, timed here exactly once, as {@code DBWrapper} times READ: service time
 *       from the call, intended latency from the intended start time YCSB's throttle set; recorded
 *       as {@code SEARCH} or {@code SEARCH-FAILED}. The page mix asked and the questions' hit
 *       counts go to {@code querystats.json} ({@code docsearch.querystats.dir}).
 *   <li>{@code FRESHNESS} ({@code freshnessproportion}): rewrites a record's title with a unique
 *       marker word (the write is an ordinary measured UPDATE), then polls a one-word search until
 *       the record shows up; records the delay from the write's acknowledgement to visibility, or
 *       {@code FRESHNESS-FAILED} after the timeout.
 *   <li>UPDATE rewrites the indexed title and rank with new generator values ({@code
 *       search.updateindexedfields}, default true), so every store maintains its index, as the
 *       published benchmark did.
 *   <li>Open-loop pacing ({@code docsearch.arrivals.rate} and {@link ArrivalConfig}'s other
 *       properties): every operation waits for the next arrival of one schedule shared by all
 *       client threads ({@link ArrivalSchedule}) and is timed from it, in place of YCSB's
 *       per-thread {@code -target}; how well the schedule was kept goes to {@code
 *       hdr/SEND_LAG.hlog}, {@code hdr/IN_FLIGHT.hlog} (in flight at each send), {@code
 *       arrivals.json} and {@code pool.json} (the pool's occupancy second by second) ({@link
 *       ArrivalPacer}). Without a rate the workload is closed-loop, as plain YCSB. Loading ({@link
 *       #doInsert}) is never paced.
 *   <li>Several client JVMs start together: with {@value #START_AT_EPOCH_MS} set, {@link #init}
 *       returns at that wall-clock instant, before YCSB starts its threads (and their timers), so
 *       every client's first request and its {@code maxexecutiontime} begin at the same moment.
 *   <li>Several client JVMs insert at once: with {@value KeyLayout#CLIENT_INDEX}, {@value
 *       KeyLayout#CLIENTS} and {@value KeyLayout#INSERT_START} set, YCSB's key numbers are this
 *       client's slots of a {@link KeyLayout}, so the clients insert disjoint records and each
 *       reads only records that exist (see there). Unset, the layout is YCSB's own numbering.
 * </ul>
 *
 * Thread-safe as YCSB requires: per-thread state lives in the object {@link #initThread} returns.
 */
public class DocSearchWorkload extends CoreWorkload {
  public static final String SEARCH = "SEARCH";
  public static final String FRESHNESS = "FRESHNESS";

  /** Where the pacer's files go; default: the step folder YCSB runs in. */
  public static final String ARRIVALS_DIR = "docsearch.arrivals.dir";

  /** Epoch ms at which {@link #init} returns (the clients' agreed start); absent or 0: at once. */
  public static final String START_AT_EPOCH_MS = "docsearch.start_at_epoch_ms";

  private SearchWorkloadConfig config;
  private DocumentGenerator generator;
  private DocumentSource source;
  private QueryGenerator queries;
  private QueryStats queryStats;
  private Measurements measurements;
  private ArrivalConfig arrivals = ArrivalConfig.CLOSED_LOOP;

  /** The JVM's one arrival schedule (YCSB's threads share this workload); null: closed loop. */
  private ArrivalPacer pacer;

  /** Every insert and update this client sends, when the sweep asks (a fault step); else null. */
  private AckedWriteLog ackedWrites;

  /** Where this client's slots (YCSB's key numbers) lie among the records. */
  private KeyLayout keys;

  private int clientIndex;
  private int clients = 1;

  /**
   * The version of this client's next write ({@link DocumentGenerator#fieldValue}): a sequence from
   * a random origin below 2^62, so writes of different clients or steps almost never share one.
   */
  private final AtomicLong nextVersion =
      new AtomicLong(1 + ThreadLocalRandom.current().nextLong(1L << 62));

  /** Per client thread: its reproducible question stream. */
  private record ThreadState(SplittableRandom questions, int thread, int threads) {}

  @Override
  public void init(Properties p) throws WorkloadException {
    try {
      config = SearchWorkloadConfig.fromProperties(p);
      arrivals = ArrivalConfig.fromProperties(p);
      if (arrivals.paced()) {
        pacer =
            new ArrivalPacer(
                arrivals,
                Props.threads(p),
                Path.of(Props.string(p, ARRIVALS_DIR, ".")),
                ArrivalPacer.DEFAULT_HOLDERS);
      }
    } catch (SetupException e) {
      throw new WorkloadException(e.getMessage());
    }
    if (config.dataset() != null && p.getProperty(KeyLayout.INSERT_START) == null) {
      // The file decides how many records there are; YCSB's Client reads recordcount after this
      // init. A step of the sweep (it sets the insert start) says how many exist by now: the
      // file's plus earlier steps' inserts.
      p.setProperty("recordcount", Long.toString(config.recordCount()));
    }
    super.init(p);
    try {
      clients = Props.integer(p, KeyLayout.CLIENTS, 1, 1);
      clientIndex = Props.integer(p, KeyLayout.CLIENT_INDEX, 0, 0);
      if (clientIndex >= clients) {
        throw new SetupException(
            String.format(
                "%s=%s is not below %s=%s",
                KeyLayout.CLIENT_INDEX, clientIndex, KeyLayout.CLIENTS, clients));
      }
      long start = Props.longValue(p, KeyLayout.INSERT_START, recordcount, 0);
      if (start < recordcount) {
        throw new SetupException(
            String.format(
                "%s=%s is below recordcount=%s: the step would insert records that exist",
                KeyLayout.INSERT_START, start, recordcount));
      }
      keys = new KeyLayout(recordcount, start);
      // Opened only when the sweep asks (a fault step).
      ackedWrites = AckedWriteLog.open(p.getProperty(AckedWriteLog.FILE_PROPERTY));
    } catch (SetupException | IllegalArgumentException e) {
      throw new WorkloadException(e.getMessage());
    }
    generator = config.newGenerator();
    source = config.newSource();
    measurements = Measurements.getMeasurements();
    if (config.searchProportion() > 0) {
      operationchooser.addValue(config.searchProportion(), SEARCH);
    }
    if (config.freshnessProportion() > 0) {
      operationchooser.addValue(config.freshnessProportion(), FRESHNESS);
    }
    if (config.searchProportion() > 0 || config.freshnessProportion() > 0) {
      queries =
          new QueryGenerator(
              config, source, config.pageMixNeedsHitCounts() ? source.buildOracle() : null);
      queryStats = new QueryStats(config);
    }
    try {
      StartGate.sleepUntil(Props.longValue(p, START_AT_EPOCH_MS, 0, 0));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkloadException("interrupted while waiting for the clients' agreed start");
    }
  }

  /** Notes one write and its answer in the acknowledged-writes log, when it is kept. */
  private void noteWrite(
      String op, String key, Map<String, String> values, long sentMs, Status status) {
    if (ackedWrites != null) {
      ackedWrites.record(
          op, key, values, sentMs, System.currentTimeMillis(), AckedWriteLog.Outcome.of(status));
    }
  }

  /** Notes the stop's instant for the arrival counts (the arrivals due end there). */
  @Override
  public void requestStop() {
    super.requestStop();
    if (pacer != null) {
      pacer.stopRequested(); // after the flag is set: see ArrivalPacer's counting rule
    }
  }

  /** Writes the query stats (when {@code docsearch.querystats.dir} is set) and pacing results. */
  @Override
  public void cleanup() throws WorkloadException {
    super.cleanup();
    try {
      if (ackedWrites != null) {
        ackedWrites.close();
      }
      if (pacer != null) {
        pacer.finish();
      }
      if (queryStats != null
          && config.searchProportion() > 0
          && !config.queryStatsDir().isEmpty()) {
        queryStats.summary().writeTo(Path.of(config.queryStatsDir()));
      }
    } catch (SetupException | UncheckedIOException e) {
      throw new WorkloadException(e.getMessage());
    }
  }

  /** The record key of a slot (CoreWorkload's READ and SCAN pass the slot its chooser drew). */
  @Override
  protected String buildKeyName(long keynum) {
    return source.key(record(keynum));
  }

  /** The record number of one of this client's slots. */
  long record(long slot) {
    return keys.record(slot, clientIndex, clients);
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) {
    return new ThreadState(
        new SplittableRandom(Seeds.mix(config.seed(), 0x5EA4C4L, mythreadid)),
        mythreadid,
        Math.max(1, threadcount));
  }

  public SearchWorkloadConfig config() {
    return config;
  }

  public ArrivalConfig arrivals() {
    return arrivals;
  }

  ArrivalSchedule arrivalSchedule() {
    return pacer == null ? null : pacer.schedule();
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    long keynum = record(keysequence.nextValue().intValue());
    Map<String, ByteIterator> values = bytes(source.document(keynum, 0));
    String key = source.key(keynum);
    Status status = db.insert(table, key, values);
    for (int retry = 1; !status.isOk() && retry <= insertionRetryLimit; retry++) {
      LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(insertionRetryInterval));
      status = db.insert(table, key, values);
    }
    return status.isOk();
  }

  /**
   * One operation; when paced, sent at the next arrival of the shared schedule and timed from it.
   * Returns false (ending the client thread) when the stop comes before the arrival was sent.
   */
  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    if (pacer == null) {
      return transaction(db, threadstate);
    }
    ArrivalSchedule.Arrival arrival = pacer.await(this::isStopRequested);
    if (arrival == null) {
      return false;
    }
    // YCSB's DBWrapper, SEARCH and READ-MODIFY-WRITE take intended latency from this.
    measurements.setIntendedStartTimeNs(arrival.nanos());
    pacer.sending(arrival);
    try {
      return transaction(db, threadstate);
    } finally {
      pacer.completed();
    }
  }

  private boolean transaction(DB db, Object threadstate) {
    String operation = operationchooser.nextString();
    if (operation == null) {
      return false;
    }
    ThreadState state = (ThreadState) threadstate;
    switch (operation) {
      case "READ" -> doTransactionRead(db);
      case "UPDATE" -> doTransactionUpdate(db);
      case "INSERT" -> doTransactionInsert(db);
      case "SCAN" -> doTransactionScan(db);
      case SEARCH -> doTransactionSearch(state);
      case FRESHNESS -> doTransactionFreshness(db, state);
      default -> doTransactionReadModifyWrite(db);
    }
    return true;
  }

  /** One page of a two-word search, timed once. */
  public void doTransactionSearch(Object threadstate) {
    QueryGenerator.Question question = queries.next(((ThreadState) threadstate).questions());
    SearchQuery query = question.query();
    List<SearchHit> page = new ArrayList<>(query.pageSize());
    long intended = measurements.getIntendedtartTimeNs();
    long start = System.nanoTime();
    Status status = SearchBindings.current().search(table, query, page);
    long end = System.nanoTime();
    String name = status.isOk() ? SEARCH : SEARCH + "-FAILED";
    measurements.measure(name, micros(end - start));
    measurements.measureIntended(name, micros(end - intended));
    measurements.reportStatus(SEARCH, status);
    queryStats.record(question, status.isOk() ? page.size() : -1);
  }

  /** Write a marker word into one record, then measure how long until search sees it. */
  public void doTransactionFreshness(DB db, Object threadstate) {
    long keynum = record(ownKeynum((ThreadState) threadstate));
    String key = source.key(keynum);
    long version = nextVersion.getAndIncrement();
    String marker = FreshnessMarker.next();
    Map<String, String> values = source.searchFields(keynum, version);
    values.put(config.schema().textField(), values.get(config.schema().textField()) + " " + marker);
    long sent = System.currentTimeMillis();
    Status written = db.update(table, key, bytes(values));
    noteWrite("UPDATE", key, values, sent, written);
    if (!written.isOk()) {
      return; // counted as UPDATE-FAILED by YCSB's DBWrapper
    }
    long acked = System.nanoTime();
    long deadline = acked + TimeUnit.MILLISECONDS.toNanos(config.freshnessTimeoutMs());
    SearchQuery probe = queries.query(List.of(marker), 0, 1);
    List<SearchHit> page = new ArrayList<>(1);
    while (true) {
      page.clear();
      Status status = SearchBindings.current().search(table, probe, page);
      long now = System.nanoTime();
      if (status.isOk() && !page.isEmpty() && key.equals(page.get(0).key())) {
        measurements.measure(FRESHNESS, micros(now - acked));
        measurements.reportStatus(FRESHNESS, Status.OK);
        return;
      }
      if (now > deadline || !status.isOk()) {
        measurements.measure(FRESHNESS + "-FAILED", micros(now - acked));
        measurements.reportStatus(FRESHNESS, status.isOk() ? Status.ERROR : status);
        return;
      }
      LockSupport.parkNanos(200_000); // poll every ~0.2 ms: fine resolution without spinning a core
    }
  }

  @Override
  public void doTransactionUpdate(DB db) {
    long keynum = record(nextKeynum());
    String key = source.key(keynum);
    Map<String, String> values = updateValues(keynum);
    long sent = System.currentTimeMillis();
    noteWrite("UPDATE", key, values, sent, db.update(table, key, bytes(values)));
  }

  @Override
  public void doTransactionInsert(DB db) {
    long slot = transactioninsertkeysequence.nextValue();
    try {
      long keynum = record(slot);
      String key = source.key(keynum);
      Map<String, String> doc = source.document(keynum, 0);
      long sent = System.currentTimeMillis();
      noteWrite("INSERT", key, doc, sent, db.insert(table, key, bytes(doc)));
    } finally {
      // Acknowledged after the store answered: only then may this client's key choosers pick it.
      transactioninsertkeysequence.acknowledge(slot);
    }
  }

  @Override
  public void doTransactionReadModifyWrite(DB db) {
    long keynum = record(nextKeynum());
    String key = source.key(keynum);
    Map<String, String> values = updateValues(keynum);
    long intended = measurements.getIntendedtartTimeNs();
    long start = System.nanoTime();
    Status read = db.read(table, key, readallfields ? null : values.keySet(), new HashMap<>());
    long sent = System.currentTimeMillis();
    Status update = db.update(table, key, bytes(values));
    noteWrite("UPDATE", key, values, sent, update);
    long end = System.nanoTime();
    // The composed operation fails when a part fails (each part is also in its own
    // READ/UPDATE-FAILED log); the results format then counts this operation's failure once.
    String name = read.isOk() && update.isOk() ? "READ-MODIFY-WRITE" : "READ-MODIFY-WRITE-FAILED";
    measurements.measure(name, micros(end - start));
    measurements.measureIntended(name, micros(end - intended));
  }

  private Map<String, String> updateValues(long keynum) {
    long version = nextVersion.getAndIncrement();
    if (writeallfields) {
      return source.document(keynum, version);
    }
    if (config.updateIndexedFields()) {
      return source.searchFields(keynum, version);
    }
    int field = fieldchooser.nextValue().intValue();
    return Map.of(config.fieldPrefix() + field, generator.fieldValue(keynum, version, field));
  }

  /**
   * A key only this thread writes markers into: the key chooser's pick moved to the thread's
   * residue class (key mod threads == thread), so two threads never race on one record's freshness
   * marker and time each other out. Returns a slot.
   */
  private long ownKeynum(ThreadState state) {
    long keynum = nextKeynum();
    long own = keynum - Math.floorMod(keynum, state.threads()) + state.thread();
    return own <= transactioninsertkeysequence.lastValue()
        ? own
        : Math.max(0, own - state.threads());
  }

  /**
   * The same key choice as CoreWorkload's package-private nextKeynum(): a slot of this client (see
   * {@link KeyLayout}), up to the last insert it acknowledged.
   */
  private long nextKeynum() {
    long keynum;
    if (keychooser instanceof ExponentialGenerator) {
      do {
        keynum = transactioninsertkeysequence.lastValue() - keychooser.nextValue().intValue();
      } while (keynum < 0);
    } else {
      do {
        keynum = keychooser.nextValue().intValue();
      } while (keynum > transactioninsertkeysequence.lastValue());
    }
    return keynum;
  }

  public static HashMap<String, ByteIterator> bytes(Map<String, String> doc) {
    HashMap<String, ByteIterator> out = new HashMap<>(doc.size() * 2);
    doc.forEach((k, v) -> out.put(k, new StringByteIterator(v)));
    return out;
  }

  private static int micros(long nanos) {
    return (int) Math.min(Integer.MAX_VALUE, nanos / 1000);
  }
}
