package io.github.ycsbdocsearch.elasticsearch;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * One {@link ElasticsearchClient} per JVM and connection, shared by every YCSB client thread,
 * reference-counted: opened by the first {@link #acquire}, closed by the last {@link #release}.
 *
 * <p>Why: YCSB creates one {@code DB} per thread; a client (HTTP connection pool + I/O reactor
 * threads) per thread would multiply sockets and threads and measure that overhead instead of the
 * store. Thread-safe: every method is synchronized on the class; operations on the returned client
 * need no lock (the client is thread-safe).
 */
final class SharedElasticsearchClient {
  private static final Map<ElasticsearchConfig.Connection, Entry> OPEN = new HashMap<>();

  private SharedElasticsearchClient() {}

  /** A live client and the indexes already checked through it. */
  private static final class Entry {
    private final ElasticsearchClient client;
    private final Set<String> readyIndexes = new HashSet<>();
    private int users;

    private Entry(ElasticsearchClient client) {
      this.client = client;
    }
  }

  /**
   * The shared client for the configured connection; the first caller opens it and every caller
   * makes sure the configured index exists with the right mapping (checked once per index while the
   * client is open, so the other threads wait for the first one to create it).
   *
   * @throws io.github.ycsbdocsearch.common.SetupException when the cluster cannot be reached or the
   *     index made
   */
  static synchronized ElasticsearchClient acquire(ElasticsearchConfig config) {
    Entry entry = OPEN.get(config.connection());
    if (entry == null) {
      entry = new Entry(ElasticsearchConnector.open(config.connection()));
      OPEN.put(config.connection(), entry);
    }
    entry.users++;
    try {
      if (!entry.readyIndexes.contains(config.index())) {
        ElasticsearchIndexManager.ensureIndex(entry.client, config);
        entry.readyIndexes.add(config.index());
      }
    } catch (RuntimeException e) {
      release(config.connection());
      throw e;
    }
    return entry.client;
  }

  /**
   * Gives one reference back; the last one closes the client (and forgets which indexes were
   * checked).
   */
  static synchronized void release(ElasticsearchConfig.Connection connection) {
    Entry entry = OPEN.get(connection);
    if (entry == null) {
      return;
    }
    entry.users--;
    if (entry.users == 0) {
      OPEN.remove(connection);
      try {
        ElasticsearchConnector.close(entry.client);
      } catch (IOException e) {
        // Closing sockets of a finished run: nothing left to save, and the run's results are
        // already recorded.
        System.getLogger(SharedElasticsearchClient.class.getName())
            .log(System.Logger.Level.WARNING, "elasticsearch: closing the client failed: " + e);
      }
    }
  }
}
