package io.github.ycsbdocsearch.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.HashMap;
import java.util.Map;

/**
 * One driver {@link MongoClient} per JVM and configuration, shared by every YCSB client thread.
 *
 * <p>Why: YCSB creates one {@code DB} per thread, but a {@code MongoClient} is a thread-safe
 * connection pool with its own monitor threads; one per thread would multiply connections and
 * heartbeats. Each {@code init()} takes a {@link Lease}; the last lease closed closes the client.
 * Thread-safe: the reference counts are guarded by one private lock (this registry is the binding's
 * only mutable static state).
 */
final class SharedMongoDbClient {
  private static final Object LOCK = new Object();
  private static final Map<MongoDbConfig, Entry> CLIENTS = new HashMap<>();

  private SharedMongoDbClient() {}

  /**
   * A reference to the shared client; {@link #close()} gives it back (idempotent). Confined to one
   * thread.
   */
  static final class Lease implements AutoCloseable {
    private final MongoDbConfig config;
    private final MongoClient client;
    private boolean closed;

    private Lease(MongoDbConfig config, MongoClient client) {
      this.config = config;
      this.client = client;
    }

    MongoClient client() {
      return client;
    }

    @Override
    public void close() {
      if (!closed) {
        closed = true;
        release(config);
      }
    }
  }

  private static final class Entry {
    final MongoClient client;
    int references;

    Entry(MongoClient client) {
      this.client = client;
    }
  }

  /**
   * Takes a reference to the client for {@code config}, creating it on first use (no I/O happens
   * here).
   */
  static Lease acquire(MongoDbConfig config) {
    synchronized (LOCK) {
      Entry e =
          CLIENTS.computeIfAbsent(config, c -> new Entry(MongoClients.create(c.clientSettings())));
      e.references++;
      return new Lease(config, e.client);
    }
  }

  private static void release(MongoDbConfig config) {
    MongoClient toClose = null;
    synchronized (LOCK) {
      Entry e = CLIENTS.get(config);
      if (e != null && --e.references == 0) {
        CLIENTS.remove(config);
        toClose = e.client;
      }
    }
    if (toClose != null) {
      toClose.close(); // outside the lock: closing waits for the pool and monitors to stop
    }
  }

  /** Clients currently open in this JVM (for tests). */
  static int openClients() {
    synchronized (LOCK) {
      return CLIENTS.size();
    }
  }
}
