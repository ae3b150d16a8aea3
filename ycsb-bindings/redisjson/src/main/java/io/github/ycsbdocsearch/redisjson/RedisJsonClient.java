package io.github.ycsbdocsearch.redisjson;

import io.github.ycsbdocsearch.common.OpFailures;
import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchableDB;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for RedisJSON + RediSearch: a record is one JSON document at {@code <table>:<key>},
 * searched through a RediSearch index on the table's key prefix. This class only translates YCSB
 * calls; configuration, record I/O, index management, query building and the cluster fan-out live
 * in the classes it names.
 *
 * <p>One instance per YCSB client thread (YCSB's contract); every instance of a JVM with the same
 * configuration shares one jedis client ({@link SharedRedisClient}), opened by the first {@link
 * #init} and closed by the last {@link #cleanup}. An instance is confined to its thread; the shared
 * parts are thread-safe.
 *
 * <p>Properties: see {@link RedisJsonConfig} and the module README.
 */
public class RedisJsonClient extends DB implements SearchableDB {
  private static final OpFailures FAILURES = new OpFailures("redisjson");

  private SharedRedisClient shared;
  private JsonRecords records;
  private JsonDocumentMapper mapper;

  /**
   * Parses the properties, opens (or joins) the shared client, makes sure the configured table's
   * index exists, and registers this instance for the search workload on the calling thread.
   */
  @Override
  public void init() throws DBException {
    RedisJsonConfig config = RedisJsonConfig.fromProperties(getProperties());
    shared = SharedRedisClient.acquire(config);
    try {
      shared.indexes(Props.table(getProperties()));
    } catch (RuntimeException e) {
      shared.release();
      shared = null;
      throw RedisConnector.setupError(config, e);
    }
    mapper = new JsonDocumentMapper(config.schema());
    // WAITAOF's own timeout is half the socket timeout, so the server's answer arrives before the
    // socket gives up.
    records =
        new JsonRecords(
            shared.jedis(),
            config.cluster(),
            config.scanKeySet(),
            mapper,
            config.waitAofReplicas(),
            Math.max(1, config.timeoutMs() / 2));
    SearchBindings.register(this);
  }

  /** Unregisters this instance and releases the shared client (the last instance closes it). */
  @Override
  public void cleanup() throws DBException {
    SearchBindings.unregister();
    if (shared != null) {
      shared.release();
      shared = null;
    }
  }

  @Override
  public Status read(
      String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      return records.read(table, key, fields, result) ? Status.OK : Status.NOT_FOUND;
    } catch (RuntimeException e) {
      return FAILURES.failed("read", e);
    }
  }

  /**
   * Records with keys {@code >= startkey} in byte order, from the table's key set ({@value
   * RedisJsonConfig#SCAN_KEYSET_PROPERTY}; NOT_IMPLEMENTED when it is off).
   */
  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (!records.scanSupported()) {
      return Status.NOT_IMPLEMENTED;
    }
    try {
      List<String> keys = records.keysFrom(table, startkey, recordcount);
      for (Map<String, ByteIterator> doc : records.fetch(table, keys, fields)) {
        if (doc != null) {
          result.add(new HashMap<>(doc));
        }
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return FAILURES.failed("scan", e);
    }
  }

  /**
   * Changes only the given fields (JSON.MSET of their paths); NOT_FOUND when the record does not
   * exist.
   */
  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      return records.update(table, key, values) ? Status.OK : Status.NOT_FOUND;
    } catch (RuntimeException e) {
      return FAILURES.failed("update", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      records.insert(table, key, values);
      return Status.OK;
    } catch (RuntimeException e) {
      return FAILURES.failed("insert", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      return records.delete(table, key) ? Status.OK : Status.NOT_FOUND;
    } catch (RuntimeException e) {
      return FAILURES.failed("delete", e);
    }
  }

  /**
   * One page: a single FT.SEARCH where one index sees every record (single server, or a cluster
   * with the search coordinator); otherwise every master's top hits merged by {@link
   * ClusterSearch}, then the page's documents fetched by key unless only keys are asked for.
   */
  @Override
  public Status search(String table, SearchQuery query, List<SearchHit> page) {
    try {
      List<String> indexes = shared.indexes(table);
      if (!shared.fansOut()) {
        Object reply = shared.jedis().executeCommand(RedisSearchQuery.page(indexes.get(0), query));
        RedisSearchQuery.readPage(reply, table, query, mapper, page);
        return Status.OK;
      }
      List<String> keys = new ArrayList<>();
      for (SortedKey k : shared.clusterSearch().pageKeys(shared.jedis(), indexes, query)) {
        keys.add(RedisKeys.ycsbKey(table, k.recordKey()));
      }
      if (query.keysOnly()) {
        keys.forEach(k -> page.add(SearchHit.keyOnly(k)));
        return Status.OK;
      }
      List<Map<String, ByteIterator>> docs = records.fetch(table, keys, null);
      for (int i = 0; i < keys.size(); i++) {
        // A record deleted between the search and the fetch has left the result set: skip it.
        if (docs.get(i) != null) {
          page.add(new SearchHit(keys.get(i), docs.get(i)));
        }
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return FAILURES.failed("search", e);
    }
  }

  @Override
  public String explainQuery(String table, SearchQuery query) {
    Object reply =
        shared
            .jedis()
            .executeCommand(RedisSearchQuery.explain(shared.indexes(table).get(0), query));
    return RedisConnector.text(reply).replaceAll("\\s+", " ").trim();
  }
}
