package io.github.ycsbdocsearch.sweep.exec;

import io.github.ycsbdocsearch.common.RemoteClient;
import io.github.ycsbdocsearch.common.SetupException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The OpenSSH client's commands to one other client machine: run a command there, copy a file there, fetch a folder
 * back (tar over the SSH channel), and read its clock. Batch mode: a key, never a password prompt. Immutable.
 *
 * @param client the machine
 */
public record Ssh(RemoteClient client) {
  private static final long TIMEOUT_S = 60;

  /** {@code ssh} with the options that reach the machine, up to and including the destination. */
  public List<String> base() {
    List<String> cmd = new ArrayList<>(List.of("ssh", "-p", String.valueOf(client.port()), "-o", "BatchMode=yes",
        "-o", "ConnectTimeout=10", "-o", "StrictHostKeyChecking=accept-new", "-o", "LogLevel=ERROR"));
    if (client.identityFile() != null) {
      cmd.addAll(List.of("-i", client.identityFile().toString(), "-o", "IdentitiesOnly=yes"));
    }
    cmd.addAll(client.sshOptions());
    cmd.add(client.destination());
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
   * @throws SetupException naming the machine and ssh's or the command's first error line
   */
  public String run(List<String> words, Path stdin) {
    ProcessBuilder pb = new ProcessBuilder(command(words)).redirectInput(stdin == null
        ? ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()) : ProcessBuilder.Redirect.from(stdin.toFile()));
    try {
      Path err = Files.createTempFile("ssh", ".err");
      try {
        Process p = pb.redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw new SetupException("client " + client.destination() + ": ssh did not answer within " + TIMEOUT_S
              + " s");
        }
        if (p.exitValue() != 0) {
          String why = Files.readAllLines(err).stream().filter(l -> !l.isBlank()).findFirst()
              .orElse("exit code " + p.exitValue());
          throw new SetupException("client " + client.destination() + " port " + client.port() + ": " + why);
        }
        return out;
      } finally {
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run ssh: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SetupException("interrupted while talking to client " + client.destination());
    }
  }

  /** Copies a local file there. */
  public void copy(Path local, Path remote) {
    run(List.of("sh", "-c", "cat > \"$1\"", "copy", remote.toString()), local);
  }

  /** Copies the remote folder's content into the local folder (created), through tar on both ends. */
  public void fetch(Path remoteDir, Path localDir) {
    try {
      Files.createDirectories(localDir);
      List<Process> pipe = ProcessBuilder.startPipeline(List.of(
          new ProcessBuilder(command(List.of("tar", "-C", remoteDir.toString(), "-cf", "-", ".")))
              .redirectError(ProcessBuilder.Redirect.DISCARD),
          new ProcessBuilder("tar", "-C", localDir.toString(), "-xf", "-")
              .redirectError(ProcessBuilder.Redirect.DISCARD)));
      for (Process p : pipe) {
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS) || p.exitValue() != 0) {
          p.destroyForcibly();
          throw new SetupException("client " + client.destination() + ": cannot fetch " + remoteDir);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot fetch from " + client.destination() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SetupException("interrupted while fetching from client " + client.destination());
    }
  }

  /**
   * Its clock minus this machine's, in milliseconds: its time read over SSH against the midpoint of the round trip
   * (off by at most half the round trip).
   */
  public long clockOffsetMs() {
    long before = System.currentTimeMillis();
    String remote = run(List.of("date", "+%s%3N"), null).trim();
    long after = System.currentTimeMillis();
    try {
      return Long.parseLong(remote) - (before + after) / 2;
    } catch (NumberFormatException e) {
      throw new SetupException("client " + client.destination() + ": 'date +%s%3N' printed '" + remote + "'");
    }
  }

  /** One word for a POSIX shell: single-quoted, with each single quote closed, escaped and reopened. */
  public static String quote(String word) {
    return word.matches("[A-Za-z0-9_./:=,+@%-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
  }
}
