package io.github.ycsbdocsearch.common.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartGateTest {
  @TempDir Path dir;

  @Test
  void waitsForTheFileThenForItsInstant() throws Exception {
    Path gate = dir.resolve("start-at");
    CompletableFuture<Long> waited =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                long startAt = StartGate.await(gate, 10_000);
                assertTrue(System.currentTimeMillis() >= startAt);
                return System.currentTimeMillis();
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    Thread.sleep(200);
    assertTrue(!waited.isDone(), "returned before the start was set");
    long startAt = System.currentTimeMillis() + 300;
    Path tmp = dir.resolve("start-at.tmp");
    Files.writeString(tmp, startAt + "\n");
    Files.move(tmp, gate);
    // The reference: a plain sleep to the same instant. How late a thread wakes is the machine's
    // (loaded, 150 ms here, and both threads alike), so the gate is held to it, not to the clock:
    // at most 50 ms after a plain sleep, the start error a step allows.
    Thread.sleep(Math.max(0, startAt - System.currentTimeMillis()));
    long referenceLate = System.currentTimeMillis() - startAt;
    long returned = waited.get(5, TimeUnit.SECONDS);
    assertTrue(
        returned >= startAt && returned - startAt < referenceLate + 50,
        "returned at " + (returned - startAt) + " ms, a plain sleep at " + referenceLate + " ms");
  }

  @Test
  void givesUpAfterItsTimeAndRefusesAnythingButAnInstant() throws Exception {
    IllegalStateException none =
        assertThrows(IllegalStateException.class, () -> StartGate.await(dir.resolve("x"), 100));
    assertTrue(none.getMessage().contains("no start instant"), none.getMessage());
    Path bad = Files.writeString(dir.resolve("bad"), "soon");
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> StartGate.await(bad, 100));
    assertEquals(bad + " holds 'soon', not an instant in epoch milliseconds", e.getMessage());
  }
}
