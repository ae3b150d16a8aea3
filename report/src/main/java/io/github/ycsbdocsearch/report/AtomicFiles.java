package io.github.ycsbdocsearch.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes files the way the results folder requires: to a temporary file in the same folder, then renamed over the
 * target, so a reader never sees half a file. Stateless, thread-safe for distinct targets.
 */
final class AtomicFiles {

  private AtomicFiles() {
  }

  /** Writes {@code text} as UTF-8 to {@code target}, creating parent folders. */
  static void writeString(Path target, String text) throws IOException {
    writeBytes(target, text.getBytes(StandardCharsets.UTF_8));
  }

  static void writeBytes(Path target, byte[] bytes) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
    try {
      Files.write(tmp, bytes);
      try {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
