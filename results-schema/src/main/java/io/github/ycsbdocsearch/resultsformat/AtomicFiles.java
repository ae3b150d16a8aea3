package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Writes results files so that a reader (or a crash) never sees half a file: write a temp file
 * beside the target, then rename it over the target. Folders are published the same way (build
 * under a temp name, rename). Stateless.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** Writes {@code value} as indented JSON to {@code target}, atomically. */
  public static void writeJson(Path target, Object value) {
    try {
      writeBytes(target, Json.MAPPER.writeValueAsBytes(value));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target, e);
    }
  }

  /** Writes text (UTF-8) to {@code target}, atomically. */
  public static void writeString(Path target, String text) {
    writeBytes(target, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes bytes to {@code target}, atomically. */
  public static void writeBytes(Path target, byte[] bytes) {
    try {
      Files.createDirectories(target.toAbsolutePath().getParent());
      Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
      Files.write(tmp, bytes);
      move(tmp, target);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target, e);
    }
  }

  /** Renames a finished folder (or file) to its published name, replacing what was there. */
  public static void publish(Path from, Path to) {
    try {
      deleteTree(to);
      move(from, to);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot rename " + from + " to " + to, e);
    }
  }

  /** Deletes a file or a folder and everything under it; nothing happens when it does not exist. */
  public static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
