package io.github.ycsbdocsearch.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Many YCSB client threads, as YCSB runs them: each inits its own {@link MongoDbClient} at the same
 * moment (on a fresh collection, so the text index is created concurrently), works, and cleans up.
 * All share one driver client, which closes with the last cleanup.
 */
class MongoDbSharedClientIT {
  private static final int THREADS = 8;
  private final String table = "shared" + UUID.randomUUID().toString().substring(0, 8);
  private final Properties props = new Properties();

  MongoDbSharedClientIT() {
    props.setProperty(MongoDbConfig.URL_PROPERTY, MongoDbContractIT.singleUrl());
    props.setProperty(Props.TABLE, table);
    props.setProperty(Props.THREADS, String.valueOf(THREADS));
  }

  @AfterEach
  void dropTable() {
    new MongoDbProbe().reset(props, table);
  }

  @Test
  void threadsShareOneClientThatClosesWithTheLastCleanup() throws Exception {
    CyclicBarrier allOpen = new CyclicBarrier(THREADS);
    CyclicBarrier allWritten = new CyclicBarrier(THREADS);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<Integer>> openClients = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        openClients.add(
            pool.submit(
                () -> {
                  MongoDbClient db = new MongoDbClient();
                  db.setProperties(props);
                  db.init();
                  try {
                    allOpen.await();
                    int open = MongoDbClient.CLIENTS.openClients();
                    assertEquals(
                        Status.OK,
                        db.insert(
                            table,
                            "k" + thread,
                            Map.of(
                                "title",
                                new StringByteIterator("red shoe"),
                                "rank",
                                new StringByteIterator(String.valueOf(thread)))));
                    allWritten.await();
                    List<SearchHit> page = new ArrayList<>();
                    assertEquals(
                        Status.OK,
                        SearchBindings.current()
                            .search(
                                table,
                                new SearchQuery(
                                    "title", List.of("shoe", "red"), "rank", false, 0, 3, true),
                                page));
                    assertEquals(
                        List.of("k7", "k6", "k5"), page.stream().map(SearchHit::key).toList());
                    return open;
                  } finally {
                    db.cleanup();
                  }
                }));
      }
      for (Future<Integer> f : openClients) {
        assertEquals(1, f.get(), "driver clients open while every thread is working");
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(0, MongoDbClient.CLIENTS.openClients(), "closed after the last cleanup");
  }
}
