package io.github.ycsbdocsearch.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What a compare argument points at: either one run folder, or a folder whose direct subfolders are
 * run folders (one per workload, as the nightly job and a baseline lay them out). Immutable.
 *
 * @param byWorkload its runs by workload name, sorted
 */
public record ResultsSet(Path dir, SortedMap<String, ResultsRun> byWorkload) {

  public ResultsSet {
    byWorkload = Collections.unmodifiableSortedMap(byWorkload);
  }

  /** Reads a run folder or a folder of them; bad input if no run, or two runs of one workload. */
  public static ResultsSet load(Path dir) throws BadInputException, IOException {
    if (!Files.isDirectory(dir)) {
      throw new BadInputException(dir + ": not a directory");
    }
    SortedMap<String, ResultsRun> runs = new TreeMap<>();
    for (Path child : ResultsRun.looksLikeRun(dir) ? List.of(dir) : children(dir)) {
      if (ResultsRun.looksLikeRun(child)) {
        ResultsRun run = ResultsRun.load(child);
        ResultsRun previous = runs.put(run.workload(), run);
        if (previous != null) {
          throw new BadInputException(
              "%s: two runs of workload '%s' (%s, %s); keep one per workload"
                  .formatted(
                      dir, run.workload(), previous.dir().getFileName(), child.getFileName()));
        }
      }
    }
    if (runs.isEmpty()) {
      throw new BadInputException(
          dir
              + ": not a results folder (no manifest.json or summary.json in it or in its"
              + " subfolders)");
    }
    return new ResultsSet(dir, runs);
  }

  private static List<Path> children(Path dir) throws IOException {
    try (Stream<Path> children = Files.list(dir)) {
      return children.filter(Files::isDirectory).sorted().toList();
    }
  }

  /** The commit of the first run that names one, or null. */
  public String commit() {
    return byWorkload.values().stream()
        .map(ResultsRun::commit)
        .filter(Objects::nonNull)
        .findFirst()
        .orElse(null);
  }
}
