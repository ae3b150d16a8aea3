package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results files survive a power loss: the temporary file and its directory are forced to disk
 * around the rename, temporary names never collide, and a folder is swapped in whole.
 */
class AtomicFilesTest {

  @TempDir Path dir;

  /** Every path forced, in order, each really forced too. */
  private final List<Path> forced = new ArrayList<>();

  private void record(Path p) throws IOException {
    AtomicFiles.forceToDisk(p);
    forced.add(p.toAbsolutePath());
  }

  @Test
  void theTemporaryFileIsForcedBeforeTheRenameAndTheDirectoryAfter() throws IOException {
    Path target = dir.resolve("step.json");
    AtomicFiles.writeBytes(target, "{}".getBytes(), this::record);
    assertEquals("{}", read(target));
    assertEquals(2, forced.size(), forced.toString());
    String tmp = forced.get(0).getFileName().toString();
    assertTrue(tmp.startsWith(".step.json.") && tmp.endsWith(".tmp"), tmp);
    assertFalse(Files.exists(forced.get(0)), "renamed over the target");
    assertEquals(dir.toAbsolutePath(), forced.get(1), "the directory, after the rename");
    assertEquals(List.of("step.json"), names(dir), "no temporary file left");
  }

  @Test
  void aTemporaryNameIsNeverTheSameTwiceNorALeftoversName() throws Exception {
    Path target = dir.resolve("summary.json");
    assertNotEquals(
        AtomicFiles.tempName(target, "tmp"), AtomicFiles.tempName(target, "tmp"), "random");
    // A crash's leftover under the old fixed name is neither reused nor in the way.
    Files.writeString(dir.resolve(".summary.json.tmp"), "half a fi");
    // Many writers of one target at once: each has its own temporary file, the target is one of
    // them whole.
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> writes = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        String text = ("writer " + i + " ").repeat(2000);
        writes.add(pool.submit(() -> AtomicFiles.writeString(target, text)));
      }
      for (Future<?> f : writes) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    String got = read(target);
    String first = got.substring(0, got.indexOf(' ', "writer ".length()) + 1);
    assertTrue(first.matches("writer \\d+ "), first);
    assertEquals(first.repeat(2000), got, "whole, one writer's");
    assertEquals(List.of(".summary.json.tmp", "summary.json"), names(dir));
  }

  @Test
  void aFolderIsForcedAndSwappedInWholeReplacingTheOldOne() throws Exception {
    Path old = Files.createDirectories(dir.resolve("steps/01-t1/hdr"));
    Files.writeString(old.resolve("READ.hdr"), "old");
    Path partial = Files.createDirectories(dir.resolve("steps/.01-t1.partial/hdr"));
    Files.writeString(partial.resolve("READ.hdr"), "new");
    Files.writeString(partial.getParent().resolve("step.json"), "{}");
    Path to = dir.resolve("steps/01-t1");
    AtomicFiles.publish(partial.getParent(), to, this::record);
    assertEquals("new", read(to.resolve("hdr/READ.hdr")));
    assertEquals(List.of("01-t1"), names(dir.resolve("steps")), "the old folder deleted");
    Path from = partial.getParent().toAbsolutePath();
    assertTrue(forced.contains(from.resolve("hdr/READ.hdr")), "each file forced: " + forced);
    assertTrue(forced.contains(from.resolve("step.json")));
    assertTrue(forced.contains(from.resolve("hdr")), "each folder forced");
    assertEquals(dir.resolve("steps").toAbsolutePath(), forced.get(forced.size() - 1));
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
