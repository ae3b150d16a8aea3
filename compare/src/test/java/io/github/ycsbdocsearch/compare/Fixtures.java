package io.github.ycsbdocsearch.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * Builds result sets for tests: a set is a folder holding one CRUD and one search workload run, as
 * the nightly job writes them. Stateless helpers.
 */
final class Fixtures {

  static final String CRUD = "workloada";
  static final String SEARCH = "workloadsearch";

  private Fixtures() {}

  /**
   * Writes a set folder {@code parent/name} with both workloads, each run tuned by {@code tune}.
   */
  static Path set(Path parent, String name, UnaryOperator<FixtureRun> tune) throws IOException {
    Path dir = parent.resolve(name);
    tune.apply(FixtureRun.crud(CRUD)).writeTo(dir);
    tune.apply(FixtureRun.search(SEARCH)).writeTo(dir);
    return dir;
  }

  /** Writes a set whose throughput and latency are all scaled by {@code scale}. */
  static Path scaledSet(Path parent, String name, double scale) throws IOException {
    return set(parent, name, run -> run.throughputScale(scale).latencyScale(scale));
  }

  /** Compares {@code current} with {@code baseline}. */
  static Comparison compare(Path baseline, Path current) throws Exception {
    return ResultsComparer.compare(
        ResultsSet.load(baseline), ResultsSet.load(current), NoisePolicy.ALPHA_DEFAULT);
  }
}
