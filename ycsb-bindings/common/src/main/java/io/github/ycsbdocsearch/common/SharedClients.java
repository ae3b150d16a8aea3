package io.github.ycsbdocsearch.common;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One client per JVM and configuration, shared by every YCSB client thread and reference-counted:
 * opened by the first {@link #acquire}, closed by the last {@link #release}.
 *
 * <p>Why: YCSB creates one {@code DB} per thread, but a store's client is a thread-safe connection
 * pool with threads of its own; one per thread would multiply sockets and threads and measure that
 * overhead instead of the store. Thread-safe: a client is opened under this object's lock (threads
 * of one configuration wait for the first) and closed outside it (closing waits for pools and
 * threads to stop). Equal configurations {@code K} share a client {@code C}.
 */
public final class SharedClients<K, C> {
  private final Function<K, C> open;
  private final Consumer<C> close;
  private final Map<K, C> clients = new HashMap<>();
  private final Map<K, Integer> users = new HashMap<>();

  public SharedClients(Function<K, C> open, Consumer<C> close) {
    this.open = open;
    this.close = close;
  }

  /** The client of {@code config}, opened when this is its first user. */
  public synchronized C acquire(K config) {
    C client = clients.computeIfAbsent(config, open);
    users.merge(config, 1, Integer::sum);
    return client;
  }

  /** Drops one user of {@code config}'s client; the last one closes it. */
  public void release(K config) {
    C last;
    synchronized (this) {
      Integer n = users.remove(config);
      if (n == null) {
        return;
      }
      if (n > 1) {
        users.put(config, n - 1);
        return;
      }
      last = clients.remove(config);
    }
    close.accept(last);
  }

  /** Clients open now (for tests of the lifecycle). */
  public synchronized int openClients() {
    return clients.size();
  }
}
