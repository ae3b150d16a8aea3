package io.github.ycsbdocsearch.sweep.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.RemoteClient;
import io.github.ycsbdocsearch.common.SetupException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ssh's calls through {@link LocalSsh}, a local stand-in for the OpenSSH client. */
class SshTest {
  private static final RemoteClient CLIENT =
      new RemoteClient(
          "client-b", 2222, "bench", null, null, Path.of("/repo"), Path.of("/tmp/w"), List.of());

  @TempDir Path dir;

  private static Ssh ssh(Duration timeout) {
    return LocalSsh.to(CLIENT, timeout);
  }

  @Test
  void aCommandThatHangsWithItsOutputOpenIsKilledWithItsChildrenAndNamed() throws Exception {
    Path pidFile = dir.resolve("sleep.pid");
    // The hang is a grandchild holding stdout and stderr open: the case a read-then-wait never
    // returned from. The trap prints what a shell may print as it dies ("Terminated"), which once
    // replaced the hint; the loop keeps the shell alive until its own signal comes, whichever of
    // it and its child is signalled first.
    String script =
        "trap 'echo Terminated >&2; exit 143' TERM; echo started; echo waiting for the lock >&2;"
            + " sleep 30 & echo $! > "
            + pidFile
            + "; while :; do wait; done";
    long start = System.nanoTime();
    SetupException e =
        assertThrows(
            SetupException.class,
            () -> ssh(Duration.ofSeconds(1)).run(List.of("sh", "-c", script), null));
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;
    // One second, then SIGTERM (at most five more before SIGKILL): far below the sleep's thirty.
    assertTrue(elapsedMs < 7_000, "took " + elapsedMs + " ms");
    assertTrue(
        e.getMessage().startsWith("client bench@client-b port 2222: 'sh -c trap "), e.getMessage());
    assertTrue(
        e.getMessage()
            .contains("did not finish within 1 s; killed (it said: waiting for the lock)"),
        e.getMessage());
    long sleepPid = Long.parseLong(Files.readString(pidFile).trim());
    Optional<ProcessHandle> sleep = ProcessHandle.of(sleepPid);
    // The kill is sent before run returns; the kernel may take a moment to reap the process.
    for (int i = 0; i < 50 && sleep.map(ProcessHandle::isAlive).orElse(false); i++) {
      Thread.sleep(100);
    }
    assertFalse(
        sleep.map(ProcessHandle::isAlive).orElse(false), "the remote command's child still runs");
  }

  @Test
  void outputLargerThanAPipeIsReturnedWhole() {
    // 200,000 bytes: three times a Linux pipe's buffer, so a child writing into an unread pipe
    // would block.
    String out =
        ssh(Duration.ofSeconds(30))
            .run(
                List.of(
                    "sh", "-c", "head -c 200000 /dev/zero | tr '\\0' x; " + "echo; echo done >&2"),
                null);
    assertEquals(200_001, out.length());
    assertTrue(out.startsWith("xxx") && out.endsWith("x\n"));
  }

  @Test
  void aFailedCommandIsItsFirstErrorLine() {
    SetupException e =
        assertThrows(
            SetupException.class,
            () ->
                ssh(Duration.ofSeconds(30))
                    .run(
                        List.of(
                            "sh",
                            "-c",
                            "echo; echo no built project at /repo >&2; echo second >&2; exit 1"),
                        null));
    assertEquals("client bench@client-b port 2222: no built project at /repo", e.getMessage());
    SetupException silent =
        assertThrows(
            SetupException.class,
            () -> ssh(Duration.ofSeconds(30)).run(List.of("sh", "-c", "exit 3"), null));
    assertEquals(
        "client bench@client-b port 2222: 'sh -c exit 3' exit code 3", silent.getMessage());
  }

  /** The host key is checked strictly, against the target's known_hosts alone when it has one. */
  @Test
  void theHostKeyIsCheckedStrictlyWhateverTheTargetsOptionsSay() {
    RemoteClient strict =
        new RemoteClient(
            "10.0.1.41",
            22,
            "ubuntu",
            Path.of("/home/ubuntu/.ssh/ycsb_clients"),
            Path.of("/home/ubuntu/.ssh/known hosts"),
            Path.of("/repo"),
            Path.of("/tmp/w"),
            List.of("-o", "StrictHostKeyChecking=no"));
    List<String> cmd = new Ssh(strict).base();
    assertEquals(
        List.of(
            "ssh",
            "-p",
            "22",
            "-o",
            "BatchMode=yes",
            "-o",
            "ConnectTimeout=10",
            "-o",
            "StrictHostKeyChecking=yes",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "UserKnownHostsFile=\"/home/ubuntu/.ssh/known hosts\"",
            "-o",
            "GlobalKnownHostsFile=/dev/null",
            "-i",
            "/home/ubuntu/.ssh/ycsb_clients",
            "-o",
            "IdentitiesOnly=yes",
            // After the check: ssh takes an option's first value, so this one changes nothing.
            "-o",
            "StrictHostKeyChecking=no",
            "ubuntu@10.0.1.41"),
        cmd);
    List<String> own = new Ssh(CLIENT).base();
    assertTrue(own.contains("StrictHostKeyChecking=yes"), own.toString());
    assertFalse(own.stream().anyMatch(o -> o.startsWith("UserKnownHostsFile")), own.toString());
  }

  /** ssh's lines when it refuses a host key (OpenSSH 9), as one line that names the file. */
  @Test
  void aRefusedHostKeyIsOneLineNamingTheKnownHostsFile() {
    RemoteClient c =
        new RemoteClient(
            "client-b",
            2222,
            "bench",
            null,
            Path.of("/k/known_hosts"),
            Path.of("/repo"),
            Path.of("/tmp/w"),
            List.of());
    String changed =
        "printf '%s\\n' '@@@@@@@@' '@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @'"
            + " 'Host key for [client-b]:2222 has changed and you have requested strict checking.'"
            + " 'Host key verification failed.' >&2; exit 255";
    SetupException e =
        assertThrows(
            SetupException.class,
            () ->
                new Ssh(c, List.of("sh", "-c", changed), Duration.ofSeconds(30))
                    .run(List.of("true"), null));
    assertEquals(
        "client bench@client-b port 2222: host key refused: it is not the one /k/known_hosts holds"
            + " (unknown or changed; never trusted on first use)",
        e.getMessage());
    // The same words from the remote command (its exit code, not ssh's 255) are its own.
    SetupException remote =
        assertThrows(
            SetupException.class,
            () ->
                ssh(Duration.ofSeconds(30))
                    .run(
                        List.of("sh", "-c", "echo Host key verification failed. >&2; exit 1"),
                        null));
    assertEquals(
        "client bench@client-b port 2222: Host key verification failed.", remote.getMessage());
  }

  @Test
  void copyFetchAndClockGoThroughTheSameCalls() throws IOException {
    Path local = Files.writeString(dir.resolve("connection.properties"), "redis.host=10.0.0.1\n");
    Path remote = Files.createDirectories(dir.resolve("remote"));
    Ssh ssh = ssh(Duration.ofSeconds(30));
    ssh.copy(local, remote.resolve("it's here.properties"));
    Files.writeString(
        Files.createDirectories(remote.resolve("hdr")).resolve("run.hdr"), "histogram");
    ssh.fetch(remote, dir.resolve("back"));
    assertEquals(
        "redis.host=10.0.0.1\n", Files.readString(dir.resolve("back/it's here.properties")));
    assertEquals("histogram", Files.readString(dir.resolve("back/hdr/run.hdr")));
    assertTrue(Math.abs(ssh.clockOffsetMs()) < 5_000, "the same machine's clock");
    SetupException e =
        assertThrows(SetupException.class, () -> ssh.fetch(dir.resolve("none"), dir.resolve("b2")));
    assertTrue(e.getMessage().startsWith("client bench@client-b port 2222: tar: "), e.getMessage());
  }
}
