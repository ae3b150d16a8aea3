package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
              2,
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
              "local-processes");
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
  void aFormatOneFileReadsWithTheNewFieldsEmpty(@TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("step.json"),
        "{\"format\": 1, \"store\": \"redisjson\", \"workload\": \"w\", \"index\": 2, \"threads\":"
            + " 4, \"target_ops\": 500, \"warmup_s\": 5, \"duration_s\": 15, \"status\":"
            + " \"complete\", \"started_utc\": \"a\", \"ended_utc\": \"b\", \"exit_code\": 0,"
            + " \"error\": null}");
    StepRecord r = StepRecord.read(dir);
    assertEquals(1, r.format());
    assertEquals(
        Phase.RATES, r.phaseOrDefault(), "a format-1 fixed-rate step was an explicit rate");
    assertEquals(null, r.clientCpuCores());
  }
}
