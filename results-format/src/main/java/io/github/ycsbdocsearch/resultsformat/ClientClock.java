package io.github.ycsbdocsearch.resultsformat;

import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A client folder's {@code clock.json} ({@link RunLayout#CLOCK_JSON}), for a client on another
 * machine: its clock minus the runner's. Written by the runner ({@code SshClientRunner}) beside the
 * client's fetched logs; read by {@link StepHistograms}, which moves the logs' timestamps into the
 * runner's clock by it. Immutable.
 *
 * @param clockOffsetMs the offset, ms (null only in a broken file)
 */
public record ClientClock(Long clockOffsetMs) {

  /**
   * A client folder's clock offset; 0 without the file (a client on the runner's machine).
   *
   * @throws ResultsFormatException when the file is malformed or has no offset
   */
  public static long offsetMs(Path clientDir) throws ResultsFormatException {
    Path f = clientDir == null ? null : clientDir.resolve(RunLayout.CLOCK_JSON);
    if (f == null || !Files.isRegularFile(f)) {
      return 0;
    }
    ClientClock c = Json.read(f, ClientClock.class);
    if (c.clockOffsetMs() == null) {
      throw new ResultsFormatException(f + ": no " + RunLayout.CLOCK_OFFSET_MS);
    }
    return c.clockOffsetMs();
  }

  /** Writes a client's offset into its folder, atomically. */
  public static void write(Path clientDir, long offsetMs) {
    AtomicFiles.writeJson(clientDir.resolve(RunLayout.CLOCK_JSON), new ClientClock(offsetMs));
  }
}
