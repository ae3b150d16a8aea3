package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientNeedTest {
  @TempDir Path dir;

  private static StoreRun basicdb(Path run) throws IOException {
    return RunFolder.read(run).stores().get(0);
  }

  @Test
  void theCostIsTheMedianOverTheCapacityStepsAndABoundedPeakIsNeverEnough() throws IOException {
    // The golden run's ramp steps: 0.170 cores at 1,756.0 ops/s (96.8 µs) and 0.179 at 3,575.4
    // (50.1 µs).
    ClientNeed n = ClientNeed.of(basicdb(GoldenRuns.copy("normal", dir)));
    assertEquals(73.4, n.cpuUsPerOp(), 0.11);
    // The capacity (3,575 ops/s) was offered in one window near it: 0.213 cores x 3.019 s / 10,716
    // operations = 60.0 µs; no other fixed-rate window lies within 25 %. The floor's: 51.0 and
    // 47.6 µs.
    assertEquals(3575.0, n.capacityOps());
    assertEquals(60.0, n.openLoopUsPerOp(), 0.11);
    assertEquals(49.3, n.floorUsPerOp(), 0.11);
    assertEquals(1, n.machinesForCapacity(), "3,575 ops/s x 60 µs = 0.21 cores of 0.75");
    assertEquals(1, n.cpusPerMachine());
    assertEquals(1, n.machinesRun());
    assertEquals(1, n.machinesNeeded(), "3,575 ops/s x 73.4 µs = 0.26 cores of 0.75");
    assertTrue(n.peakLowerBound());
    assertFalse(n.enough(), "a peak that is only a lower bound cannot show the client was enough");
  }

  @Test
  void aPeakBeyondOneMachineNeedsMoreAndTheRunsMachinesAreCountedByHost() throws IOException {
    Path run = GoldenRuns.copy("normal", dir);
    Path store = run.resolve("basicdb");
    StoreCapacity s = StoreCapacity.readOptional(store);
    new StoreCapacity(
            s.format(),
            s.store(),
            20_000.0,
            s.peakStep(),
            s.peakThreads(),
            s.peakCi95(),
            false,
            s.capacityOps(),
            s.capacityStep(),
            s.slo(),
            s.capacityReason(),
            s.reason(),
            s.maxSustainableIndex(),
            s.threads(),
            s.throughputOps(),
            s.capacitySearch(),
            s.rampOnly())
        .writeTo(store);
    ClientNeed one = ClientNeed.of(basicdb(run));
    assertEquals(
        2,
        one.machinesNeeded(),
        "20,000 ops/s x 73.4 µs = 1.47 cores: two machines of one CPU at 75 %");
    assertFalse(one.enough());
    Path step = store.resolve("steps").resolve("04-t4-r3575");
    new StepClients(
            0,
            null,
            null,
            List.of(
                new StepClients.Client(
                    0, StepClients.LOCAL, 2, 1788, 1L, 0L, 0, 0, 100, 0.1, 0.0, 1),
                new StepClients.Client(
                    1, "ubuntu@10.0.1.21", 2, 1787, 2L, 3L, 1, 0, 100, 0.1, 0.0, 1)))
        .writeTo(step);
    assertTrue(Files.isRegularFile(step.resolve(RunLayout.CLIENTS_JSON)));
    ClientNeed two = ClientNeed.of(basicdb(run));
    assertEquals(2, two.machinesRun());
    assertTrue(two.enough());
  }
}
