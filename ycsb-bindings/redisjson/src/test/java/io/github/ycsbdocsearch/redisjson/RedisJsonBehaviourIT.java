package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreProbe;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.json.JsonProtocol.JsonCommand;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * What the contract does not cover, checked on the single Redis server: storage format, lifecycle,
 * timeouts.
 */
class RedisJsonBehaviourIT {
  private final RedisJsonProbe probe = new RedisJsonProbe();
  private Properties props;
  private String table;
  private UnifiedJedis raw;

  @BeforeEach
  void open() {
    table = "behave" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    props = RedisTestStores.single();
    props.setProperty("table", table);
    raw = RedisConnector.open(RedisJsonConfig.fromProperties(props));
  }

  @AfterEach
  void close() {
    probe.reset(props, table);
    raw.close();
  }

  private RedisJsonClient newClient() throws Exception {
    RedisJsonClient db = new RedisJsonClient();
    db.setProperties(props);
    db.init();
    return db;
  }

  private static Map<String, ByteIterator> values(String... kv) {
    Map<String, ByteIterator> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  private Object rawCommand(RedisCommand c, String... args) {
    CommandArguments a = c.args();
    for (String s : args) {
      a.add(s);
    }
    return RedisSearchIndex.decode(raw.executeCommand(a));
  }

  @Test
  void storesTheSortFieldAsAJsonNumberAndReadsItBackAsDecimal() throws Exception {
    RedisJsonClient db = newClient();
    try {
      assertEquals(
          Status.OK,
          db.insert(table, "k1", values("rank", "9007199254740991", "title", "a b", "f", "1")));
      assertEquals(
          List.of("integer"),
          RedisSearchIndex.decode(
              raw.executeCommand(
                  new CommandArguments(JsonCommand.TYPE).add(table + ":k1").add("$.rank"))));
      assertEquals(
          List.of("string"),
          RedisSearchIndex.decode(
              raw.executeCommand(
                  new CommandArguments(JsonCommand.TYPE).add(table + ":k1").add("$.f"))));
      Map<String, ByteIterator> out = new HashMap<>();
      assertEquals(Status.OK, db.read(table, "k1", Set.of("rank"), out));
      assertEquals("9007199254740991", out.get("rank").toString());
      assertEquals(Status.OK, db.update(table, "k1", values("rank", "12")));
      out.clear();
      assertEquals(Status.OK, db.read(table, "k1", Set.of("rank", "f", "missing"), out));
      assertEquals(Map.of("rank", "12", "f", "1"), strings(out));
      assertEquals(Status.BAD_REQUEST, db.insert(table, "k2", values("rank", "twelve")));
      assertEquals(Status.NOT_FOUND, db.read(table, "k2", null, new HashMap<>()));
    } finally {
      db.cleanup();
    }
  }

  @Test
  void updateOfAMissingRecordIsNotFoundAndCreatesNothing() throws Exception {
    RedisJsonClient db = newClient();
    try {
      assertEquals(Status.NOT_FOUND, db.update(table, "ghost", values("field0", "x")));
      assertEquals(Status.NOT_FOUND, db.read(table, "ghost", null, new HashMap<>()));
      assertEquals(Status.NOT_FOUND, db.delete(table, "ghost"));
      assertEquals(0L, probe.count(props, table));
    } finally {
      db.cleanup();
    }
  }

  @Test
  void threadsShareOneClientThatTheLastCleanupCloses() throws Exception {
    int before = SharedRedisClient.openClients();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Status>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        String key = "t" + t;
        results.add(
            pool.submit(
                () -> {
                  RedisJsonClient db = newClient();
                  try {
                    Status s =
                        db.insert(
                            table, key, values("title", "shared client", "rank", key.substring(1)));
                    Map<String, ByteIterator> out = new HashMap<>();
                    return s.isOk() ? db.read(table, key, null, out) : s;
                  } finally {
                    db.cleanup();
                  }
                }));
      }
      for (Future<Status> f : results) {
        assertEquals(Status.OK, f.get());
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(
        before, SharedRedisClient.openClients(), "the last cleanup closed the shared client");
    RedisJsonClient a = newClient();
    RedisJsonClient b = newClient();
    assertEquals(before + 1, SharedRedisClient.openClients());
    a.cleanup();
    assertEquals(
        Status.OK, b.read(table, "t3", null, new HashMap<>()), "still open for the other user");
    b.cleanup();
    assertEquals(before, SharedRedisClient.openClients());
  }

  @Test
  void anExistingIndexWithAnotherDefinitionIsRefused() {
    rawCommand(
        RedisCommand.FT_CREATE,
        RedisKeys.index(table),
        "ON",
        "JSON",
        "PREFIX",
        "1",
        table + ":",
        "SCHEMA",
        "$.title",
        "AS",
        "title",
        "TEXT",
        "$.rank",
        "AS",
        "rank",
        "NUMERIC",
        "SORTABLE");
    RedisJsonClient db = new RedisJsonClient();
    db.setProperties(props);
    SetupException e = assertThrows(SetupException.class, db::init);
    assertTrue(
        e.getMessage()
            .contains("index " + RedisKeys.index(table) + " exists with another definition"),
        e.getMessage());
  }

  @Test
  void describeNamesVersionsDurabilityAndSearchSettings() {
    Map<String, Object> d = probe.describe(props);
    assertEquals("single", d.get("topology"));
    assertTrue(String.valueOf(d.get("redis_version")).matches("\\d+\\.\\d+\\.\\d+"), d.toString());
    Map<?, ?> modules = (Map<?, ?>) d.get("modules");
    assertTrue(modules.containsKey("search") && modules.containsKey("ReJSON"), d.toString());
    Map<?, ?> config = (Map<?, ?>) d.get("server_config");
    for (String key :
        List.of("appendonly", "appendfsync", "maxmemory", "maxmemory-policy", "io-threads")) {
      assertTrue(config.containsKey(key), key + " in " + config);
    }
    assertTrue(((Map<?, ?>) d.get("search_config")).containsKey("ON_TIMEOUT"), d.toString());
    assertTrue(String.valueOf(d.get("client")).startsWith("jedis 8."), d.toString());
  }

  /**
   * With the module's query timeout at 1 ms, a plain FT.SEARCH on a deep page does not return the
   * whole page: a partial page without error (ON_TIMEOUT RETURN, the module default) or an error
   * (ON_TIMEOUT FAIL). The binding's per-query TIMEOUT 0 still returns the exact page.
   */
  @Test
  void aDeepPageIsNeverCutShortByTheModuleTimeout() throws Exception {
    int docs = 20_000;
    RedisJsonClient db = newClient();
    String saved =
        String.valueOf(
            ((List<?>) ((List<?>) rawCommand(RedisCommand.FT_CONFIG, "GET", "TIMEOUT")).get(0))
                .get(1));
    try (AbstractPipeline p = raw.pipelined()) {
      for (int i = 0; i < docs; i++) {
        // rank decreases with i, so the deepest ascending page holds the first keys.
        p.sendCommand(
            RedisCommand.JSON_SET
                .args()
                .key(table + ":k" + i)
                .add("$")
                .add("{\"title\":\"deep page\",\"rank\":" + (docs - i) + "}"));
      }
      p.sync();
    }
    try {
      rawCommand(RedisCommand.FT_CONFIG, "SET", "TIMEOUT", "1");
      assertFalse(
          completeWithoutTimeoutOverride(docs),
          "control: the module's 1 ms timeout should cut the page");
      List<SearchHit> page = new ArrayList<>();
      assertEquals(
          Status.OK,
          SearchBindings.current()
              .search(
                  table,
                  new SearchQuery(
                      "title", List.of("deep", "page"), "rank", true, docs - 5, 5, true),
                  page));
      assertEquals(
          IntStream.of(4, 3, 2, 1, 0).mapToObj(i -> "k" + i).collect(Collectors.toList()),
          page.stream().map(SearchHit::key).collect(Collectors.toList()));
    } finally {
      rawCommand(RedisCommand.FT_CONFIG, "SET", "TIMEOUT", saved);
      db.cleanup();
    }
  }

  private boolean completeWithoutTimeoutOverride(int docs) {
    try {
      List<?> plain =
          (List<?>)
              rawCommand(
                  RedisCommand.FT_SEARCH,
                  RedisKeys.index(table),
                  "@title:(deep page)",
                  "NOCONTENT",
                  "SORTBY",
                  "rank",
                  "ASC",
                  "LIMIT",
                  String.valueOf(docs - 5),
                  "5",
                  "DIALECT",
                  "2");
      return plain.size() == 6 && Long.valueOf(docs).equals(plain.get(0));
    } catch (JedisDataException e) {
      return false;
    }
  }

  private static Map<String, String> strings(Map<String, ByteIterator> m) {
    Map<String, String> out = new HashMap<>();
    m.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  /**
   * Redis counts a rewrite or a snapshot when it forks the child, so each forced one must raise its
   * counter by exactly one in every sample, while it runs and after it ends. (The sampler once
   * added the one in progress and counted every rewrite it sampled running twice.)
   */
  @Test
  void theBackgroundSamplerCountsEachForcedRewriteAndSnapshotOnce() throws Exception {
    try (StoreProbe.BackgroundSampler sampler = probe.backgroundSampler(props)) {
      assertRaisedByOne(sampler, Protocol.Command.BGREWRITEAOF, "aof_rewrite", "aof_rewrite");
      assertRaisedByOne(sampler, Protocol.Command.BGSAVE, "rdb_save", "rdb_bgsave");
    }
  }

  private void assertRaisedByOne(
      StoreProbe.BackgroundSampler sampler, Protocol.Command command, String kind, String info)
      throws InterruptedException {
    String inProgress = info + "_in_progress";
    awaitPersistence(inProgress, "0");
    Map<String, Long> first = sampler.counters();
    assertTrue(
        first.keySet().stream().allMatch(k -> k.contains(StoreProbe.BackgroundSampler.AT)),
        "every counter names its server: " + first);
    long before = total(first, kind);
    raw.executeCommand(new CommandArguments(command));
    List<Long> rises = new ArrayList<>();
    boolean running = true;
    for (int i = 0; i < 3000 && running; i++) {
      running = !"0".equals(persistence().get(inProgress));
      rises.add(total(sampler.counters(), kind) - before);
      Thread.sleep(10);
    }
    assertFalse(running, command + " still running after 30 s");
    assertEquals(Set.of(1L), Set.copyOf(rises), kind + " per sample: " + rises);
  }

  private void awaitPersistence(String key, String value) throws InterruptedException {
    for (int i = 0; i < 3000 && !value.equals(persistence().get(key)); i++) {
      Thread.sleep(10);
    }
    assertEquals(value, persistence().get(key), key);
  }

  private Map<String, String> persistence() {
    return RedisJsonProbe.infoFields(
        raw.executeCommand(RedisCommand.INFO.args().add("persistence")));
  }

  /** A kind's counters summed over the servers of one sample. */
  private static long total(Map<String, Long> counters, String kind) {
    return counters.entrySet().stream()
        .filter(e -> StoreProbe.BackgroundSampler.kindOf(e.getKey()).equals(kind))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }
}
