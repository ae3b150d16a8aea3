package io.github.ycsbdocsearch.sweep.step;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.sweep.exec.ServerCpu;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The settle rule between steps, on servers whose CPU counter the test drives. */
class SettleTest {

  @Test
  void anIdleServerIsSettledAfterOneSample() throws Exception {
    Optional<Duration> d =
        Settle.await(new ServerCpu("test", () -> Optional.of(1_000L)), Duration.ofSeconds(5));
    assertTrue(d.isPresent() && d.get().toMillis() < 4000, "one idle sample suffices: " + d);
  }

  @Test
  void aBusyServerIsWaitedForAtMostTheLongestWait() throws Exception {
    // Each read says another full core-second was used: always busy.
    AtomicLong cpu = new AtomicLong();
    ServerCpu busy = new ServerCpu("test", () -> Optional.of(cpu.addAndGet(1_000_000_000L)));
    Optional<Duration> d = Settle.await(busy, Duration.ofMillis(1200));
    assertTrue(d.isPresent() && d.get().toMillis() >= 1200, "waited to the limit: " + d);
  }

  @Test
  void withoutAServerFigureThereIsNothingToWaitFor() throws Exception {
    assertTrue(Settle.await(ServerCpu.NONE, Duration.ofSeconds(5)).isEmpty());
    assertTrue(
        Settle.await(new ServerCpu("remote", Optional::empty), Duration.ofSeconds(5)).isEmpty());
  }
}
