package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.common.workload.StartGateWorkload;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.sweep.exec.ChildProcess;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.exec.CpuWindow;
import io.github.ycsbdocsearch.sweep.exec.StatusLine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a client JVM on this machine, in its folder, and measures its CPU (and the server's) over
 * the step's measured window; client 0 also feeds the progress line. Kept apart from {@link
 * SshClientRunner} so that each way of starting a client reads on its own. Thread-safe: the step's
 * clients run through one instance at once.
 */
record LocalClientRunner(SweepContext ctx) implements ClientRunner {

  /** Runs the client in {@code job.dir()} to its end, its CPU window from its first status line. */
  @Override
  public ClientRun run(ClientJob job) {
    StoreSession session = job.session();
    StartBarrier start = job.start();
    int index = job.share().index();
    Path gate = job.dir().resolve(ClientJob.START_GATE_FILE);
    Map<String, String> props = job.properties(ctx.options(), gate, 0);
    if (start.gated()) {
      start.register(index, at -> writeGate(gate, at));
    }
    List<String> args =
        job.ycsbArgs(ctx.options().workload().path(), session.connectionFile(), props);
    AtomicReference<CpuWindow> cpu = new AtomicReference<>();
    AtomicLong pid = new AtomicLong(-1);
    StepTiming timing = job.timing();
    ChildResult child;
    try {
      // The CPU window starts with YCSB's client threads (its first status line), not the JVM.
      child =
          new ChildProcess(ctx.launcher().command(args), job.dir(), Map.of())
              .onStart(p -> pid.set(p.pid()))
              .run(
                  job.dir().resolve(RunLayout.YCSB_OUT),
                  job.dir().resolve(RunLayout.YCSB_ERR),
                  job.timeLimit(),
                  ctx.interrupts(),
                  line -> {
                    if (line.equals(StartGateWorkload.READY_LINE)) {
                      start.ready(index);
                    }
                    StatusLine.parse(line)
                        .ifPresent(
                            s -> {
                              if (cpu.get() == null && pid.get() > 0) {
                                Duration warm =
                                    Duration.ofSeconds(
                                        Math.max(0, timing.warmupS() - s.elapsedSeconds()));
                                cpu.compareAndSet(
                                    null,
                                    CpuWindow.start(
                                        pid.get(),
                                        session.serverCpu(),
                                        warm,
                                        Duration.ofSeconds(timing.durationS())));
                              }
                              if (index == 0) {
                                ctx.progress()
                                    .live(
                                        session.name(),
                                        job.step(),
                                        job.planned(),
                                        timing.runSeconds(),
                                        s);
                              }
                            });
                  });
    } finally {
      start.ready(index); // ended: it cannot hold the others
      Optional.ofNullable(cpu.get()).ifPresent(CpuWindow::close);
    }
    Optional<CpuWindow> w = Optional.ofNullable(cpu.get());
    return new ClientRun(
        job.share(),
        ClientRun.LOCAL,
        0,
        child,
        job.output(),
        w.flatMap(CpuWindow::clientCores).orElse(null),
        w.flatMap(CpuWindow::clientJitCores).orElse(null),
        ctx.pinning().clientCpuCount(),
        cpu.get(),
        null);
  }

  /** Writes the start into a local client's gate file: beside it, then renamed (never half). */
  private static void writeGate(Path gate, long epochMs) {
    try {
      AtomicFiles.writeString(gate, epochMs + "\n");
    } catch (RuntimeException e) {
      throw new IllegalStateException("cannot write the start into " + gate, e);
    }
  }
}
