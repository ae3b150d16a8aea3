package io.github.ycsbdocsearch.common.verify;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.data.DocumentSource;
import io.github.ycsbdocsearch.common.workload.DocSearchWorkload;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Loads records {@code 0..recordcount-1} through the store's own binding, exactly as the workload's
 * load phase does ({@code DB.insert} of the source's version-0 documents under the workload's
 * keys), after dropping the table. Used by the verification, which must not depend on a previous
 * run's leftovers.
 */
public final class DocumentLoader {
  private DocumentLoader() {}

  /**
   * Drops the table, then inserts every record with {@code threads} threads; returns the documents
   * inserted.
   */
  public static long load(
      StoreKind kind, Properties props, int threads, Consumer<String> progress) {
    SearchWorkloadConfig config = SearchWorkloadConfig.fromProperties(props);
    DocumentSource source = config.newSource();
    kind.newProbe().reset(props, config.table());
    AtomicLong next = new AtomicLong();
    AtomicLong done = new AtomicLong();
    long total = config.recordCount();
    long started = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        workers.add(
            pool.submit(
                () -> {
                  DB db = SearchVerification.open(kind, props);
                  try {
                    for (long r = next.getAndIncrement(); r < total; r = next.getAndIncrement()) {
                      Status s =
                          db.insert(
                              config.table(),
                              source.key(r),
                              DocSearchWorkload.bytes(source.document(r, 0)));
                      if (!s.isOk()) {
                        throw new SetupException(
                            "%s: insert of record %s failed: %s %s"
                                .formatted(kind.storeName(), r, s.getName(), s.getDescription()));
                      }
                      done.incrementAndGet();
                    }
                  } finally {
                    SearchVerification.close(db);
                  }
                  return null;
                }));
      }
      long lastReport = System.nanoTime();
      for (Future<?> w : workers) {
        while (true) {
          try {
            w.get(1, TimeUnit.SECONDS);
            break;
          } catch (TimeoutException e) {
            if (System.nanoTime() - lastReport > 5_000_000_000L) {
              double secs = (System.nanoTime() - started) / 1e9;
              progress.accept(
                  String.format(
                      Locale.ROOT,
                      "%s: load %d/%d documents, %.0f s, %.0f docs/s",
                      kind.storeName(),
                      done.get(),
                      total,
                      secs,
                      done.get() / secs));
              lastReport = System.nanoTime();
            }
          }
        }
      }
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      throw new SetupException(kind.storeName() + ": load failed: " + cause, cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SetupException(kind.storeName() + ": load interrupted");
    } finally {
      pool.shutdownNow();
    }
    return done.get();
  }
}
