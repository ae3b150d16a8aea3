package io.github.ycsbdocsearch.sweep.exec;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs one child process (a YCSB client, a stores.sh call, an ssh command) to the end: stdout
 * straight to a file, stderr line by line to a file and to a listener (progress), a time limit, and
 * registration with {@link Interrupts} so that Ctrl-C stops it. One instance per child; not
 * thread-safe (the stderr pump is its own, internal thread).
 */
public final class ChildProcess {
  private final List<String> command;
  private final Path workDir;
  private final Map<String, String> extraEnv;
  private Consumer<Process> onStart = p -> {};
  private Runnable onTimeout = () -> {};
  private Path stdin;
  private boolean stdinPipe;

  /**
   * @param workDir the child's working folder; null: this JVM's
   * @param extraEnv added to this JVM's environment
   */
  public ChildProcess(List<String> command, Path workDir, Map<String, String> extraEnv) {
    this.command = List.copyOf(command);
    this.workDir = workDir;
    this.extraEnv = Map.copyOf(extraEnv);
  }

  /** Sees the child right after it started (e.g. to sample its CPU time); returns this. */
  public ChildProcess onStart(Consumer<Process> listener) {
    this.onStart = listener;
    return this;
  }

  /**
   * Runs when the time limit is reached, before the child is signalled (e.g. to keep what it said
   * while it hung, not what its shell prints as it dies); returns this.
   */
  public ChildProcess onTimeout(Runnable listener) {
    this.onTimeout = listener;
    return this;
  }

  /** Feeds this file to the child's stdin (the default is none: the null device); returns this. */
  public ChildProcess stdin(Path file) {
    this.stdin = file;
    return this;
  }

  /**
   * Gives the child a pipe as its stdin, which stays open until the child has ended (or this JVM
   * has: the kernel closes it then); the {@link #onStart} listener may write to {@link
   * Process#getOutputStream()}. An {@code ssh} child forwards it to the remote command, whose end
   * of the session it then is ({@code scripts/lib/remote-client.sh}). Returns this.
   */
  public ChildProcess keepStdinOpen() {
    this.stdinPipe = true;
    return this;
  }

  /**
   * Runs the child and waits for it.
   *
   * @param stdoutFile receives the child's stdout
   * @param stderrFile receives the child's stderr (null: only the listener sees it)
   * @param timeout the child is killed after this long
   * @param interrupts stops the child on Ctrl-C; null for a child that must finish even then
   *     (stopping a store)
   * @param onStderr sees every stderr line as it arrives (called on a pump thread)
   * @throws UncheckedIOException when the child cannot be started
   */
  public ChildResult run(
      Path stdoutFile,
      Path stderrFile,
      Duration timeout,
      Interrupts interrupts,
      Consumer<String> onStderr) {
    long start = System.nanoTime();
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(workDir == null ? null : workDir.toFile())
            .redirectOutput(stdoutFile.toFile())
            .redirectInput(
                stdinPipe
                    ? ProcessBuilder.Redirect.PIPE
                    : ProcessBuilder.Redirect.from(
                        stdin == null ? new File("/dev/null") : stdin.toFile()));
    pb.environment().putAll(extraEnv);
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command.get(0) + ": " + e.getMessage(), e);
    }
    if (interrupts != null) {
      interrupts.track(p);
    }
    onStart.accept(p);
    Thread pump = new Thread(() -> pump(p, stderrFile, onStderr), "stderr-pump");
    pump.setDaemon(true);
    pump.start();
    boolean timedOut = false;
    try {
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        timedOut = true;
        onTimeout.run();
        Interrupts.stop(p);
      }
      p.waitFor();
      pump.join(TimeUnit.SECONDS.toMillis(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      Interrupts.stop(p);
    } finally {
      if (interrupts != null) {
        interrupts.untrack(p);
      }
      if (stdinPipe) {
        closeQuietly(p);
      }
    }
    int code = p.isAlive() ? -1 : p.exitValue();
    boolean interrupted = interrupts != null && interrupts.requested();
    return new ChildResult(
        code, timedOut, interrupted, Duration.ofNanos(System.nanoTime() - start));
  }

  private static void pump(Process p, Path stderrFile, Consumer<String> onStderr) {
    try (BufferedReader in =
            new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        Writer out =
            stderrFile == null
                ? Writer.nullWriter()
                : Files.newBufferedWriter(stderrFile, StandardCharsets.UTF_8)) {
      String line;
      while ((line = in.readLine()) != null) {
        out.write(line);
        out.write('\n');
        try {
          onStderr.accept(line);
        } catch (RuntimeException e) {
          // A progress display problem must never lose the child's output.
          out.write("[sweep] progress listener failed: " + e + "\n");
        }
      }
    } catch (IOException e) {
      // The child is gone or the disk is full; the step's checks report the missing output.
    }
  }

  private static void closeQuietly(Process p) {
    try {
      p.getOutputStream().close();
    } catch (IOException e) {
      // The child is gone: its end of the pipe is closed already.
    }
  }
}
