package io.github.ycsbdocsearch.common.workload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The client side of the several clients' ready barrier: a client JVM that has finished its {@code
 * init} waits for a file to appear that holds the agreed start (epoch milliseconds, this machine's
 * clock), then for that instant. The runner writes the file (atomically: written beside it, then
 * renamed) once every client has said it is ready; on another machine {@code
 * scripts/lib/remote-client.sh} writes it from what the runner sends over the SSH session.
 * Stateless.
 */
public final class StartGate {
  /**
   * How often the file is looked for: a millisecond keeps the start's error far below the 50 ms a
   * step may start apart.
   */
  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private StartGate() {}

  /**
   * Waits until {@code file} holds an instant, then until the wall clock reaches it; returns the
   * instant (epoch ms).
   *
   * @throws IllegalStateException when no instant arrived within {@code timeoutMs}, or the file
   *     holds something else
   * @throws InterruptedException when interrupted while waiting
   */
  public static long await(Path file, long timeoutMs) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    while (true) {
      String text = read(file);
      if (text != null) {
        long startAt = parse(file, text);
        sleepUntil(startAt);
        return startAt;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "no start instant in " + file + " within " + timeoutMs / 1000 + " s of being ready");
      }
      LockSupport.parkNanos(POLL_NANOS);
      if (Thread.interrupted()) {
        throw new InterruptedException("interrupted while waiting for " + file);
      }
    }
  }

  /** Sleeps until the wall clock reaches {@code epochMs} (returns at once when it has). */
  public static void sleepUntil(long epochMs) throws InterruptedException {
    for (long left = epochMs - System.currentTimeMillis();
        left > 0;
        left = epochMs - System.currentTimeMillis()) {
      Thread.sleep(left);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  private static long parse(Path file, String text) {
    try {
      return Long.parseLong(text.strip());
    } catch (NumberFormatException e) {
      throw new IllegalStateException(
          file + " holds '" + text.strip() + "', not an instant in epoch milliseconds", e);
    }
  }
}
