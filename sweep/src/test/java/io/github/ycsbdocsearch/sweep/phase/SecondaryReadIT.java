package io.github.ycsbdocsearch.sweep.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.verify.SearchVerification;
import io.github.ycsbdocsearch.sweep.targets.LocalStores;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A secondary read preference in the load's properties changes nothing in the durability verdict,
 * on the real local MongoDB cluster ({@code scripts/stores.sh start --topology cluster mongodb}).
 * On every shard one secondary is made to lag for certain and the other is hidden: the lagging one
 * is fsync-locked ({@code fsync} with {@code lock: true}: it applies no write until unlocked, and
 * still answers reads from what it had), the hidden one still replicates, from the primary
 * (chaining off), and votes (a majority write is acknowledged at once) but no driver reads it.
 * Whatever the load's preference sends to a secondary reads the lagging one. (A delayed member
 * would not do: a replica set does not name it to drivers, so no read preference reaches it.) The
 * stream writes with that preference in its properties (100 inserts, w:majority); a direct read
 * with the same properties misses every acknowledged key (the control: the lag is real), and the
 * checker, which reads the primary with read concern majority ({@link SourceOfTruth}), finds every
 * one: lost 0. The shards get their configurations back, unlocked, at the end.
 *
 * <p>Runs only when env {@code DOCSEARCH_CLUSTER_ITS=true}, and then fails if the cluster is down.
 */
class SecondaryReadIT {
  private static final String TABLE = "secondaryread";

  /** Acknowledged writes each stream makes (100 a second)... */
  private static final int WRITES = 100;

  /** ...unless this long has passed. */
  private static final long WRITE_LIMIT_MS = 20_000;

  private static Properties cluster;

  /** Per shard: its replica set, its configuration before the test, its lagging member. */
  private record Shard(MongoClient set, String database, Document config, MongoClient lagging) {}

  private static final List<Shard> SHARDS = Collections.synchronizedList(new ArrayList<>());

  @BeforeAll
  static void lagOneSecondaryAndHideTheOtherOnEveryShard() throws Exception {
    assumeTrue(
        "true".equals(System.getenv("DOCSEARCH_CLUSTER_ITS")),
        "cluster ITs are off: set DOCSEARCH_CLUSTER_ITS=true after scripts/stores.sh start"
            + " --topology cluster mongodb");
    Path home = LocalStores.storesHome(Path.of("..").toAbsolutePath(), System.getenv());
    cluster = HostsFile.read(home.resolve("hosts-cluster.json")).propertiesOf(StoreKind.MONGODB);
    cluster.setProperty("table", TABLE);
    cluster.setProperty("recordcount", "100");
    // Acknowledged once a majority holds it: what the checker's majority read must then find. (With
    // w:1 the newest writes could still be on the primary alone when they are read back.)
    cluster.setProperty("mongodb.writeConcern", "majority");
    // The collection and its text index first: an index build waits for every voting member, the
    // locked one too.
    SearchVerification.close(SearchVerification.open(StoreKind.MONGODB, cluster));
    inParallel(
        List.of(cluster.getProperty("mongodb.shards").trim().split("\\s+")),
        SecondaryReadIT::lagOneSecondaryAndHideTheOther);
  }

  @AfterAll
  static void restoreTheShards() throws Exception {
    inParallel(List.copyOf(SHARDS), SecondaryReadIT::restore);
  }

  @ParameterizedTest
  @ValueSource(strings = {"secondary", "secondaryPreferred"})
  void theVerdictReadsThePrimaryWhateverTheLoadPrefers(String preference) throws Exception {
    Properties load = new Properties();
    load.putAll(cluster);
    load.setProperty("mongodb.readPreference", preference);
    AckedWrites stream =
        new AckedWrites(
            StoreKind.MONGODB, load, preference + System.currentTimeMillis(), 100, 1, 0);
    // Opened first, its client (shared with the stream's, same settings) knows every member by the
    // time it reads: a client just made may pick the primary for secondaryPreferred while it has
    // not yet heard from a secondary.
    DB direct = SearchVerification.open(StoreKind.MONGODB, load);
    long acked;
    long seen = 0;
    AckedWrites.Outcome o;
    try {
      long start = System.currentTimeMillis();
      stream.start();
      while (stream.acked() < WRITES && System.currentTimeMillis() < start + WRITE_LIMIT_MS) {
        Thread.sleep(50);
      }
      stream.stop();
      long end = System.currentTimeMillis();
      acked = stream.acked();
      assertTrue(
          acked >= WRITES, "only " + acked + " writes acknowledged in " + (end - start) + " ms");
      // The checker first, then the control: the secondary lagged while the checker read.
      o = stream.readBack(0, start, end, LoadLogs.NONE);
      for (long n = 0; n < acked; n++) {
        Status s = direct.read(TABLE, stream.key(n), null, new HashMap<>());
        assertTrue(Status.OK.equals(s) || Status.NOT_FOUND.equals(s), stream.key(n) + ": " + s);
        seen += Status.OK.equals(s) ? 1 : 0;
      }
    } finally {
      SearchVerification.close(direct);
    }
    assertEquals(0, seen, "a read with " + preference + " saw fresh writes: no secondary lags");
    assertEquals(0, o.record().failed(), o.record().firstError());
    assertEquals(
        "lost 0 of " + acked,
        o.record().verdict(),
        "read " + preference + ": " + o.record().lostKeys());
    assertTrue(o.check().flippedKeys().isEmpty(), "keys changed: " + o.check().flippedKeys());
  }

  private static void lagOneSecondaryAndHideTheOther(String url) {
    MongoClient set = MongoClients.create(url);
    Document config = config(set);
    String primary = admin(set).runCommand(new Document("hello", 1)).getString("primary");
    List<String> secondaries = new ArrayList<>();
    for (Document m : config.getList("members", Document.class)) {
      assertTrue(
          !m.getBoolean("hidden", false),
          url + ": " + m.getString("host") + " is hidden already (an earlier run's leftover?)");
      if (!m.getString("host").equals(primary)) {
        secondaries.add(m.getString("host"));
      }
    }
    assertEquals(2, secondaries.size(), url + ": two secondaries");
    String hidden = secondaries.get(1);
    List<Document> members = new ArrayList<>();
    for (Document m : config.getList("members", Document.class)) {
      // A hidden member must not become primary.
      members.add(
          m.getString("host").equals(hidden)
              ? new Document(m).append("priority", 0).append("hidden", true)
              : m);
    }
    // Without chaining the hidden member copies from the primary, never from the locked one.
    reconfig(set, members, new Document(settings(config)).append("chainingAllowed", false));
    try (MongoClient h = direct(hidden)) {
      awaitSyncSource(h, primary);
    }
    MongoClient lagging = direct(secondaries.get(0));
    admin(lagging).runCommand(new Document("fsync", 1).append("lock", true));
    SHARDS.add(new Shard(set, new ConnectionString(url).getDatabase(), config, lagging));
  }

  private static void restore(Shard s) {
    admin(s.lagging()).runCommand(new Document("fsyncUnlock", 1));
    s.lagging().close();
    reconfig(s.set(), s.config().getList("members", Document.class), settings(s.config()));
    s.set().getDatabase(s.database()).getCollection(TABLE).drop();
    s.set().close();
  }

  /**
   * Each shard at once (a reconfiguration waits a heartbeat for its commit); the first failure is
   * thrown once all have ended.
   */
  private static <T> void inParallel(List<T> items, Consumer<T> action) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, items.size()));
    try {
      List<Future<Object>> done =
          pool.invokeAll(
              items.stream().map(i -> Executors.callable(() -> action.accept(i))).toList());
      for (Future<Object> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
  }

  private static MongoDatabase admin(MongoClient c) {
    return c.getDatabase("admin");
  }

  private static Document config(MongoClient set) {
    return admin(set).runCommand(new Document("replSetGetConfig", 1)).get("config", Document.class);
  }

  private static Document settings(Document config) {
    return config.get("settings", Document.class);
  }

  private static MongoClient direct(String host) {
    return MongoClients.create("mongodb://" + host + "/?directConnection=true");
  }

  /** Waits until the member copies from {@code source}. */
  private static void awaitSyncSource(MongoClient member, String source) {
    long deadline = System.currentTimeMillis() + 30_000;
    String now = null;
    while (System.currentTimeMillis() < deadline) {
      now =
          admin(member).runCommand(new Document("replSetGetStatus", 1)).getString("syncSourceHost");
      if (source.equals(now)) {
        return;
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
    }
    throw new AssertionError("the hidden member copies from '" + now + "', not from " + source);
  }

  /** The shard's configuration with these members and settings, as its next version. */
  private static void reconfig(MongoClient set, List<Document> members, Document settings) {
    Document next = new Document(config(set));
    // The primary sets the term itself.
    next.remove("term");
    next.put("version", next.getInteger("version") + 1);
    next.put("members", members);
    next.put("settings", settings);
    admin(set).runCommand(new Document("replSetReconfig", next));
  }
}
