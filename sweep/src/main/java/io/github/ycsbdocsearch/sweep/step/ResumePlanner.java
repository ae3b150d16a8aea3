package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.resultsformat.StepRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The step folders an earlier attempt left for a store: a resume reuses each complete one in {@code
 * StepExecutor} and lists the others in the manifest. Stateless.
 */
public final class ResumePlanner {

  private ResumePlanner() {}

  /**
   * The step.json of every published step folder under {@code stepsDir} (none when the folder is
   * missing).
   */
  public static Map<String, StepRecord> existingSteps(Path stepsDir) {
    Map<String, StepRecord> out = new TreeMap<>();
    if (!Files.isDirectory(stepsDir)) {
      return out;
    }
    try (Stream<Path> dirs = Files.list(stepsDir)) {
      dirs.filter(Files::isDirectory)
          .filter(d -> !d.getFileName().toString().startsWith("."))
          .forEach(
              d -> StepRecord.readFrom(d).ifPresent(r -> out.put(d.getFileName().toString(), r)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + stepsDir, e);
    }
    return out;
  }
}
