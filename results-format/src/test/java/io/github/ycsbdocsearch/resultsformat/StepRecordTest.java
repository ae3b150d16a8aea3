package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepRecordTest {

  @Test
  void writesTheDocumentedFieldsInOrderAndReadsThemBack(@TempDir Path dir) throws IOException {
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      StepRecord r =
          new StepRecord(
              StepRecord.FORMAT,
              "mongodb",
              "workloada",
              3,
              8,
              0,
              5,
              20,
              StepStatus.COMPLETE,
              "2026-11-21T20:01:02Z",
              "2026-11-21T20:01:28Z",
              0,
              null,
              Phase.RAMP,
              null,
              0.75,
              1,
              0.5,
              "local-processes",
              null,
              null);
      r.writeTo(dir);
      String json = Files.readString(dir.resolve("step.json"));
      List<String> keys =
          json.lines()
              .map(String::trim)
              .filter(l -> l.startsWith("\""))
              .map(l -> l.substring(1, l.indexOf('"', 1)))
              .toList();
      assertEquals(
          List.of(
              "format",
              "store",
              "workload",
              "index",
              "threads",
              "target_ops",
              "warmup_s",
              "duration_s",
              "status",
              "started_utc",
              "ended_utc",
              "exit_code",
              "error",
              "phase",
              "offered_fraction",
              "client_cpu_cores",
              "client_cpus",
              "server_cpu_cores",
              "server_cpu_source",
              "client_jit_cpu_cores",
              "open_loop"),
          keys);
      assertTrue(json.contains("\"status\" : \"complete\""), json);
      assertTrue(json.contains("\"error\" : null"), json);
      assertEquals(r, StepRecord.readFrom(dir).orElseThrow());
      try (Stream<Path> s = Files.list(dir)) {
        assertEquals(
            List.of("step.json"),
            s.map(p -> p.getFileName().toString()).toList(),
            "no temp file left");
      }
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void aMissingOrBrokenFileReadsAsNoRecord(@TempDir Path dir) throws IOException {
    assertFalse(StepRecord.readFrom(dir).isPresent());
    Files.writeString(dir.resolve("step.json"), "{\"format\": 1, \"status\": \"compl");
    assertFalse(StepRecord.readFrom(dir).isPresent());
  }

  @Test
  void publishReplacesAFolderAtomically(@TempDir Path dir) throws IOException {
    Path tmp = Files.createDirectories(dir.resolve(".01-t1.partial/hdr"));
    Files.writeString(tmp.resolve("READ.hdr"), "x");
    Path old = Files.createDirectories(dir.resolve("01-t1"));
    Files.writeString(old.resolve("stale"), "old");
    AtomicFiles.publish(dir.resolve(".01-t1.partial"), dir.resolve("01-t1"));
    assertTrue(Files.exists(dir.resolve("01-t1/hdr/READ.hdr")));
    assertFalse(Files.exists(dir.resolve("01-t1/stale")));
    assertFalse(Files.exists(dir.resolve(".01-t1.partial")));
  }

  @Test
  void aFormatOneFileIsRefusedAndMigratedGetsThePhaseItsTargetImplies(@TempDir Path run)
      throws IOException {
    RunFixture.manifest(run, "{\"run_id\": \"r\"}");
    Path dir = run.resolve("redisjson/steps/02-t4-r500");
    Files.createDirectories(dir);
    Files.writeString(
        dir.resolve("step.json"),
        "{\"format\": 1, \"store\": \"redisjson\", \"workload\": \"w\", \"index\": 2, \"threads\":"
            + " 4, \"target_ops\": 500, \"warmup_s\": 0, \"duration_s\": 3, \"status\":"
            + " \"complete\", \"started_utc\": \"a\", \"ended_utc\": \"b\", \"exit_code\": 0,"
            + " \"error\": null}");
    RunFixture.log(dir, "READ", RunFixture.T0, RunFixture.times(3, RunFixture.repeat(100, 500)));
    assertEquals(
        dir.resolve("step.json")
            + ": format 1 is older than 3; upgrade its run folder with bin/docsearch migrate",
        assertThrows(ResultsFormatException.class, () -> StepRecord.read(dir)).getMessage());
    assertEquals(
        run
            + ": migrated: 1 step.json of format 1 or 2 -> 3, 1 step without summary.json ->"
            + " summarized from its logs",
        RunMigration.migrate(run));
    StepRecord r = StepRecord.read(dir);
    assertEquals(StepRecord.FORMAT, r.format());
    assertEquals(Phase.RATES, r.phase(), "a format-1 fixed-rate step was an explicit rate");
    assertEquals(null, r.clientCpuCores());
    StepSummary s = StepSummary.read(dir);
    assertEquals(Phase.RATES, s.phase());
    assertEquals(1500, s.operations(), "summarized from its logs, as the runner does");
    assertEquals(run + ": current, left untouched", RunMigration.migrate(run));
  }
}
