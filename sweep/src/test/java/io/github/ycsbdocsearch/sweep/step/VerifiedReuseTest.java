package io.github.ycsbdocsearch.sweep.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.HdrChecksums;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resume reuses a complete step only when its HDR logs are what they were when it was published;
 * a step folder from before the checksums is reused as before, said unverified.
 */
class VerifiedReuseTest {

  @TempDir Path dir;

  private final List<String> progress = new ArrayList<>();
  private final AtomicInteger unverified = new AtomicInteger();

  /** A step folder with two clients' HDR logs (their content does not matter to a checksum). */
  private Path step() throws IOException {
    Path step = dir.resolve("02-t2");
    for (int i = 0; i < 2; i++) {
      Path hdr = Files.createDirectories(RunLayout.clientDir(step, i).resolve(RunLayout.HDR_DIR));
      Files.writeString(hdr.resolve("READ.hdr"), "#[StartTime: 1764000000.000 ]\nclient " + i);
      Files.writeString(hdr.resolve("Intended-READ.hdr"), "intended " + i);
    }
    return step;
  }

  private boolean reused(Path step) {
    return StepExecutor.hdrLogsAsPublished(step, progress::add, unverified::incrementAndGet);
  }

  @Test
  void aStepWhoseLogsMatchItsChecksumsIsReusedSilently() throws IOException {
    Path step = step();
    HdrChecksums.write(step);
    assertTrue(reused(step));
    assertEquals(List.of(), progress);
    assertEquals(0, unverified.get());
  }

  @Test
  void aCorruptedHdrLogIsNotReusedAndTheProgressLogSaysWhy() throws Exception {
    Path step = step();
    HdrChecksums.write(step);
    Path log = step.resolve("clients/1/hdr/READ.hdr");
    byte[] b = Files.readAllBytes(log);
    b[b.length - 1] ^= 0x20; // one bit flipped: a torn or decayed log that may still parse
    Files.write(log, b);
    assertEquals(false, reused(step));
    assertEquals(1, progress.size());
    assertTrue(progress.get(0).contains("clients/1/hdr/READ.hdr changed"), progress.get(0));
    assertTrue(progress.get(0).endsWith("running it again"), progress.get(0));
  }

  @Test
  void aStepFromBeforeTheChecksumsIsReusedUnverified() throws IOException {
    Path step = step();
    assertTrue(reused(step));
    assertEquals(1, unverified.get(), "noted for the manifest");
    assertTrue(progress.get(0).contains("reused unverified"), progress.get(0));
  }
}
