package io.github.ycsbdocsearch.sweep.exec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The CPU window samples real processes: a busy child uses CPU, an idle server uses next to none. */
class CpuWindowTest {

  @Test
  void aBusyClientUsesCpuAndAnIdleServerAlmostNone() throws Exception {
    // A loop of shell built-ins: the CPU is the shell's own (a loop that ran commands would spend it in children).
    Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    Process idle = new ProcessBuilder("sleep", "5").start();
    try (CpuWindow w = CpuWindow.start(busy, ServerCpu.localProcesses(List.of(idle.pid())), Duration.ofMillis(200),
        Duration.ofMillis(1500))) {
      Thread.sleep(2000);
      Optional<Double> client = w.clientCores();
      Optional<Double> server = w.serverCores();
      assertTrue(client.isPresent() && client.get() > 0.05 && client.get() <= Runtime.getRuntime()
          .availableProcessors() + 0.5, "client cores " + client);
      assertTrue(server.isPresent() && server.get() < 0.05, "an idle process: " + server);
      assertTrue("local-processes".equals(w.serverSource()));
    } finally {
      busy.destroyForcibly();
      idle.destroyForcibly();
    }
  }

  @Test
  void withoutAServerThereIsNoServerFigure() throws Exception {
    Process p = new ProcessBuilder("sleep", "1").start();
    try (CpuWindow w = CpuWindow.start(p, ServerCpu.NONE, Duration.ZERO, Duration.ofMillis(300))) {
      Thread.sleep(500);
      assertTrue(w.serverCores().isEmpty());
    } finally {
      p.destroyForcibly();
    }
  }
}
