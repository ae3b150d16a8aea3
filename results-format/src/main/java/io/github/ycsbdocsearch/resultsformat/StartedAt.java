package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * A client's {@code started-at} ({@link RunLayout#STARTED_AT}, in its output folder): the instant
 * (epoch ms, the client's own clock) it left the several clients' start barrier, one decimal line.
 * Written by {@code common}'s {@code StartGateWorkload} in the YCSB process, read by the runner for
 * {@code clients.json} (how far apart the clients really started). A note, not needed to run: a
 * client that could not write it, or a file that holds no instant, reads as unknown. Stateless.
 */
public final class StartedAt {
  private StartedAt() {}

  /** Writes the instant into the client's folder, atomically; false when it could not. */
  public static boolean write(Path clientDir, long epochMs) {
    try {
      AtomicFiles.writeString(clientDir.resolve(RunLayout.STARTED_AT), epochMs + "\n");
      return true;
    } catch (UncheckedIOException e) {
      return false;
    }
  }

  /** The instant a client's folder holds; empty when it has none or something else. */
  public static OptionalLong read(Path clientDir) {
    try {
      return OptionalLong.of(
          Long.parseLong(
              Files.readString(clientDir.resolve(RunLayout.STARTED_AT), StandardCharsets.UTF_8)
                  .strip()));
    } catch (IOException | NumberFormatException e) {
      return OptionalLong.empty();
    }
  }
}
