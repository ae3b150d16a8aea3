package io.github.ycsbdocsearch.benchmarks;

import java.util.function.Supplier;

/**
 * One driver client per JVM, as the bindings have: YCSB makes one DB per thread, and a client per
 * thread would measure extra pools and connections instead of the binding. Reference-counted: the
 * first {@link #acquire} opens it, the last {@link #release} closes it. Thread-safe (every method
 * synchronized).
 *
 * @param <T> the driver's client
 */
public final class SharedClient<T extends AutoCloseable> {
  private T client;
  private int users;

  synchronized T acquire(Supplier<T> open) {
    if (client == null) {
      client = open.get();
    }
    users++;
    return client;
  }

  synchronized void release() throws Exception {
    if (users > 0 && --users == 0) {
      T last = client;
      client = null;
      last.close();
    }
  }

  synchronized int users() {
    return users;
  }
}
