package io.github.ycsbdocsearch.sweep.exec;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.SshTarget;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * The OpenSSH client's commands to one other machine (a client, or a store server that takes
 * faults): run a command there, copy a file there, fetch a folder back (tar over the SSH channel),
 * and read its clock. Batch mode: a key, never a password prompt. Every call runs as a {@link
 * ChildProcess}: its output goes to files while it runs (a command that keeps its output open
 * cannot block the wait) and it is killed, with whatever it started, once past {@code timeout}.
 * Immutable.
 *
 * @param target the machine
 * @param program the OpenSSH client's command ({@code ssh}; tests put a local stand-in here)
 * @param timeout how long one call may take before it is killed and reported
 */
public record Ssh(SshTarget target, List<String> program, Duration timeout) {
  /**
   * Ample for a file copy, a folder fetch or a check; a hung network or remote command fails in
   * bounded time.
   */
  static final Duration TIMEOUT = Duration.ofSeconds(60);

  /** Every call's {@code -o} options: a key, never a prompt; bounded; the host key checked. */
  private static final List<String> OPTIONS =
      List.of("BatchMode=yes", "ConnectTimeout=10", "StrictHostKeyChecking=yes", "LogLevel=ERROR");

  /** Longer commands are shortened in error messages, which stay one readable line. */
  private static final int LABEL_MAX = 80;

  public Ssh {
    program = List.copyOf(program);
  }

  /** The OpenSSH client, with the default time limit. */
  public Ssh(SshTarget target) {
    this(target, List.of("ssh"), TIMEOUT);
  }

  /**
   * {@code ssh} with the options that reach the machine, up to and including the destination. The
   * host key is checked strictly, never trusted on first use: against the target's known_hosts file
   * alone when it has one. These options come before the target's own: ssh takes an option's first
   * value, so none of those can loosen the check.
   */
  public List<String> base() {
    List<String> cmd = new ArrayList<>(program);
    cmd.addAll(List.of("-p", String.valueOf(target.port())));
    OPTIONS.forEach(o -> cmd.addAll(List.of("-o", o)));
    if (target.knownHosts() != null) {
      // Quoted: ssh splits an unquoted value at spaces into several files.
      cmd.addAll(List.of("-o", "UserKnownHostsFile=\"" + target.knownHosts() + "\""));
      cmd.addAll(List.of("-o", "GlobalKnownHostsFile=/dev/null"));
    }
    if (target.identityFile() != null) {
      cmd.addAll(List.of("-i", target.identityFile().toString(), "-o", "IdentitiesOnly=yes"));
    }
    cmd.addAll(target.sshOptions());
    cmd.add(target.destination());
    return cmd;
  }

  /** The command that runs {@code words} there, each word quoted for the remote shell. */
  public List<String> command(List<String> words) {
    List<String> cmd = base();
    cmd.add("--");
    cmd.add(words.stream().map(Ssh::quote).collect(Collectors.joining(" ")));
    return cmd;
  }

  /**
   * Runs {@code words} there and returns its stdout.
   *
   * @param stdin a file fed to the command's stdin; null: none
   * @throws SetupException naming the machine and ssh's or the command's first error line, or the
   *     command that did not finish in time
   */
  public String run(List<String> words, Path stdin) {
    Path out = tempFile(".out");
    try {
      exec(words, stdin, out);
      return Files.readString(out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read ssh's output: " + e.getMessage(), e);
    } finally {
      AtomicFiles.deleteQuietly(out);
    }
  }

  public void copy(Path local, Path remote) {
    run(List.of("sh", "-c", "cat > \"$1\"", "copy", remote.toString()), local);
  }

  /**
   * Copies the remote folder's content into the local folder (created), through tar on both ends:
   * the archive is fetched into a local file first (the folder holds one client's logs), so each
   * half has its own time limit and its own error, and neither can wait on the other through a
   * pipe.
   */
  public void fetch(Path remoteDir, Path localDir) {
    Path tar = tempFile(".tar");
    Path err = tempFile(".err");
    try {
      Files.createDirectories(localDir);
      exec(List.of("tar", "-C", remoteDir.toString(), "-cf", "-", "."), null, tar);
      List<String> untar = List.of("tar", "-C", localDir.toString(), "-xf", tar.toString());
      ChildResult r =
          new ChildProcess(untar, null, Map.of())
              .run(Path.of("/dev/null"), err, timeout, null, line -> {});
      if (r.timedOut() || r.exitCode() != 0) {
        String why =
            r.timedOut()
                ? "tar did not finish within " + timeout.toSeconds() + " s"
                : firstLine(err).orElse("tar exit code " + r.exitCode());
        throw new SetupException(
            "%s: cannot unpack %s into %s: %s".formatted(who(), remoteDir, localDir, why));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot fetch from " + target.destination() + ": " + e.getMessage(), e);
    } finally {
      AtomicFiles.deleteQuietly(tar);
      AtomicFiles.deleteQuietly(err);
    }
  }

  /** Round trips {@link #clockOffsetMs} makes; the shortest decides. */
  static final int CLOCK_SAMPLES = 7;

  /**
   * Its clock minus this machine's, in milliseconds: over one session, {@value #CLOCK_SAMPLES}
   * times, a line sent and its time read back against the midpoint of that round trip; the sample
   * of the shortest round trip counts (off by at most half of it, a fraction of a millisecond
   * between machines in one placement group). The connection's own setup is outside every sample.
   */
  public long clockOffsetMs() {
    Path err = tempFile(".err");
    Process p;
    try {
      p =
          new ProcessBuilder(command(List.of("sh", "-c", "while read -r _; do date +%s%3N; done")))
              .redirectError(err.toFile())
              .start();
    } catch (IOException e) {
      AtomicFiles.deleteQuietly(err);
      throw new UncheckedIOException("cannot start ssh: " + e.getMessage(), e);
    }
    // A hung session ends the reads below: killed once past the time limit (a no-op if it ended).
    CompletableFuture.runAsync(
        p::destroyForcibly,
        CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS));
    long bestRttNanos = Long.MAX_VALUE;
    long offset = 0;
    try (Writer out = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
        BufferedReader in =
            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (int i = 0; i < CLOCK_SAMPLES; i++) {
        long wallBefore = System.currentTimeMillis();
        long before = System.nanoTime();
        out.write("t\n");
        out.flush();
        String line = in.readLine();
        long rtt = System.nanoTime() - before;
        long wallAfter = System.currentTimeMillis();
        if (line == null) {
          throw new SetupException(
              where()
                  + ": cannot read its clock: "
                  + firstLine(err).orElse("the session ended (exit code " + exitOf(p) + ")"));
        }
        long remote = parseClock(line);
        if (rtt < bestRttNanos) {
          bestRttNanos = rtt;
          offset = remote - (wallBefore + wallAfter) / 2;
        }
      }
    } catch (IOException e) {
      throw new SetupException(
          where() + ": cannot read its clock: " + firstLine(err).orElse(e.getMessage()), e);
    } finally {
      p.destroy();
      AtomicFiles.deleteQuietly(err);
    }
    return offset;
  }

  private long parseClock(String line) {
    try {
      return Long.parseLong(line.trim());
    } catch (NumberFormatException e) {
      throw new SetupException(who() + ": 'date +%s%3N' printed '" + line + "'");
    }
  }

  private static String exitOf(Process p) {
    try {
      return p.waitFor(1, TimeUnit.SECONDS) ? String.valueOf(p.exitValue()) : "none yet";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  /**
   * One word for a POSIX shell: single-quoted, with each single quote closed, escaped and reopened.
   */
  public static String quote(String word) {
    return word.matches("[A-Za-z0-9_./:=,+@%-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
  }

  /**
   * Runs {@code words} there with its stdout into {@code stdout}; returns normally only when it
   * exited 0.
   */
  private void exec(List<String> words, Path stdin, Path stdout) {
    Path err = tempFile(".err");
    AtomicReference<String> lastSaid = new AtomicReference<>();
    AtomicReference<String> saidBeforeKill = new AtomicReference<>();
    try {
      ChildResult r =
          new ChildProcess(command(words), null, Map.of())
              .stdin(stdin)
              .onTimeout(() -> saidBeforeKill.set(lastSaid.get()))
              .run(
                  stdout,
                  err,
                  timeout,
                  null,
                  line -> {
                    if (!line.isBlank()) {
                      lastSaid.set(line.strip());
                    }
                  });
      if (Thread.currentThread().isInterrupted()) {
        throw new SetupException("interrupted while running '" + label(words) + "' on " + where());
      }
      if (r.timedOut()) {
        // What it said last before the kill is the best hint at what it waited for (a lock, a
        // prompt, a slow disk); what a shell prints as it dies ("Terminated") is not.
        String said =
            Optional.ofNullable(saidBeforeKill.get()).map(l -> " (it said: " + l + ")").orElse("");
        throw new SetupException(
            "%s: '%s' did not finish within %s s; killed%s"
                .formatted(where(), label(words), timeout.toSeconds(), said));
      }
      if (r.exitCode() != 0) {
        throw new SetupException(
            where()
                + ": "
                + sshSaid(err, r.exitCode())
                    .orElse("'" + label(words) + "' exit code " + r.exitCode()));
      }
    } finally {
      AtomicFiles.deleteQuietly(err);
    }
  }

  /** ssh's exit code for its own failure (the remote command's is passed on). */
  static final int SSH_FAILED = 255;

  /**
   * What went wrong, in one line: ssh's refusal of the machine's host key in words of its own (ssh
   * says it in several lines, the first a row of {@code @} when the key changed), else the first
   * error line.
   */
  private Optional<String> sshSaid(Path err, int exitCode) {
    List<String> said = lines(err);
    if (exitCode == SSH_FAILED
        && said.stream().anyMatch(l -> l.startsWith("Host key verification failed"))) {
      return Optional.of(
          "host key refused: it is not the one "
              + (target.knownHosts() == null
                  ? "ssh's known_hosts files hold"
                  : target.knownHosts() + " holds")
              + " (unknown or changed; never trusted on first use)");
    }
    return said.stream().findFirst();
  }

  /** The machine in an error message: its role and destination. */
  private String who() {
    return target.role() + " " + target.destination();
  }

  /** {@link #who} and the port. */
  private String where() {
    return who() + " port " + target.port();
  }

  /** The command as one short line for an error message. */
  private static String label(List<String> words) {
    String all = String.join(" ", words);
    return all.length() <= LABEL_MAX ? all : all.substring(0, LABEL_MAX - 3) + "...";
  }

  private static Optional<String> firstLine(Path file) {
    return lines(file).stream().findFirst();
  }

  /**
   * The file's non-blank lines, trimmed; none when it cannot be read (the message then says less,
   * nothing fails).
   */
  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
          .map(String::strip)
          .filter(l -> !l.isEmpty())
          .toList();
    } catch (IOException | UncheckedIOException e) {
      return List.of();
    }
  }

  private static Path tempFile(String suffix) {
    try {
      return Files.createTempFile("ssh", suffix);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot create a temporary file for ssh: " + e.getMessage(), e);
    }
  }
}
