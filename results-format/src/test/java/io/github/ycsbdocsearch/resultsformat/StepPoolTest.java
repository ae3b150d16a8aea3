package io.github.ycsbdocsearch.resultsformat;

import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.T0;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.range;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step's pool read back on its time axis: one client's seconds where its logs put them, the
 * partly covered ones left out, and two clients (one on a machine whose clock runs a second ahead)
 * summed second by second to the nanosecond.
 */
class StepPoolTest {
  private static final long S = 1_000_000_000L;

  @TempDir Path dir;

  @Test
  void oneClientsSecondsLieOnTheStepsTimeAxis() throws IOException {
    Path step = FaultFixture.faultStep(dir.resolve("redisjson"), FaultFixture::outage);
    FaultFixture.pool(step, FaultFixture::outage);
    StepPool pool = StepPool.read(step).orElseThrow();
    assertEquals(FaultFixture.THREADS, pool.threads());
    // The warm-up second and the 20 measured ones; the two partial seconds are left out.
    assertEquals(21, pool.seconds().size());
    assertEquals(-0.5, pool.seconds().get(0).timeS(), 1e-9, "the warm-up, before time 0");
    StepPool.Second normal = pool.seconds().get(1);
    assertEquals(0.5, normal.timeS(), 1e-9);
    assertEquals(FaultFixture.NORMAL_BUSY, normal.busyMean(), 1e-12);
    assertEquals(3, normal.busyMax());
    assertEquals(FaultFixture.NORMAL_WAITING, normal.waitingMean(), 1e-12);
    StepPool.Second down = pool.seconds().get(7);
    assertEquals(6.5, down.timeS(), 1e-9);
    assertEquals(40.0, down.busyMean(), 0);
    assertEquals(40, down.busyMax());
    assertEquals(800.0, down.waitingMean(), 0, "400 more each second of the outage");
    assertTrue(pool.seconds().stream().allMatch(s -> s.busyMax() <= 40), "no partial second");
  }

  @Test
  void aStepWithoutThePoolFileHasNone() throws IOException {
    Path step = FaultFixture.controlStep(dir.resolve("redisjson"));
    assertTrue(StepPool.read(step).isEmpty(), "a step run before pool.json existed");
  }

  /**
   * Two clients: client 1's machine runs 1 s ahead, so its epoch second N + 1 is the runner's N.
   * Each covers three seconds whole; they share two, and only those are kept.
   */
  @Test
  void severalClientsAddUpSecondBySecond() throws IOException {
    Path step = dir.resolve("07-t8-r2000");
    RunFixture.stepJson(step, "redisjson", 7, 8, 2000, 1, 3, "complete", "");
    RunFixture.log(RunLayout.clientDir(step, 0), "READ", T0, times(4, range(1, 100)));
    // Its own clock's T0 + 1 s: the same instant.
    RunFixture.log(RunLayout.clientDir(step, 1), "READ", T0 + 1000, times(4, range(1, 100)));
    long first = T0 / 1000; // the warm-up's second
    write(
        step,
        0,
        new PoolOccupancy(
            1,
            4,
            T0,
            T0 + 3000,
            first,
            new long[] {1 * S, 2 * S, 3 * S},
            new long[] {2, 3, 4},
            new long[] {0, S / 2, 7 * S}));
    AtomicFiles.writeJson(
        RunLayout.clientDir(step, 1).resolve(RunLayout.CLOCK_JSON),
        Map.of(RunLayout.CLOCK_OFFSET_MS, 1000));
    write(
        step,
        1,
        new PoolOccupancy(
            1,
            6,
            T0 + 2000,
            T0 + 5000,
            first + 2,
            new long[] {S / 4, 5 * S, 9 * S},
            new long[] {1, 6, 6},
            new long[] {1, 2, 3}));
    StepPool pool = StepPool.read(step).orElseThrow();
    assertEquals(10, pool.threads());
    // Client 1's seconds first + 2 and + 3 are the runner's first + 1 and + 2: seconds 0.5 and 1.5
    // after the warm-up; client 0's first second (the warm-up) and client 1's last have one
    // client only.
    assertEquals(2, pool.seconds().size(), pool.seconds().toString());
    StepPool.Second a = pool.seconds().get(0);
    assertEquals(0.5, a.timeS(), 1e-9);
    assertEquals(2.25, a.busyMean(), 0, "2 + 1/4 threads");
    assertEquals(4, a.busyMax(), "3 + 1");
    assertEquals(500_000_001 / 1e9, a.waitingMean(), 0, "the nanosecond kept");
    StepPool.Second b = pool.seconds().get(1);
    assertEquals(1.5, b.timeS(), 1e-9);
    assertEquals(8.0, b.busyMean(), 0);
    assertEquals(10, b.busyMax());
    assertEquals(7_000_000_002L / 1e9, b.waitingMean(), 0);
  }

  @Test
  void aMalformedFileIsAnErrorNotASilentGap() throws IOException {
    Path step = FaultFixture.faultStep(dir.resolve("redisjson"), FaultFixture::outage);
    Files.writeString(
        step.resolve(RunLayout.POOL),
        "{\"format\": 1, \"threads\": 4, \"start_epoch_ms\": 0, \"end_epoch_ms\": 0,"
            + " \"first_epoch_s\": 0, \"busy_ns\": [1, 2], \"busy_max\": [1], \"waiting_ns\":"
            + " [0, 0]}");
    ResultsFormatException e =
        assertThrows(ResultsFormatException.class, () -> StepPool.read(step));
    assertTrue(e.getMessage().contains("differ in length"), e.getMessage());
  }

  private static void write(Path step, int client, PoolOccupancy p) throws IOException {
    Json.MAPPER.writeValue(RunLayout.clientDir(step, client).resolve(RunLayout.POOL).toFile(), p);
  }
}
