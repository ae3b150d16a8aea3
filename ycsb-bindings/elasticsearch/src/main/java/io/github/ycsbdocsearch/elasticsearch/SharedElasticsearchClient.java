package io.github.ycsbdocsearch.elasticsearch;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.github.ycsbdocsearch.common.SharedClients;
import java.util.HashSet;
import java.util.Set;

/**
 * The JVM's one {@link ElasticsearchClient} per connection ({@link SharedClients}), with the
 * indexes already checked through it. Thread-safe: operations on the client need no lock (the
 * client is thread-safe).
 */
final class SharedElasticsearchClient {
  private static final SharedClients<ElasticsearchConfig.Connection, SharedElasticsearchClient>
      OPEN =
          new SharedClients<>(
              c -> new SharedElasticsearchClient(ElasticsearchConnector.open(c)),
              shared -> ElasticsearchConnector.close(shared.client));

  private final ElasticsearchClient client;

  /** Guarded by itself: the other threads wait for the first one to create an index. */
  private final Set<String> readyIndexes = new HashSet<>();

  private SharedElasticsearchClient(ElasticsearchClient client) {
    this.client = client;
  }

  /**
   * The shared client for the configured connection; the first caller opens it and every caller
   * makes sure the configured index exists with the right mapping (checked once per index while the
   * client is open).
   */
  static ElasticsearchClient acquire(ElasticsearchConfig config) {
    SharedElasticsearchClient shared = OPEN.acquire(config.connection());
    try {
      synchronized (shared.readyIndexes) {
        if (!shared.readyIndexes.contains(config.index())) {
          ElasticsearchIndexManager.ensureIndex(shared.client, config);
          shared.readyIndexes.add(config.index());
        }
      }
    } catch (RuntimeException e) {
      release(config.connection());
      throw e;
    }
    return shared.client;
  }

  /** Gives one reference back; the last one closes the client. */
  static void release(ElasticsearchConfig.Connection connection) {
    OPEN.release(connection);
  }
}
