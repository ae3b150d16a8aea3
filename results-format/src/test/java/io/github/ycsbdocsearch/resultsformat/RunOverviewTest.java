package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RunOverview}: what a list of runs shows, read from the golden runs the sweep wrote. */
class RunOverviewTest {

  @TempDir Path dir;

  @Test
  void readsEachGoldenRunsStoresWithTheirStatusAndCapacity() throws IOException {
    RunOverview normal = RunOverview.read(GoldenRuns.copy(GoldenRuns.NORMAL, dir));
    assertEquals("tiny-core-workload", normal.manifest().workloadName());
    assertEquals("complete", normal.manifest().status());
    assertEquals(1, normal.stores().size());
    RunOverview.Store basicdb = normal.stores().get(0);
    assertEquals("basicdb", basicdb.name());
    assertEquals(Manifest.STATUS_COMPLETE, basicdb.status());
    assertEquals(3575.0, basicdb.capacity().capacityOps());

    RunOverview interrupted = RunOverview.read(GoldenRuns.copy(GoldenRuns.INTERRUPTED, dir));
    assertEquals("interrupted", interrupted.stores().get(0).status());
    RunOverview noPeak = RunOverview.read(GoldenRuns.copy(GoldenRuns.NO_PEAK, dir));
    assertEquals("failed", noPeak.stores().get(0).status());
  }

  @Test
  void aManifestWithoutStoresListsTheStoreFoldersAndTheirTags() throws IOException {
    Path run =
        runWithManifest(
            "{\"workload\": \"workloada\", \"plan\": {\"tags\": {\"host\": \"m5d\", \"try\":"
                + " \"2\"}}}");
    Files.createDirectories(run.resolve("mongodb"));
    Files.writeString(
        run.resolve("mongodb/" + RunLayout.CAPACITY), "{\"format\": 4, \"capacity_ops\": 12.5}");
    Files.createDirectories(run.resolve("elasticsearch")); // no capacity file yet
    Files.createDirectories(run.resolve("charts")); // not a store
    RunOverview o = RunOverview.read(run);
    assertEquals(List.of("mongodb"), o.stores().stream().map(RunOverview.Store::name).toList());
    assertEquals(12.5, o.stores().get(0).capacity().capacityOps());
    assertEquals(Map.of("host", "m5d", "try", "2"), o.manifest().tags());
    assertEquals(List.of("host", "try"), List.copyOf(o.manifest().tags().keySet()));
  }

  @Test
  void aStoreTheManifestNamesWithoutACapacityFileHasNone() throws IOException {
    Path run = runWithManifest("{\"stores\": {\"redisjson\": {\"status\": \"running\"}}}");
    RunOverview.Store s = RunOverview.read(run).stores().get(0);
    assertEquals("running", s.status());
    assertNull(s.capacity());
    assertEquals(Map.of(), RunOverview.read(run).manifest().tags());
  }

  /** A run folder holding just this manifest. */
  private Path runWithManifest(String json) throws IOException {
    Path run = Files.createDirectories(dir.resolve("run"));
    Files.writeString(run.resolve(RunLayout.MANIFEST), json);
    return run;
  }
}
