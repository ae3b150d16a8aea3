package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.T0;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.concat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.repeat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.times;

import io.github.ycsbdocsearch.resultsformat.RunMigration;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * A results folder whose stores' capacity.json are the hand-made fixtures under {@code
 * src/test/resources/capacity/}: redisjson a format-4 estimate (windows, model, cycles, a
 * client-limited curve point), mongodb a format-4 client lower bound without a model, elasticsearch
 * a format-3 bracket. Redisjson keeps one probe's step folder. Each store also has a 1-thread ramp
 * step with the client's CPU (1,000 ops/s: 0.054 cores is 54 µs per operation) and a fixed-rate
 * step under the objective p99 <= 10 ms.
 */
public final class CapacityRun {

  /** Store, its capacity fixture and the client's CPU at one thread (cores). */
  static final Map<String, String> FIXTURES =
      Map.of(
          "redisjson", "format4-estimate.json",
          "mongodb", "format4-client-lower-bound.json",
          "elasticsearch", "format3-bracket.json");

  static final Map<String, Double> ONE_THREAD_CPU =
      Map.of("redisjson", 0.054, "mongodb", 0.22, "elasticsearch", 0.137);

  private CapacityRun() {}

  public static Path write(Path run) throws IOException {
    RunFixture.manifest(
        run,
        "{\"run_id\": \"20261128T000000Z-workloada\", \"workload\": \"workloada\", \"stores\":"
            + " [\"redisjson\", \"mongodb\", \"elasticsearch\"]}\n");
    for (String store : new String[] {"redisjson", "mongodb", "elasticsearch"}) {
      Path one = run.resolve(store + "/steps/01-t1");
      RunFixture.stepJson(
          one,
          store,
          1,
          1,
          0,
          1,
          3,
          "complete",
          String.format(
              Locale.ROOT,
              "\"phase\": \"capacity\", \"client_cpu_cores\": %s, \"client_cpus\": 1, ",
              ONE_THREAD_CPU.get(store)));
      // One warm-up second, then 3 s of 1,000 READs each: 1,000 ops/s.
      RunFixture.log(one, "READ", T0, times(4, repeat(100, 1000)));
      Path load = run.resolve(store + "/steps/05-t8-r1000");
      RunFixture.stepJson(
          load,
          store,
          5,
          8,
          1000,
          1,
          3,
          "complete",
          "\"phase\": \"load\", \"offered_fraction\": 0.25, \"open_loop\": {\"arrivals\":"
              + " \"poisson\", \"seed\": 1, \"lag_threshold_us\": 1000, \"slo\": \"p99<=10ms\","
              + " \"slo_percentile\": 0.99, \"slo_bound_us\": 10000}, ");
      RunFixture.log(load, "READ", T0 + 20_000, times(4, repeat(300, 1000)));
      RunFixture.log(
          load,
          "Intended-READ",
          T0 + 20_000,
          concat(times(3, repeat(400, 1000)), times(1, repeat(12_000, 1000))));
      if (store.equals("redisjson")) {
        // One of the search's windows as a step folder: its time series is titled from the record.
        Path probe = run.resolve(store + "/steps/10-t28-r6050-probe");
        RunFixture.stepJson(
            probe, store, 10, 28, 6050, 1, 3, "complete", "\"phase\": \"search\", ");
        RunFixture.log(probe, "READ", T0 + 40_000, times(4, repeat(300, 6050)));
        RunFixture.log(probe, "Intended-READ", T0 + 40_000, times(4, repeat(900, 6050)));
      }
      try (InputStream in =
          CapacityRun.class.getResourceAsStream("/capacity/" + FIXTURES.get(store))) {
        Files.write(run.resolve(store + "/capacity.json"), in.readAllBytes());
      }
    }
    RunFixture.summarizeSteps(run);
    RunMigration.migrate(run); // the format-3 fixture, as a user's older folder is
    return run;
  }
}
