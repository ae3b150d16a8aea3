package io.github.ycsbdocsearch.sweep.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StartBarrierTest {
  private static final Duration MARGIN = Duration.ofMillis(250);

  @Test
  void theStartIsSetOnlyOnceEveryClientIsReadyAndEveryoneGetsTheSameInstant() throws Exception {
    List<Long> told = new CopyOnWriteArrayList<>();
    List<Long> companion = new CopyOnWriteArrayList<>();
    StartBarrier b = StartBarrier.gate(2, companion::add);
    b.register(0, told::add);
    b.register(1, told::add);
    CompletableFuture<Long> released =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return b.awaitAndRelease(Duration.ofSeconds(10), MARGIN);
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    b.ready(0);
    b.ready(0); // said twice: still one client
    Thread.sleep(200);
    assertFalse(released.isDone(), "released with one client of two ready");
    long before = System.currentTimeMillis();
    b.ready(1);
    long at = released.get(5, TimeUnit.SECONDS);
    assertTrue(at >= before + MARGIN.toMillis(), "the start is a margin after the last ready");
    assertEquals(List.of(at, at), told);
    assertEquals(List.of(at), companion);
    assertEquals(at, b.startAtEpochMs());
    // A client that registers after the release is told at once.
    List<Long> late = new CopyOnWriteArrayList<>();
    b.register(2, late::add);
    assertEquals(List.of(at), late);
  }

  @Test
  void aClientThatNeverGetsReadyHoldsTheOthersOnlyUntilTheTimeout() throws Exception {
    StartBarrier b = StartBarrier.gate(2, at -> {});
    b.ready(0);
    long t0 = System.nanoTime();
    long at = b.awaitAndRelease(Duration.ofMillis(300), MARGIN);
    long waitedMs = (System.nanoTime() - t0) / 1_000_000;
    assertTrue(waitedMs >= 250 && waitedMs < 3_000, "waited " + waitedMs + " ms");
    assertTrue(at > 0);
  }

  @Test
  void fixedAndNoneNeedNoRelease() throws Exception {
    List<Long> companion = new CopyOnWriteArrayList<>();
    StartBarrier fixed = StartBarrier.fixed(12_345, companion::add);
    assertEquals(List.of(12_345L), companion, "the companion learns a fixed start at once");
    assertFalse(fixed.gated());
    assertEquals(12_345, fixed.awaitAndRelease(Duration.ofSeconds(1), MARGIN));
    assertEquals(0, StartBarrier.none().awaitAndRelease(Duration.ofSeconds(1), MARGIN));
  }
}
