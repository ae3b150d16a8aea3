package io.github.ycsbdocsearch.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Test;

class FanOutTest {
  private final ExecutorService pool = FanOut.pool("fanout-test");

  @Test
  void resultsComeInShardOrderAndTheFirstRunsOnTheCaller() {
    Thread caller = Thread.currentThread();
    List<String> r =
        FanOut.all(
            pool,
            List.of(1, 2, 3),
            s -> s + (Thread.currentThread() == caller ? " here" : " " + daemonName()));
    assertEquals("1 here", r.get(0));
    assertTrue(r.get(1).matches("2 daemon fanout-test-\\d+"), r.get(1));
    assertTrue(r.get(2).matches("3 daemon fanout-test-\\d+"), r.get(2));
  }

  @Test
  void aShardsFailureIsRethrownAsItself() {
    IllegalArgumentException boom = new IllegalArgumentException("shard 2");
    RuntimeException e =
        assertThrows(
            RuntimeException.class,
            () ->
                FanOut.all(
                    pool,
                    List.of(1, 2),
                    s -> {
                      if (s == 2) {
                        throw boom;
                      }
                      return s;
                    }));
    assertSame(boom, e);
  }

  private static String daemonName() {
    Thread t = Thread.currentThread();
    return (t.isDaemon() ? "daemon " : "") + t.getName();
  }
}
