package io.github.ycsbdocsearch.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What a compare argument points at: either one run folder, or a folder whose direct subfolders are
 * run folders (one per workload, as the nightly job and a baseline lay them out). Runs are keyed by
 * workload.
 *
 * <p>Immutable after {@link #load(Path)}, safe to share between threads.
 */
public final class ResultsSet {

  private final Path dir;
  private final SortedMap<String, ResultsRun> byWorkload;

  private ResultsSet(Path dir, SortedMap<String, ResultsRun> byWorkload) {
    this.dir = dir;
    this.byWorkload = Collections.unmodifiableSortedMap(byWorkload);
  }

  /**
   * @param dir a run folder or a folder of run folders
   * @return the runs found
   * @throws BadInputException when the folder holds no run, or two runs of one workload
   * @throws IOException when a folder cannot be listed
   */
  public static ResultsSet load(Path dir) throws BadInputException, IOException {
    if (!Files.isDirectory(dir)) {
      throw new BadInputException(dir + ": not a directory");
    }
    SortedMap<String, ResultsRun> runs = new TreeMap<>();
    if (ResultsRun.looksLikeRun(dir)) {
      ResultsRun run = ResultsRun.load(dir);
      runs.put(run.workload(), run);
      return new ResultsSet(dir, runs);
    }
    for (Path child : children(dir)) {
      if (ResultsRun.looksLikeRun(child)) {
        ResultsRun run = ResultsRun.load(child);
        ResultsRun previous = runs.put(run.workload(), run);
        if (previous != null) {
          throw new BadInputException(
              dir
                  + ": two runs of workload '"
                  + run.workload()
                  + "' ("
                  + previous.dir().getFileName()
                  + ", "
                  + child.getFileName()
                  + "); keep one per workload");
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

  /**
   * @return the folder given
   */
  public Path dir() {
    return dir;
  }

  /**
   * @return runs by workload name, sorted
   */
  public SortedMap<String, ResultsRun> byWorkload() {
    return byWorkload;
  }

  /**
   * @return the commit of the first run that names one, or {@code null}
   */
  public String commit() {
    return byWorkload.values().stream()
        .map(ResultsRun::commit)
        .filter(c -> c != null)
        .findFirst()
        .orElse(null);
  }
}
