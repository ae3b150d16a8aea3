package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The small files of a client's folder that the runner reads back: the simulated store's stalls,
 * the instant a client left the start barrier, a remote client's CPU (written by a shell script).
 * Each is read through its type, as written, and a missing or broken one reads as the runner needs.
 */
class ClientFilesTest {

  @TempDir Path dir;

  @Test
  void theStallsAreABareListReadBackInOrder() throws IOException {
    assertEquals(Optional.empty(), Mm1Stalls.readOptional(dir), "no stall: no file");
    new Mm1Stalls(List.of(1_700_000_000_500L, 1_700_000_001_250L)).writeTo(dir);
    assertEquals(
        "[ 1700000000500, 1700000001250 ]",
        Files.readString(dir.resolve(RunLayout.MM1_STALLS)).strip());
    assertEquals(
        List.of(1_700_000_000_500L, 1_700_000_001_250L),
        Mm1Stalls.readOptional(dir).orElseThrow().startsEpochMs());
    Files.writeString(dir.resolve(RunLayout.MM1_STALLS), "{\"stalls\": 2}");
    assertThrows(ResultsFormatException.class, () -> Mm1Stalls.readOptional(dir));
  }

  @Test
  void theArrivalFitKeepsItsKeys() throws IOException {
    String json =
        Json.MAPPER.writeValueAsString(
            new Mm1Arrivals(
                10, 1000.5, 1.01, 0.004, 0.3, 1.094, false, 11L, 120L, 900L, null, null));
    assertTrue(json.contains("\"stephens_critical_5pct\" : 1.094"), json);
    assertTrue(json.contains("\"mean_gap_us\" : 1000.5"), json);
    assertTrue(json.contains("\"exponential_rejected\" : false"), json);
  }

  @Test
  void theBarrierInstantIsOneLineAndAnythingElseIsUnknown() throws IOException {
    assertEquals(OptionalLong.empty(), StartedAt.read(dir));
    assertTrue(StartedAt.write(dir, 1_700_000_000_123L));
    assertEquals("1700000000123\n", Files.readString(dir.resolve(RunLayout.STARTED_AT)));
    assertEquals(OptionalLong.of(1_700_000_000_123L), StartedAt.read(dir));
    Files.writeString(dir.resolve(RunLayout.STARTED_AT), "soon\n");
    assertEquals(OptionalLong.empty(), StartedAt.read(dir));
  }

  @Test
  void aRemoteClientsCpuReadsAsTheScriptWritesItAndUnknownOtherwise() throws IOException {
    assertEquals(RemoteCpu.UNKNOWN, RemoteCpu.read(dir), "no file");
    // As scripts/lib/remote-client.sh writes it, measured and not.
    Files.writeString(
        dir.resolve(RunLayout.REMOTE_CPU),
        "{\"client_cpu_cores\": 1.25, \"client_jit_cpu_cores\": 0.1, \"client_cpus\": 8}\n");
    assertEquals(new RemoteCpu(1.25, 0.1, 8), RemoteCpu.read(dir));
    Files.writeString(
        dir.resolve(RunLayout.REMOTE_CPU),
        "{\"client_cpu_cores\": null, \"client_jit_cpu_cores\": null, \"client_cpus\": 4}\n");
    assertEquals(new RemoteCpu(null, null, 4), RemoteCpu.read(dir));
    Files.writeString(dir.resolve(RunLayout.REMOTE_CPU), "{\"client_cpus\": ");
    assertEquals(RemoteCpu.UNKNOWN, RemoteCpu.read(dir), "cut short");
  }

  @Test
  void aClientsClockOffsetReadsBack() throws IOException {
    assertEquals(0, ClientClock.offsetMs(dir), "the runner's own machine");
    ClientClock.write(dir, -300);
    assertEquals(-300, ClientClock.offsetMs(dir));
  }
}
