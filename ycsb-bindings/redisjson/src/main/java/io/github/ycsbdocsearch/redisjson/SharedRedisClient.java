package io.github.ycsbdocsearch.redisjson;

import io.github.ycsbdocsearch.common.FanOut;
import io.github.ycsbdocsearch.common.SharedClients;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import redis.clients.jedis.UnifiedJedis;

/**
 * The one jedis client of a JVM for one configuration, shared by every YCSB client thread:
 * reference-counted ({@link SharedClients}). It also knows the cluster layout, whether searches
 * must be fanned out, and which tables' indexes are ensured.
 *
 * <p>Thread-safe: the jedis client and its pool are thread-safe; the set of ensured tables is
 * concurrent and its first caller per table creates the index while later callers wait.
 */
final class SharedRedisClient {
  private static final SharedClients<RedisJsonConfig, SharedRedisClient> OPEN =
      new SharedClients<>(SharedRedisClient::new, SharedRedisClient::close);

  private final RedisJsonConfig config;
  private final UnifiedJedis jedis;

  /**
   * Null on a single server and with the search coordinator: one FT.SEARCH then sees every record.
   */
  private final ClusterLayout fanOutLayout;

  private final ClusterSearch clusterSearch;
  private final Map<String, List<String>> ensuredIndexes = new ConcurrentHashMap<>();

  private SharedRedisClient(RedisJsonConfig config) {
    this.config = config;
    this.jedis = RedisConnector.open(config);
    try {
      boolean fanOut = config.cluster() && !RedisConnector.hasSearchCoordinator(jedis);
      this.fanOutLayout = fanOut ? ClusterLayout.parse(RedisConnector.clusterNodes(jedis)) : null;
      this.clusterSearch = fanOut ? new ClusterSearch(FanOut.pool("redisjson-fanout")) : null;
    } catch (RuntimeException e) {
      jedis.close();
      throw RedisConnector.setupError(config, e);
    }
  }

  /** The shared client for {@code config}, opened when this is its first user. */
  static SharedRedisClient acquire(RedisJsonConfig config) {
    return OPEN.acquire(config);
  }

  /** Drops one user; the last one closes the client. */
  void release() {
    OPEN.release(config);
  }

  /** How many shared clients are open in this JVM (for tests of the lifecycle). */
  static int openClients() {
    return OPEN.openClients();
  }

  private void close() {
    if (clusterSearch != null) {
      clusterSearch.fanOut().shutdownNow();
    }
    jedis.close();
  }

  UnifiedJedis jedis() {
    return jedis;
  }

  RedisJsonConfig config() {
    return config;
  }

  /** True when searches go to every master and are merged here. */
  boolean fansOut() {
    return fanOutLayout != null;
  }

  ClusterSearch clusterSearch() {
    return clusterSearch;
  }

  /**
   * The index name(s) of {@code table}: one, or one per master when searches fan out. The first
   * call per table creates and checks the index(es).
   */
  List<String> indexes(String table) {
    List<String> names = ensuredIndexes.get(table);
    return names != null ? names : ensuredIndexes.computeIfAbsent(table, this::ensure);
  }

  private List<String> ensure(String table) {
    List<String> names =
        fansOut() ? fanOutLayout.indexNames(table) : List.of(RedisKeys.index(table));
    for (String name : names) {
      RedisSearchIndex.ensure(
          jedis, name, table, config.schema(), config.indexWaitMs(), config.address());
    }
    return names;
  }
}
