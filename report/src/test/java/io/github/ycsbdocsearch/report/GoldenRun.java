package io.github.ycsbdocsearch.report;

import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.T0;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.concat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.range;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.repeat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.times;

import io.github.ycsbdocsearch.resultsformat.RunMigration;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A small results folder with hand-checkable numbers, behind the golden files under {@code
 * src/test/resources/golden/}: two stores, an unthrottled and a fixed-rate step, failures, a
 * percentile that a sample count cannot support, and a store that ran SEARCH without verification.
 */
final class GoldenRun {

  private GoldenRun() {}

  /** The folder, migrated to the current format as a user's old folder is. */
  static Path write(Path runDir) throws IOException {
    RunMigration.migrate(writeUnmigrated(runDir));
    return runDir;
  }

  /**
   * The folder as the first sweeps wrote it: format-1 steps without summaries, its capacity file
   * under its name of then.
   */
  static Path writeUnmigrated(Path runDir) throws IOException {
    RunFixture.manifest(
        runDir,
        "{\"run_id\": \"20260101T000000Z-wl\", \"workload\": \"wl\", "
            + "\"git_commit\": \"abc1234\", \"stores\": {\"mongodb\": {\"version\": \"8.0\"}}}\n");
    Path mongo = runDir.resolve("mongodb");
    Path step1 = mongo.resolve("steps/01-t1");
    RunFixture.stepJson(step1, "mongodb", 1, 1, 0, 1, "complete");
    // Warm-up second at 5,000 µs, then 2 s of 1..1000 µs: 2,000 READs, p50 500, p99 990, no p99.9
    // (2,995).
    RunFixture.log(step1, "READ", T0, concat(times(1, repeat(5000, 10)), times(2, range(1, 1000))));
    RunFixture.log(
        step1, "Intended-READ", T0, concat(times(1, repeat(5000, 10)), times(2, range(101, 1100))));
    RunFixture.log(step1, "UPDATE", T0, times(3, repeat(300, 20)));
    RunFixture.log(step1, "UPDATE-FAILED", T0, repeat(7000, 1), repeat(7000, 2), repeat(7000, 1));
    Path step2 = mongo.resolve("steps/02-t2-r500");
    RunFixture.stepJson(step2, "mongodb", 2, 2, 500, 1, "complete");
    RunFixture.log(step2, "READ", T0 + 20_000, times(5, repeat(250, 500)));
    RunFixture.log(
        step2,
        "Intended-READ",
        T0 + 20_000,
        concat(times(4, repeat(250, 500)), times(1, repeat(1250, 500))));
    Files.writeString(
        mongo.resolve("saturation.json"),
        "{\"store\": \"mongodb\", \"max_sustainable_index\": 1, "
            + "\"threads\": 1, \"throughput_ops\": 1020.0, \"reason\": \"only step\"}\n");
    Files.writeString(
        mongo.resolve("verification.json"),
        "{\"store\": \"mongodb\", \"queries\": 10, \"identical\": 10, \"differing\": 0,"
            + " \"deep_pages\": 3, \"hit_counts\": {\"min\": 1, \"p50\": 2, \"p90\": 5, \"max\":"
            + " 9}, \"first_differences\": []}\n");
    Path redis = runDir.resolve("redisjson/steps/01-t4");
    RunFixture.stepJson(redis, "redisjson", 1, 4, 0, 0, "complete");
    // 12,000 SEARCHes over 3 s: p99.9 is supported, p99.99 (29,956) is not.
    RunFixture.log(redis, "SEARCH", T0 + 40_000, times(3, range(1001, 5000)));
    for (Path step : new Path[] {step1, step2, redis}) {
      RunFixture.asFormat1(step); // no phase and no summary: the migration gives it both
    }
    return runDir;
  }
}
