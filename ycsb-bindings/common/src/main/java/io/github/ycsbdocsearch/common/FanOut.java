package io.github.ycsbdocsearch.common;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * One step run on every shard (or master) at once, the results gathered in shard order: the scatter
 * half of a scan or search over several servers ({@link SortedMerge} is the gather).
 */
public final class FanOut {
  private static final AtomicInteger THREADS = new AtomicInteger();

  private FanOut() {}

  /** A pool of daemon threads named {@code <name>-N}, so it never keeps a finished run alive. */
  public static ExecutorService pool(String name) {
    return Executors.newCachedThreadPool(
        r -> {
          Thread t = new Thread(r, name + "-" + THREADS.incrementAndGet());
          t.setDaemon(true);
          return t;
        });
  }

  /**
   * Runs {@code perShard} on every shard at once (the first on the calling thread) and returns the
   * results in shard order; a failure of any shard is rethrown (a checked one, or an interruption,
   * as an IllegalStateException).
   */
  public static <S, T> List<T> all(ExecutorService pool, List<S> shards, Function<S, T> perShard) {
    List<Future<T>> others = new ArrayList<>();
    for (S s : shards.subList(1, shards.size())) {
      others.add(pool.submit(() -> perShard.apply(s)));
    }
    List<T> results = new ArrayList<>(shards.size());
    results.add(perShard.apply(shards.get(0)));
    for (Future<T> f : others) {
      try {
        results.add(f.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for a shard", e);
      } catch (ExecutionException e) {
        Throwable c = e.getCause();
        throw c instanceof RuntimeException r ? r : new IllegalStateException(c);
      }
    }
    return results;
  }
}
