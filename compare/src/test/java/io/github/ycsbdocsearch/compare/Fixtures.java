package io.github.ycsbdocsearch.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Builds result sets and baselines for tests: a set is a folder holding one CRUD and one search
 * workload run, as the nightly job writes them. Stateless helpers.
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

  /**
   * Builds a baseline at {@code parent/baseline} from repeated runs scaled by each of {@code
   * scales}.
   */
  static Path baseline(Path parent, double... scales) throws Exception {
    List<Path> runs = new ArrayList<>();
    for (int i = 0; i < scales.length; i++) {
      runs.add(scaledSet(parent, "rep-" + (i + 1), scales[i]));
    }
    Path out = parent.resolve("baseline");
    BaselineBuilder.build(out, BaselineBuilder.load(runs), false);
    return out;
  }

  /** Compares {@code current} with {@code baseline}, reading the baseline's noise.json. */
  static Comparison compare(Path baseline, Path current) throws Exception {
    return ResultsComparer.compare(
        ResultsSet.load(baseline),
        ResultsSet.load(current),
        NoiseModel.load(baseline),
        NoisePolicy.ALPHA_DEFAULT);
  }
}
