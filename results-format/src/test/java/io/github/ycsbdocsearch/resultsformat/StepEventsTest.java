package io.github.ycsbdocsearch.resultsformat;

import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.T0;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.repeat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepEventsTest {

  @TempDir Path dir;

  @Test
  void aStepWithoutTheFileHasNoEvents() throws IOException {
    assertEquals(List.of(), StepEvents.read(dir));
  }

  @Test
  void eventsAreReadInTimeOrderWithTheDocumentedNames() throws IOException {
    Files.writeString(
        dir.resolve("events.json"),
        "[{\"t_s\": 7.5, \"store\": \"redisjson\", \"kind\": "
            + "\"aof_rewrite\", \"detail\": \"BGREWRITEAOF, 41 MB\", \"extra\": 1},\n"
            + " {\"t_s\": -1, \"store\": \"redisjson\", \"kind\": \"rdb_save\"}]");
    List<StepEvents.Event> events = StepEvents.read(dir);
    assertEquals(
        List.of(
            new StepEvents.Event(-1, "redisjson", "rdb_save", ""),
            new StepEvents.Event(7.5, "redisjson", "aof_rewrite", "BGREWRITEAOF, 41 MB")),
        events);
  }

  @Test
  void whatIsWrittenReadsBack() throws IOException {
    List<StepEvents.Event> events =
        List.of(new StepEvents.Event(2.25, "elasticsearch", "es_merge", "3 segments"));
    StepEvents.write(dir, events);
    assertTrue(Files.readString(dir.resolve("events.json")).contains("\"t_s\" : 2.25"));
    assertEquals(events, StepEvents.read(dir));
  }

  @Test
  void aMalformedFileNamesItselfAndWhatIsWrong() throws IOException {
    Files.writeString(dir.resolve("events.json"), "{\"t_s\": 1}");
    ResultsFormatException notList =
        assertThrows(ResultsFormatException.class, () -> StepEvents.read(dir));
    assertTrue(notList.getMessage().contains("events.json: not a JSON list"), notList.getMessage());
    Files.writeString(dir.resolve("events.json"), "[{\"t_s\": \"soon\", \"kind\": \"es_flush\"}]");
    ResultsFormatException noTime =
        assertThrows(ResultsFormatException.class, () -> StepEvents.read(dir));
    assertTrue(noTime.getMessage().contains("number t_s and a kind"), noTime.getMessage());
    Files.writeString(dir.resolve("events.json"), "[{\"t_s\": 1,");
    assertThrows(ResultsFormatException.class, () -> StepEvents.read(dir));
  }

  /**
   * The origin of t_s is the summarizer's end of warm-up: the earliest workload log's start plus
   * warmup_s.
   */
  @Test
  void theMeasurementStartIsTheEarliestLogStartPlusTheWarmUp() throws IOException {
    RunFixture.stepJson(dir, "mongodb", 3, 4, 1000, 5, "complete");
    RunFixture.log(dir, "READ", T0 + 300, repeat(100, 10));
    RunFixture.log(dir, "Intended-READ", T0 + 200, repeat(100, 10));
    RunFixture.log(dir, "CLEANUP", T0 - 60_000, repeat(100, 1));
    assertEquals(T0 + 200 + 5_000, StepEvents.measurementStartMs(dir).orElseThrow());
    assertTrue(StepEvents.measurementStartMs(dir.resolve("nowhere")).isEmpty());
  }

  /**
   * A remote client's log start is on its own clock: its offset (clock.json, its clock minus the
   * runner's) is taken off before the earliest is chosen, as the latency intervals are shifted.
   */
  @Test
  void aRemoteClientsStartIsReadOnTheRunnersClock() throws IOException {
    RunFixture.stepJson(dir, "mongodb", 3, 4, 1000, 5, "complete");
    Path local = RunLayout.clientDir(dir, 0);
    Path remote = RunLayout.clientDir(dir, 1);
    RunFixture.log(local, "READ", T0 + 300, repeat(100, 10));
    // 3 s ahead of the runner: its own stamp says T0 + 3,100, the runner's clock T0 + 100.
    RunFixture.log(remote, "READ", T0 + 3_100, repeat(100, 10));
    ClientClock.write(remote, 3_000);
    assertEquals(T0 + 100 + 5_000, StepEvents.measurementStartMs(dir).orElseThrow());
    ClientClock.write(remote, -3_000);
    assertEquals(T0 + 300 + 5_000, StepEvents.measurementStartMs(dir).orElseThrow());
  }
}
