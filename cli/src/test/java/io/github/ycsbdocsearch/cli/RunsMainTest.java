package io.github.ycsbdocsearch.cli;

import static io.github.ycsbdocsearch.cli.DocsearchRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/docsearch runs}: one line per run folder, read through the results format's readers.
 * The golden runs are the folders real BasicDB sweeps wrote (results-format's test resources).
 */
class RunsMainTest {

  @TempDir Path tmp;

  @Test
  void listsTheGoldenRunsOneLineEachInFolderOrder() {
    Path golden = GoldenRuns.migratedCopy(GoldenRuns.SOURCE, tmp.resolve("golden"));
    DocsearchRun r = run("runs", golden.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
    assertEquals(
        String.join(
            "\n",
            "2026-11-23T17:12:12Z  tiny-core-workload  basicdb interrupted: no capacity (peak"
                + " 3142392 ops/s)  interrupted  interrupted",
            "2026-11-23T17:12:09Z  tiny-core-workload  basicdb failed: no capacity  failed "
                + " no-peak",
            "2026-11-23T17:11:45Z  tiny-core-workload  basicdb: 3575 ops/s  complete  normal",
            ""),
        r.out());
  }

  @Test
  void oneRunFolderIsListedByItselfWithItsTagsAndEachStoresInterval() throws IOException {
    Path run = Files.createDirectories(tmp.resolve("20261201T000000Z-workloada"));
    Files.writeString(
        run.resolve("manifest.json"),
        "{\"started_utc\": \"2026-12-01T00:00:00Z\", \"status\": \"complete\","
            + " \"workload\": {\"name\": \"workloada\"}, \"plan\": {\"tags\": {\"host\": \"m5d\"}},"
            + " \"stores\": {\"mongodb\": {}, \"redisjson\": {}}}");
    Files.createDirectories(run.resolve("mongodb"));
    Files.writeString(
        run.resolve("mongodb/capacity.json"),
        "{\"format\": 4, \"capacity_ops\": 1200.4,"
            + " \"capacity_search\": {\"lo\": 1150.2, \"hi\": 1260.0, \"lower_bound\": false}}");
    Files.createDirectories(run.resolve("redisjson"));
    Files.writeString(
        run.resolve("redisjson/capacity.json"),
        "{\"format\": 4, \"capacity_ops\": 9000,"
            + " \"capacity_search\": {\"lo\": 9000, \"hi\": null, \"lower_bound\": true}}");
    DocsearchRun r = run("runs", run.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(
        "2026-12-01T00:00:00Z  workloada  tags host=m5d  mongodb: 1200 ops/s (95 % [1150, 1260]);"
            + " redisjson: >= 9000 ops/s (95 % [9000, open])  complete "
            + " 20261201T000000Z-workloada\n",
        r.out());
  }

  @Test
  void anEmptyFolderIsSaidOnStderrAndAFileIsBadInput() throws IOException {
    DocsearchRun empty = run("runs", tmp.toString());
    assertEquals(0, empty.code());
    assertEquals("", empty.out());
    assertEquals("runs: no run folders in " + tmp + " (./run-sweep.sh writes them)\n", empty.err());
    Path file = Files.writeString(tmp.resolve("f"), "");
    DocsearchRun notAFolder = run("runs", file.toString());
    assertEquals(2, notAFolder.code());
    assertEquals("runs: " + file + ": not a folder\n", notAFolder.err());
  }

  @Test
  void anUnreadableRunIsSaidAndTheOthersAreListed() throws IOException {
    Path broken = Files.createDirectories(tmp.resolve("a-broken"));
    Files.writeString(broken.resolve("manifest.json"), "{ nope");
    Path good = Files.createDirectories(tmp.resolve("b-good"));
    Files.writeString(good.resolve("manifest.json"), "{\"workload\": \"workloadc\"}");
    DocsearchRun r = run("runs", tmp.toString());
    assertEquals(1, r.code());
    assertEquals("-  workloadc  no stores  -  b-good\n", r.out());
    assertEquals(1, r.err().lines().count(), r.err());
  }
}
