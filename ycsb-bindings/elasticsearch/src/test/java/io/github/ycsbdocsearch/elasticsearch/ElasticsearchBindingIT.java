package io.github.ycsbdocsearch.elasticsearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch.core.BulkRequest;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreProbe;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.Vector;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Elasticsearch-specific behaviour on the local node, beyond the shared contract: no refresh forced
 * into operations, reads by {@code _id} in real time, deep pages, the mapping guard, the shared
 * client's reference count, and what the probe describes.
 */
class ElasticsearchBindingIT {
  private final ElasticsearchProbe probe = new ElasticsearchProbe();
  private final List<ElasticsearchClient> open = new ArrayList<>();
  private String table;

  @BeforeEach
  void newTable() {
    table = "binding" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
  }

  @AfterEach
  void dropTable() throws Exception {
    for (ElasticsearchClient db : open) {
      db.cleanup();
    }
    probe.reset(props(), table);
  }

  private Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty(ElasticsearchConfig.HOSTS_PROPERTY, ElasticsearchContractIT.localHosts());
    p.setProperty("table", table);
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private ElasticsearchClient db(Properties p) throws Exception {
    ElasticsearchClient db = new ElasticsearchClient();
    db.setProperties(p);
    db.init();
    open.add(db);
    return db;
  }

  private static Map<String, ByteIterator> doc(String title, long rank) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    m.put("title", new StringByteIterator(title));
    m.put("rank", new StringByteIterator(Long.toString(rank)));
    return m;
  }

  private List<String> keys(ElasticsearchClient db, int offset, int size, String... words) {
    List<SearchHit> page = new ArrayList<>();
    assertEquals(
        Status.OK,
        db.search(
            table,
            new SearchQuery("title", List.of(words), "rank", true, offset, size, true),
            page));
    return page.stream().map(SearchHit::key).collect(Collectors.toList());
  }

  @Test
  void writesAreNotRefreshedButReadsByIdSeeThemAtOnce() throws Exception {
    // Refresh disabled on the index: only an explicit refresh makes a write searchable.
    ElasticsearchClient db = db(props(ElasticsearchConfig.REFRESH_INTERVAL_PROPERTY, "-1"));
    assertEquals(Status.OK, db.insert(table, "k1", doc("red shoe", 1)));
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.OK, db.read(table, "k1", null, out), "get by _id is real time");
    assertEquals(
        Status.OK, db.update(table, "k1", doc("red shoe", 2)), "update by _id needs no refresh");
    assertEquals(
        List.of(),
        keys(db, 0, 10, "red", "shoe"),
        "not searchable before a refresh: none was forced");
    probe.refresh(props(), table);
    assertEquals(List.of("k1"), keys(db, 0, 10, "red", "shoe"));
  }

  @Test
  void scanIsASearchSoItSeesWritesOnceRefreshed() throws Exception {
    ElasticsearchClient db = db(props(ElasticsearchConfig.REFRESH_INTERVAL_PROPERTY, "-1"));
    for (String k : List.of("user05", "user01", "user04", "user02", "user03", "user10")) {
      assertEquals(Status.OK, db.insert(table, k, doc("t " + k, k.hashCode())));
    }
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertEquals(Status.OK, db.scan(table, "user02", 3, null, out));
    assertEquals(
        0, out.size(), "near-real-time: nothing before a refresh, and the binding forces none");
    probe.refresh(props(), table);
    assertEquals(Status.OK, db.scan(table, "user02", 3, null, out));
    assertEquals(
        List.of("t user02", "t user03", "t user04"),
        out.stream().map(m -> m.get("title").toString()).collect(Collectors.toList()));
    assertEquals(Set.of("title", "rank"), out.get(0).keySet(), "the key copy is not returned");
    out.clear();
    assertEquals(Status.OK, db.scan(table, "user045", 10, Set.of("title"), out));
    assertEquals(
        List.of("t user05", "t user10"),
        out.stream().map(m -> m.get("title").toString()).collect(Collectors.toList()));
    assertEquals(Set.of("title"), out.get(0).keySet());
  }

  @Test
  void refreshTrueMakesEachWriteSearchable() throws Exception {
    ElasticsearchClient db =
        db(
            props(
                ElasticsearchConfig.REFRESH_INTERVAL_PROPERTY,
                "-1",
                ElasticsearchConfig.REFRESH_PROPERTY,
                "true"));
    assertEquals(Status.OK, db.insert(table, "k1", doc("red shoe", 1)));
    assertEquals(List.of("k1"), keys(db, 0, 10, "red", "shoe"));
  }

  @Test
  void missingKeysAreNotFoundForEveryOperation() throws Exception {
    ElasticsearchClient db = db(props());
    assertEquals(Status.NOT_FOUND, db.read(table, "nope", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.update(table, "nope", doc("a", 1)));
    assertEquals(Status.NOT_FOUND, db.delete(table, "nope"));
    assertEquals(
        Status.BAD_REQUEST,
        db.insert(table, "k", Map.of("rank", new StringByteIterator("1.5"))),
        "a non-integer sort value is refused before it reaches the store");
  }

  @Test
  void deepPagesPastTheDefaultWindowWork() throws Exception {
    ElasticsearchClient db = db(props());
    int n = 10_050;
    DocumentMapper mapper = new DocumentMapper(SearchSchema.fromProperties(props()));
    co.elastic.clients.elasticsearch.ElasticsearchClient es =
        ElasticsearchConnector.open(ElasticsearchConfig.connection(props()));
    try {
      for (int start = 0; start < n; start += 2_000) {
        BulkRequest.Builder bulk = new BulkRequest.Builder().index(table);
        for (int i = start; i < Math.min(n, start + 2_000); i++) {
          String key = String.format("user%05d", i);
          var source = mapper.document(key, doc("deep page", i));
          bulk.operations(op -> op.index(x -> x.id(key).document(source)));
        }
        assertFalse(es.bulk(bulk.build()).errors());
      }
    } finally {
      ElasticsearchConnector.close(es);
    }
    probe.refresh(props(), table);
    assertEquals(n, probe.count(props(), table));
    assertEquals(List.of("user10000", "user10001"), keys(db, 10_000, 2, "deep", "page"));
    assertEquals(List.of("user10049"), keys(db, 10_049, 5, "deep", "page"));
    assertEquals(List.of(), keys(db, 20_000, 5, "deep", "page"));
  }

  @Test
  void anIndexWithAnotherMappingIsRefused() throws Exception {
    // An index auto-created by a write has dynamic mappings: rank would be long, but the key copy
    // text.
    ElasticsearchClient first = db(props());
    probe.reset(props(), table);
    co.elastic.clients.elasticsearch.ElasticsearchClient es =
        ElasticsearchConnector.open(ElasticsearchConfig.connection(props()));
    try {
      es.indices()
          .create(c -> c.index(table).mappings(m -> m.properties("title", p -> p.keyword(k -> k))));
    } finally {
      ElasticsearchConnector.close(es);
    }
    first.cleanup();
    open.remove(first);
    SetupException e = assertThrows(SetupException.class, () -> db(props()));
    assertTrue(
        e.getMessage().contains("exists with another mapping (field 'title'"), e.getMessage());
  }

  @Test
  void theSharedClientOutlivesAnyOneThreadUntilTheLast() throws Exception {
    ElasticsearchClient a = db(props());
    ElasticsearchClient b = db(props());
    assertEquals(Status.OK, a.insert(table, "k1", doc("x", 1)));
    a.cleanup();
    open.remove(a);
    assertEquals(
        Status.OK, b.read(table, "k1", null, new HashMap<>()), "b still works after a's cleanup");
  }

  @Test
  void describeReportsTheSettingsThatShapeTheNumbers() throws Exception {
    db(props());
    Map<String, Object> d = probe.describe(props());
    assertTrue(String.valueOf(d.get("server_version")).startsWith("8."), d.toString());
    assertEquals(1, d.get("nodes"));
    Map<?, ?> heap = (Map<?, ?>) d.get("nodes_heap_max_bytes");
    assertEquals(1, heap.size(), heap.toString());
    assertTrue(heap.values().iterator().next() instanceof Long b && b > 0, heap.toString());
    assertEquals("1", d.get("shards"));
    assertEquals("0", d.get("replicas"));
    assertEquals("1s", d.get("refresh_interval"));
    assertEquals("async", d.get("translog_durability"));
    assertEquals("1s", d.get("translog_sync_interval"));
    assertEquals(1_000_000, d.get("max_result_window"));
    assertEquals("false", d.get("write_refresh_policy"));
    assertEquals("standard", d.get("text_analyzer"));
    assertEquals("long", d.get("sort_field_type"));
    assertEquals("false", d.get("dynamic_mapping"));
  }

  @Test
  void theBackgroundSamplerCountsTheJvmsCollectionsWithTheirTime() {
    try (StoreProbe.BackgroundSampler sampler = probe.backgroundSampler(props())) {
      Map<String, Long> c = new TreeMap<>();
      sampler
          .counters()
          .forEach(
              (k, v) -> {
                assertTrue(!StoreProbe.BackgroundSampler.nodeOf(k).isEmpty(), "per node: " + k);
                c.merge(StoreProbe.BackgroundSampler.kindOf(k), v, Long::sum);
              });
      // A started node has collected at least once (its start-up allocates far more than one
      // young region): the counters are real, not placeholders.
      assertTrue(c.getOrDefault("es_gc_young", 0L) > 0, c.toString());
      assertTrue(c.getOrDefault("es_gc_young_ms", -1L) >= 0, c.toString());
      assertTrue(c.containsKey("es_gc_old") && c.containsKey("es_gc_old_ms"), c.toString());
      assertTrue(c.containsKey("es_refresh") && c.containsKey("es_merge"), c.toString());
    }
  }
}
