package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.common.RemoteClient;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.workload.StartGateWorkload;
import io.github.ycsbdocsearch.resultsformat.ClientClock;
import io.github.ycsbdocsearch.resultsformat.RemoteCpu;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.sweep.exec.ChildProcess;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.exec.Ssh;
import io.github.ycsbdocsearch.sweep.plan.ClientShare;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a client JVM on one of the hosts file's other client machines over SSH. It exists apart from
 * {@link LocalClientRunner} because a remote client needs its own preparation (any JVM an earlier
 * step left there stopped, files copied, its clock offset read), its own start (down the session),
 * and its own CPU figures (measured there by {@value #REMOTE_SCRIPT}). One instance per client.
 */
record SshClientRunner(SweepContext ctx, RemoteClient remote) implements ClientRunner {

  /** The script that runs a client on another machine, relative to the project's folder there. */
  static final String REMOTE_SCRIPT = "scripts/lib/remote-client.sh";

  /**
   * Runs a client on the other machine: any client JVM an earlier step left there stopped ({@code
   * remote-client.sh --reap}), its work folder emptied, the connection and workload files copied
   * there, its clock offset read (the start is given in its own clock); a setup that fails is tried
   * once more, then the client is recorded as not started, with why. YCSB is started by {@code
   * scripts/lib/remote-client.sh} (which measures its CPU over the window, and stops the JVM when
   * this session ends), its output streamed back; behind the barrier its start goes down the same
   * session. Then the connection file (credentials) is deleted there, the folder fetched into
   * {@code job.dir()}, and the clock offset the merge applies written beside its logs (clock.json).
   */
  @Override
  public ClientRun run(ClientJob job) {
    StoreSession session = job.session();
    StartBarrier start = job.start();
    ClientShare share = job.share();
    Path dir = job.dir();
    Ssh ssh = new Ssh(remote);
    Path work = remote.workDir().resolve("client-" + share.index());
    Path connection = work.resolve("connection.properties");
    Path workload = work.resolve("workload");
    Path script = remote.repo().resolve(REMOTE_SCRIPT);
    long offset;
    try {
      offset = setUpTwice(session, new RemoteWork(ssh, work, connection, workload, script));
    } catch (SetupException e) {
      start.ready(share.index());
      return ClientRun.notStarted(share, remote.destination(), job.output(), e.getMessage());
    }
    Map<String, String> props =
        job.properties(ctx.options(), work.resolve(ClientJob.START_GATE_FILE), offset);
    List<String> ycsb = job.ycsbArgs(workload, connection, props);
    String startArg = start.gated() ? "gate" : String.valueOf(start.fixedAtEpochMs() + offset);
    List<String> words =
        new ArrayList<>(
            List.of(
                script.toString(),
                work.toString(),
                startArg,
                String.valueOf(job.timing().warmupS()),
                String.valueOf(job.timing().durationS())));
    words.addAll(ctx.launcher().remoteCommand(ycsb, ctx.repoRoot(), remote.repo()));
    ChildResult child;
    try {
      child =
          new ChildProcess(ssh.command(words), dir, Map.of())
              .keepStdinOpen()
              .onStart(
                  p -> {
                    if (start.gated()) {
                      start.register(share.index(), at -> tellStart(p, at + offset));
                    }
                  })
              .run(
                  dir.resolve(RunLayout.YCSB_OUT),
                  dir.resolve(RunLayout.YCSB_ERR),
                  job.timeLimit(),
                  ctx.interrupts(),
                  line -> {
                    if (line.equals(StartGateWorkload.READY_LINE)) {
                      start.ready(share.index());
                    }
                  });
    } finally {
      start.ready(share.index());
    }
    if (child.timedOut() || child.interrupted()) {
      reap(session, ssh, script);
    }
    ssh.run(List.of("rm", "-f", connection.toString(), workload.toString()), null);
    ssh.fetch(work, dir);
    ClientClock.write(dir, offset);
    RemoteCpu cpu = RemoteCpu.read(dir);
    return new ClientRun(
        share,
        remote.destination(),
        offset,
        child,
        job.output(),
        cpu.clientCpuCores(),
        cpu.clientJitCpuCores(),
        cpu.clientCpus(),
        null,
        null);
  }

  /** A client's work on the other machine: how it is reached, its folder, files and script. */
  private record RemoteWork(Ssh ssh, Path work, Path connection, Path workload, Path script) {}

  /** {@link #setUp}, tried once more when it fails; throws why it failed twice. */
  private long setUpTwice(StoreSession session, RemoteWork w) {
    try {
      return setUp(session, w);
    } catch (SetupException | UncheckedIOException e) {
      say(session, "a client's setup failed (" + e.getMessage() + "); trying once more");
    }
    try {
      return setUp(session, w);
    } catch (SetupException | UncheckedIOException e) {
      throw new SetupException(
          "setup on " + remote.destination() + " failed twice: " + e.getMessage(), e);
    }
  }

  /**
   * Prepares the machine for a step; returns its clock offset. Any client JVM still running there
   * (a step stopped before it, a runner killed) is stopped first, and said.
   */
  private long setUp(StoreSession session, RemoteWork w) {
    Ssh ssh = w.ssh();
    String reaped =
        ssh.run(
            List.of(
                "sh",
                "-c",
                "\"$1\" --reap \"$2\" && rm -rf \"$3\" && mkdir -p \"$3\"",
                "prepare",
                w.script().toString(),
                remote.workDir().toString(),
                w.work().toString()),
            null);
    reaped.lines().forEach(l -> say(session, l));
    long offset = ssh.clockOffsetMs();
    ssh.copy(session.connectionFile(), w.connection());
    ssh.copy(ctx.options().workload().path(), w.workload());
    return offset;
  }

  /**
   * After a client had to be stopped: its JVM stopped over a second session, should the first one's
   * end not have reached it. Best effort: the next step's setup reaps again.
   */
  private void reap(StoreSession session, Ssh ssh, Path script) {
    try {
      ssh.run(List.of(script.toString(), "--reap", remote.workDir().toString()), null)
          .lines()
          .forEach(l -> say(session, l));
    } catch (RuntimeException e) {
      say(session, "could not check for a client left running: " + e.getMessage());
    }
  }

  /** A progress line of the store's, about this machine. */
  private void say(StoreSession session, String what) {
    ctx.progress().store(session.name(), remote.destination() + ": " + what);
  }

  /** Sends the start down a remote client's session ({@code remote-client.sh} reads it). */
  private static void tellStart(Process p, long epochMs) {
    try {
      OutputStream out = p.getOutputStream();
      out.write(("start " + epochMs + "\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
    } catch (IOException e) {
      // The session is gone: the client ended (its result says how).
    }
  }
}
