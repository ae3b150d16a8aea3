package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Writes results files so that a reader, a crash or a power loss never sees half a file: write a
 * temporary file beside the target under a name no other writer can have, force it to disk, rename
 * it over the target, and force the directory (the rename is only durable once the directory is).
 * Folders are published the same way: every file and folder in them forced, then swapped in by
 * renames (the old folder moved aside, the new one renamed to the name, the directory forced, the
 * old one deleted). The name never holds a mix of the two: it holds the old folder or the new one,
 * whole, except between the two renames, when it is absent and the old folder lies whole beside it
 * under a hidden name (a resume then runs that step again). Stateless.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** Forces a file or a directory to disk ({@link #forceToDisk}); tests record the calls. */
  @FunctionalInterface
  interface Fsync {
    void force(Path fileOrDirectory) throws IOException;
  }

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

  /** Writes bytes to {@code target}, atomically and durably. */
  public static void writeBytes(Path target, byte[] bytes) {
    writeBytes(target, bytes, AtomicFiles::forceToDisk);
  }

  static void writeBytes(Path target, byte[] bytes, Fsync fsync) {
    Path dir = target.toAbsolutePath().getParent();
    Path tmp = null;
    try {
      Files.createDirectories(dir);
      // A random name, created new (CREATE_NEW fails rather than open an existing file): two
      // writers of the same target (two processes, or a crash's leftover) never share a temporary
      // file. Not createTempFile, whose files are owner-only: results are read by others.
      tmp = dir.resolve(tempName(target, "tmp"));
      Files.write(tmp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      fsync.force(tmp);
      move(tmp, target);
      fsync.force(dir);
    } catch (IOException e) {
      deleteQuietly(tmp);
      throw new UncheckedIOException("cannot write " + target, e);
    }
  }

  /**
   * Publishes a finished folder (or file) under its name, replacing what was there: everything in
   * it forced to disk, then swapped in (see the class), and the parent directory forced.
   */
  public static void publish(Path from, Path to) {
    publish(from, to, AtomicFiles::forceToDisk);
  }

  static void publish(Path from, Path to, Fsync fsync) {
    try {
      forceTree(from, fsync);
      Path dir = to.toAbsolutePath().getParent();
      Path old = null;
      if (Files.exists(to)) {
        old = dir.resolve(tempName(to, "old"));
        move(to, old);
      }
      try {
        move(from, to);
      } catch (IOException e) {
        restore(old, to, e);
        throw e;
      }
      fsync.force(dir);
      if (old != null) {
        deleteTree(old);
      }
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

  /** fsync(2) of a file or a directory: FileChannel.force on a channel opened for reading. */
  static void forceToDisk(Path fileOrDirectory) throws IOException {
    try (FileChannel ch = FileChannel.open(fileOrDirectory, StandardOpenOption.READ)) {
      ch.force(true);
    }
  }

  /** Forces every file under {@code root}, then every directory, deepest first. */
  private static void forceTree(Path root, Fsync fsync) throws IOException {
    List<Path> all;
    try (Stream<Path> s = Files.walk(root)) {
      all = s.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path p : all) {
      if (Files.isRegularFile(p)) {
        fsync.force(p);
      }
    }
    for (Path p : all) {
      if (Files.isDirectory(p)) {
        fsync.force(p);
      }
    }
  }

  /** After a swap that failed halfway, the old folder goes back under its name, if it can. */
  private static void restore(Path old, Path to, IOException failure) {
    if (old == null) {
      return;
    }
    try {
      move(old, to);
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  /** {@code .<name>.<random>.<kind>}: hidden, beside its target, never the same twice. */
  static String tempName(Path target, String kind) {
    return "." + target.getFileName() + "." + UUID.randomUUID() + "." + kind;
  }

  /** Deletes a file if it is there (null: nothing); a leftover temporary file changes no result. */
  public static void deleteQuietly(Path p) {
    if (p == null) {
      return;
    }
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      // A leftover temporary file has a unique name and harms nothing.
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
