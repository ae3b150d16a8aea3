package io.github.ycsbdocsearch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end through the real CLI with YCSB's no-op {@code site.ycsb.BasicDB} (no store needed):
 * the results folder, bad input, and an interrupted run that is resumed.
 */
class SweepCliIT {
  private static final Duration LIMIT = Duration.ofMinutes(3);

  @TempDir Path out;

  private static JsonNode json(Path f) throws IOException {
    return Json.MAPPER.readTree(f.toFile());
  }

  private CliRun sweep(String threads, int stepSeconds) throws IOException {
    return CliRun.start(
        out.resolve("logs"),
        Map.of(),
        CliRun.TINY_WORKLOAD.toString(),
        "--stores",
        "basicdb",
        "--threads",
        threads,
        "--step-seconds",
        String.valueOf(stepSeconds),
        "--warmup-seconds",
        "1",
        "--records",
        "200",
        "--load-fractions",
        "none",
        "--floor-seconds",
        "0",
        "--out",
        out.resolve("results").toString());
  }

  @Test
  void aTinySweepWritesTheDocumentedFolder() throws Exception {
    CliRun run = sweep("1,2", 2);
    assertEquals(0, run.await(LIMIT), run::stderr);
    Path dir = run.runDir();
    assertTrue(
        dir.getFileName().toString().matches("\\d{8}T\\d{6}Z-tiny-core-workload"), dir.toString());
    assertEquals(out.resolve("results"), dir.getParent());
    JsonNode m = json(dir.resolve("manifest.json"));
    assertEquals("complete", m.get("status").asText());
    assertEquals("complete", m.at("/stores/basicdb/status").asText());
    assertEquals("complete", json(dir.resolve("basicdb/load/step.json")).get("status").asText());
    for (String step : List.of("01-t1", "02-t2")) {
      Path s = dir.resolve("basicdb/steps").resolve(step);
      JsonNode rec = json(s.resolve("step.json"));
      assertEquals("complete", rec.get("status").asText(), step);
      assertEquals(step.equals("01-t1") ? 1 : 2, rec.get("threads").asInt());
      assertEquals(1, rec.get("warmup_s").asInt());
      assertEquals(2, rec.get("duration_s").asInt());
      assertTrue(Files.size(s.resolve("hdr/READ.hdr")) > 0);
      assertTrue(Files.size(s.resolve("hdr/Intended-UPDATE.hdr")) > 0);
      assertTrue(Files.readString(s.resolve("ycsb.out")).contains("[OVERALL], RunTime(ms)"));
      assertTrue(Files.readString(s.resolve("ycsb.err")).contains("current ops/sec"));
    }
    JsonNode sat = json(dir.resolve("basicdb/capacity.json"));
    assertTrue(sat.get("throughput_ops").asDouble() > 0);
    assertFalse(sat.get("reason").asText().isEmpty());
    try (Stream<Path> all = Files.walk(dir)) {
      assertEquals(
          List.of(),
          all.map(p -> p.getFileName().toString())
              .filter(n -> n.startsWith(".") || n.endsWith(".tmp"))
              .toList(),
          "no partial folder or temp file left");
    }
    assertTrue(run.stderr().contains("[basicdb] step 2/2 ramp t=2 complete"), run.stderr());
  }

  @Test
  void badInputIsOneLineAndExitTwoBeforeAnythingStarts() throws Exception {
    CliRun run =
        CliRun.start(
            out.resolve("logs"),
            Map.of(),
            "nosuchworkload",
            "--out",
            out.resolve("results").toString());
    assertEquals(2, run.await(LIMIT));
    assertEquals(1, run.stderr().lines().count(), run.stderr());
    assertTrue(
        run.stderr().startsWith("run-sweep: unknown workload 'nosuchworkload'"), run.stderr());
    assertFalse(Files.exists(out.resolve("results")), "no results folder for bad input");
    CliRun noArgs = CliRun.start(out.resolve("logs"), Map.of());
    assertEquals(2, noArgs.await(LIMIT));
    assertTrue(
        noArgs
            .stderr()
            .contains("Use like: ./run-sweep.sh <workload>|-P FILE [-P FILE ...] [options]"),
        noArgs.stderr());
  }

  @Test
  void anInterruptedRunKeepsItsFinishedStepsAndResumes() throws Exception {
    CliRun run = sweep("1,2,4", 4);
    Path results = out.resolve("results");
    Path first = waitFor(results, "basicdb/steps/01-t1/step.json");
    waitFor(results, "basicdb/steps/.02-t2.partial/hdr/READ.hdr");
    run.terminate();
    assertEquals(143, run.await(LIMIT), "128 + SIGTERM");
    Path dir = run.runDir();
    assertEquals(first.getParent().getParent().getParent().getParent(), dir);
    JsonNode kept = json(dir.resolve("basicdb/steps/01-t1/step.json"));
    assertEquals("complete", kept.get("status").asText());
    JsonNode broken = json(dir.resolve("basicdb/steps/02-t2/step.json"));
    assertEquals("interrupted", broken.get("status").asText());
    assertTrue(broken.get("error").asText().contains("Ctrl-C or SIGTERM"), broken.toString());
    assertEquals("interrupted", json(dir.resolve("manifest.json")).get("status").asText());
    assertFalse(Files.exists(dir.resolve("basicdb/steps/03-t4")));

    CliRun resume = CliRun.start(out.resolve("logs"), Map.of(), "--resume", dir.toString());
    assertEquals(0, resume.await(LIMIT), resume::stderr);
    assertEquals(dir, resume.runDir());
    assertEquals(
        kept,
        json(dir.resolve("basicdb/steps/01-t1/step.json")),
        "a complete step is not run again");
    for (String step : List.of("02-t2", "03-t4")) {
      assertEquals(
          "complete",
          json(dir.resolve("basicdb/steps").resolve(step).resolve("step.json"))
              .get("status")
              .asText(),
          step);
    }
    JsonNode m = json(dir.resolve("manifest.json"));
    assertEquals("complete", m.get("status").asText());
    assertEquals(1, m.get("resumes").size());
    assertEquals(1, m.at("/resumes/0/kept_complete_steps").asInt());
    assertEquals("interrupted", m.at("/resumes/0/rerun/0/previous_status").asText());
    assertTrue(
        resume.stderr().contains("resuming: 1 complete steps kept, 1 to run again"),
        resume.stderr());
  }

  @Test
  void laterStepsInsertNewKeysAfterThoseOfEarlierSteps() throws Exception {
    CliRun run =
        CliRun.start(
            out.resolve("logs"),
            Map.of(),
            CliRun.REPO.resolve("sweep/src/test/resources/tiny-insert-workload").toString(),
            "--stores",
            "basicdb",
            "--threads",
            "1,1,1",
            "--step-seconds",
            "1",
            "--warmup-seconds",
            "0",
            "--records",
            "200",
            "--load-fractions",
            "none",
            "--floor-seconds",
            "0",
            "--out",
            out.resolve("results").toString());
    assertEquals(0, run.await(LIMIT), run::stderr);
    Path steps = run.runDir().resolve("basicdb/steps");
    long expected = 200;
    for (String step : List.of("01-t1", "02-t1", "03-t1")) {
      String err = Files.readString(steps.resolve(step).resolve("ycsb.err"));
      assertTrue(
          err.contains(" -p recordcount=" + expected + " "), step + " should start at " + expected);
      long inserted =
          Files.readString(steps.resolve(step).resolve("ycsb.out"))
              .lines()
              .filter(l -> l.startsWith("[INSERT], Return=OK, "))
              .mapToLong(l -> Long.parseLong(l.substring(21)))
              .sum();
      assertTrue(inserted > 0, step);
      expected += inserted;
    }
  }

  /** Waits until a file appears somewhere under {@code root}'s single run folder. */
  private static Path waitFor(Path root, String relative) throws Exception {
    long deadline = System.nanoTime() + LIMIT.toNanos();
    while (System.nanoTime() < deadline) {
      if (Files.isDirectory(root)) {
        try (Stream<Path> runs = Files.list(root)) {
          for (Path r : runs.toList()) {
            if (Files.exists(r.resolve(relative))) {
              return r.resolve(relative);
            }
          }
        }
      }
      Thread.sleep(100);
    }
    throw new AssertionError(relative + " did not appear under " + root);
  }
}
