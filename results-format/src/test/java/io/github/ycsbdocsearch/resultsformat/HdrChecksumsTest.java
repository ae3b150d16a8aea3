package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A step's HDR logs checked against the checksums written when it was published. */
class HdrChecksumsTest {

  @TempDir Path dir;

  /** A real step folder of a golden run (written before checksums were). */
  private Path step() {
    return RunLayout.stepsDir(GoldenRuns.copy(GoldenRuns.NORMAL, dir), "basicdb").resolve("01-t1");
  }

  @Test
  void aStepWithoutChecksumsIsUnverifiedAndOneWithThemVerified() throws IOException {
    Path step = step();
    assertEquals(HdrChecksums.Check.UNVERIFIED, HdrChecksums.check(step));
    HdrChecksums.write(step);
    assertEquals(HdrChecksums.Check.VERIFIED, HdrChecksums.check(step));
    List<String> lines = Files.readAllLines(step.resolve(RunLayout.HDR_CHECKSUMS));
    assertTrue(lines.size() >= 2, lines.toString());
    for (String line : lines) {
      assertTrue(line.matches("[0-9a-f]{64}  hdr/\\S+"), "sha256sum's format: " + line);
    }
  }

  @Test
  void aChangedMissingOrAddedLogIsAMismatchNamingIt() throws IOException {
    Path step = step();
    HdrChecksums.write(step);
    Path log;
    try (var s = Files.list(step.resolve(RunLayout.HDR_DIR))) {
      log = s.sorted().findFirst().orElseThrow();
    }
    byte[] was = Files.readAllBytes(log);
    byte[] torn = was.clone();
    torn[torn.length / 2] ^= 1;
    Files.write(log, torn);
    assertMismatch(step, "hdr/" + log.getFileName() + " changed");
    Files.delete(log);
    assertMismatch(step, "hdr/" + log.getFileName() + " is missing");
    Files.write(log, was);
    Files.writeString(step.resolve("hdr/EXTRA.hdr"), "");
    assertMismatch(step, "hdr/EXTRA.hdr was added");
  }

  private static void assertMismatch(Path step, String why) {
    assertEquals(HdrChecksums.Check.MISMATCH, HdrChecksums.check(step));
    Optional<String> m = HdrChecksums.mismatch(step);
    assertTrue(m.orElse("").startsWith(why), m + " should say " + why);
  }
}
