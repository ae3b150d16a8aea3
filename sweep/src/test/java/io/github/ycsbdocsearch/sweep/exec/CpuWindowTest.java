package io.github.ycsbdocsearch.sweep.exec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The CPU window samples real processes: a busy child uses CPU, an idle server uses next to none.
 */
class CpuWindowTest {

  @Test
  void aBusyClientUsesCpuAndAnIdleServerAlmostNone() throws Exception {
    // A loop of shell built-ins: the CPU is the shell's own (a loop that ran commands would spend
    // it in children).
    Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    Process idle = new ProcessBuilder("sleep", "5").start();
    try (CpuWindow w =
        CpuWindow.start(
            busy.pid(),
            ServerCpu.localProcesses(List.of(idle.pid())),
            Duration.ofMillis(200),
            Duration.ofMillis(1500))) {
      Thread.sleep(2000);
      Optional<Double> client = w.clientCores();
      Optional<Double> server = w.serverCores();
      assertTrue(
          client.isPresent()
              && client.get() > 0.05
              && client.get() <= Runtime.getRuntime().availableProcessors() + 0.5,
          "client cores " + client);
      assertTrue(server.isPresent() && server.get() < 0.05, "an idle process: " + server);
      assertTrue("local-processes".equals(w.serverSource()));
    } finally {
      busy.destroyForcibly();
      idle.destroyForcibly();
    }
  }

  @Test
  void onlyTheJitCompilerThreadsAreCountedApart() {
    // /proc/PID/task/TID/stat lines: utime is field 14, stime 15; the name may hold spaces and
    // parentheses.
    String c2 =
        "4242 (C2 CompilerThre) S 1 4240 4240 0 -1 4194368 100 0 0 0 1100 35 0 0 20 0 30 0 12 0 0";
    String c1 =
        "4243 (C1 CompilerThre) S 1 4240 4240 0 -1 4194368 100 0 0 0 40 2 0 0 20 0 30 0 12 0 0";
    String worker =
        "4250 (Thread (worker) 1) R 1 4240 4240 0 -1 4194368 100 0 0 0 900 80 0 0 20 0 30 0 12 0 0";
    assertTrue(CpuWindow.compilerTicksOf(c2) == 1135, "C2: utime + stime");
    assertTrue(CpuWindow.compilerTicksOf(c1) == 42, "C1: utime + stime");
    assertTrue(CpuWindow.compilerTicksOf(worker) == 0, "a YCSB thread is client load");
  }

  @Test
  void withoutAServerThereIsNoServerFigure() throws Exception {
    Process p = new ProcessBuilder("sleep", "1").start();
    try (CpuWindow w =
        CpuWindow.start(p.pid(), ServerCpu.NONE, Duration.ZERO, Duration.ofMillis(300))) {
      Thread.sleep(500);
      assertTrue(w.serverCores().isEmpty());
    } finally {
      p.destroyForcibly();
    }
  }
}
