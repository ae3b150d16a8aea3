package io.github.ycsbdocsearch.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchableDB;
import io.github.ycsbdocsearch.common.StoreKind;
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
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The behaviour every binding must show against its real store: YCSB CRUD, scan order, and the
 * search semantics this suite promises (AND, lowercase, no stemming, no stop words, numeric sort,
 * exact pagination).
 *
 * <p>A binding's integration test extends this and says which store and where it listens. Stores
 * are started by {@code scripts/stores.sh start}; a store that does not answer fails the test (no
 * silent skip).
 */
public abstract class StoreContractTest {

  protected DB db;
  protected StoreProbe probe;
  protected Properties props;
  protected String table;

  /** Which store this test runs against. */
  protected abstract StoreKind kind();

  /** Connection properties of the local store (host, port, credentials). */
  protected abstract Properties connectionProperties();

  @BeforeEach
  void open() throws Exception {
    table = "contract" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    props = new Properties();
    props.putAll(connectionProperties());
    props.setProperty("table", table);
    probe = kind().newProbe();
    probe.check(props);
    probe.reset(props, table);
    db = (DB) Class.forName(kind().dbClass()).getDeclaredConstructor().newInstance();
    db.setProperties(props);
    db.init();
  }

  @AfterEach
  void close() throws Exception {
    if (db != null) {
      db.cleanup();
    }
    if (probe != null) {
      probe.reset(props, table);
    }
  }

  protected static Map<String, ByteIterator> fields(String... kv) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  protected static Map<String, String> strings(Map<String, ByteIterator> m) {
    Map<String, String> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  private Map<String, String> read(String key, Set<String> fields) {
    Map<String, ByteIterator> out = new HashMap<>();
    Status s = db.read(table, key, fields, out);
    assertEquals(Status.OK, s, "read " + key);
    return strings(out);
  }

  @Test
  void insertThenReadReturnsTheSameFields() {
    assertEquals(Status.OK, db.insert(table, "user1", fields("field0", "a b c", "field1", "xyz")));
    assertEquals(Map.of("field0", "a b c", "field1", "xyz"), read("user1", null));
    assertEquals(Map.of("field1", "xyz"), read("user1", Set.of("field1")));
  }

  @Test
  void readOfAMissingKeyIsNotFound() {
    assertEquals(Status.NOT_FOUND, db.read(table, "nosuchkey", null, new HashMap<>()));
  }

  @Test
  void updateChangesOnlyTheGivenFields() {
    db.insert(
        table,
        "user2",
        fields("field0", "old0", "field1", "old1", "title", "alpha beta", "rank", "7"));
    assertEquals(Status.OK, db.update(table, "user2", fields("field1", "new1", "rank", "8")));
    assertEquals(
        Map.of("field0", "old0", "field1", "new1", "title", "alpha beta", "rank", "8"),
        read("user2", null));
  }

  @Test
  void deleteRemovesTheRecord() {
    db.insert(table, "user3", fields("field0", "v"));
    assertEquals(Status.OK, db.delete(table, "user3"));
    assertEquals(Status.NOT_FOUND, db.read(table, "user3", null, new HashMap<>()));
  }

  @Test
  void scanReturnsRecordsInKeyOrderFromTheStartKey() {
    for (String k : List.of("user05", "user01", "user04", "user02", "user03", "user10")) {
      assertEquals(Status.OK, db.insert(table, k, fields("field0", "v" + k)));
    }
    probe.refresh(
        props, table); // a scan is a search in Elasticsearch: near-real-time, like its search
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertEquals(Status.OK, db.scan(table, "user02", 3, null, out));
    List<String> values =
        out.stream().map(m -> m.get("field0").toString()).collect(Collectors.toList());
    assertEquals(List.of("vuser02", "vuser03", "vuser04"), values);
    out.clear();
    assertEquals(Status.OK, db.scan(table, "user045", 10, Set.of("field0"), out));
    assertEquals(
        List.of("vuser05", "vuser10"),
        out.stream().map(m -> m.get("field0").toString()).collect(Collectors.toList()));
  }

  // ---- search ----

  private SearchableDB searchable() {
    return SearchBindings.current();
  }

  /** Loads a small catalogue: key -> (title, rank). */
  private void loadCatalogue(Map<String, Object[]> docs) {
    docs.forEach(
        (key, tr) ->
            assertEquals(
                Status.OK,
                db.insert(
                    table,
                    key,
                    fields(
                        "title",
                        (String) tr[0],
                        "rank",
                        String.valueOf(tr[1]),
                        "field0",
                        "f" + key))));
    probe.refresh(props, table);
  }

  protected List<String> search(boolean ascending, int offset, int size, String... words) {
    List<SearchHit> page = new ArrayList<>();
    Status s =
        searchable()
            .search(
                table,
                new SearchQuery("title", List.of(words), "rank", ascending, offset, size, true),
                page);
    assertEquals(Status.OK, s, "search " + List.of(words));
    return page.stream().map(SearchHit::key).collect(Collectors.toList());
  }

  private Map<String, Object[]> catalogue() {
    Map<String, Object[]> docs = new LinkedHashMap<>();
    docs.put("k01", new Object[] {"red shoe running", 100});
    docs.put("k02", new Object[] {"red shoe", 9});
    docs.put("k03", new Object[] {"blue shoe", 10});
    docs.put("k04", new Object[] {"Red Hat shoe", 55});
    docs.put("k05", new Object[] {"red hat", 1});
    docs.put("k06", new Object[] {"the red shoe of", 1000});
    docs.put("k07", new Object[] {"shoes red run", 20});
    docs.put("k08", new Object[] {"reds shoe", 30});
    return docs;
  }

  @Test
  void searchMatchesAllWordsSortedNumerically() {
    loadCatalogue(catalogue());
    // AND of both words, case-insensitive, no stemming (shoes/reds do not match), numeric not
    // lexical order.
    assertEquals(List.of("k02", "k04", "k01", "k06"), search(true, 0, 10, "red", "shoe"));
    assertEquals(List.of("k06", "k01", "k04", "k02"), search(false, 0, 10, "red", "shoe"));
  }

  @Test
  void searchPagesExactly() {
    loadCatalogue(catalogue());
    assertEquals(List.of("k02"), search(true, 0, 1, "red", "shoe"));
    assertEquals(List.of("k04", "k01"), search(true, 1, 2, "red", "shoe"));
    assertEquals(List.of("k06"), search(true, 3, 2, "red", "shoe"));
    assertTrue(search(true, 4, 2, "red", "shoe").isEmpty(), "a page past the end is empty");
    assertTrue(
        search(true, 1000, 10, "red", "shoe").isEmpty(), "a deep page past the end is empty");
  }

  @Test
  void searchKeepsStopWordsAndDoesNotStem() {
    loadCatalogue(catalogue());
    assertEquals(List.of("k06"), search(true, 0, 10, "the", "of"));
    assertEquals(List.of("k07"), search(true, 0, 10, "run", "shoes"));
    assertTrue(search(true, 0, 10, "running", "shoes").isEmpty());
  }

  @Test
  void searchWithNoHitIsAnEmptyOkPage() {
    loadCatalogue(catalogue());
    assertTrue(search(true, 0, 10, "green", "shoe").isEmpty());
    assertTrue(search(true, 0, 10, "zzzunknown", "qqqnothing").isEmpty());
  }

  @Test
  void searchReturnsDocumentsWhenAsked() {
    loadCatalogue(catalogue());
    List<SearchHit> page = new ArrayList<>();
    assertEquals(
        Status.OK,
        searchable()
            .search(
                table,
                new SearchQuery("title", List.of("red", "hat"), "rank", true, 0, 5, false),
                page));
    assertEquals(
        List.of("k05", "k04"), page.stream().map(SearchHit::key).collect(Collectors.toList()));
    assertEquals(
        Map.of("title", "red hat", "rank", "1", "field0", "fk05"), strings(page.get(0).fields()));
  }

  /**
   * The probe measures the data set it describes: the manifest's one record of it, beside the
   * memory budget.
   */
  @Test
  void describeMeasuresTheDataSet() {
    loadCatalogue(catalogue());
    Map<?, ?> data = (Map<?, ?>) probe.describe(props).get(StoreProbe.DATA_SET);
    assertTrue(
        data != null && ((Number) data.get("documents")).longValue() >= catalogue().size(),
        String.valueOf(data));
    assertTrue(((Number) data.get("primary_bytes")).longValue() > 0, data.toString());
    assertFalse(String.valueOf(data.get("measure")).isBlank(), data.toString());
    assertTrue(
        data.get("in_memory") instanceof Boolean, "says whether it measures memory: " + data);
  }

  @Test
  void searchSeesUpdatesOfTheIndexedFields() {
    loadCatalogue(catalogue());
    assertEquals(Status.OK, db.update(table, "k03", fields("title", "red shoe blue", "rank", "5")));
    assertEquals(Status.OK, db.update(table, "k01", fields("rank", "2")));
    assertEquals(Status.OK, db.delete(table, "k06"));
    probe.refresh(props, table);
    assertEquals(List.of("k01", "k03", "k02", "k04"), search(true, 0, 10, "red", "shoe"));
    assertEquals(7L, probe.count(props, table), "count after one delete");
    assertFalse(search(true, 0, 10, "blue", "red").isEmpty());
  }
}
