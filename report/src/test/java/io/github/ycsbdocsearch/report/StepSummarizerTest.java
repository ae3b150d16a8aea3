package io.github.ycsbdocsearch.report;

import static io.github.ycsbdocsearch.report.RunFixture.T0;
import static io.github.ycsbdocsearch.report.RunFixture.concat;
import static io.github.ycsbdocsearch.report.RunFixture.range;
import static io.github.ycsbdocsearch.report.RunFixture.repeat;
import static io.github.ycsbdocsearch.report.RunFixture.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepSummarizerTest {

  private static final long[] HUGE_WARMUP = repeat(100_000, 1000);

  @TempDir
  Path dir;

  /** 2 s of warm-up with huge latencies, then 10 s each holding 1..1000 µs once. */
  private Path knownStep() throws IOException {
    Path step = dir.resolve("03-t8");
    RunFixture.stepJson(step, "mongodb", 3, 8, 0, 2, "complete");
    RunFixture.log(step, "READ", T0, concat(times(2, HUGE_WARMUP), times(10, range(1, 1000))));
    return step;
  }

  @Test
  void knownLatenciesGiveKnownPercentilesAndWarmupIsExcluded() throws IOException {
    StepSummary s = StepSummarizer.summarize(knownStep());
    OperationSummary read = s.operation("READ", LatencyKind.SERVICE).orElseThrow();
    LatencyStats l = read.latency().orElseThrow();
    assertEquals(10_000, read.count(), "warm-up intervals must not be counted");
    assertEquals(1000, l.maxUs(), "a warm-up latency leaked into the max");
    assertEquals(1, l.minUs());
    assertEquals(500.5, l.meanUs(), 1e-9);
    assertEquals(500, l.percentileUs(Percentile.P50).getAsLong());
    assertEquals(900, l.percentileUs(Percentile.P90).getAsLong());
    assertEquals(990, l.percentileUs(Percentile.P99).getAsLong());
    assertEquals(999, l.percentileUs(Percentile.P999).getAsLong());
    assertEquals(1000, l.percentileUs(Percentile.P9999).getAsLong());
    assertEquals(10.0, s.measuredSeconds(), 1e-9);
    assertEquals(1000.0, s.throughputOps(), 1e-9);
    assertEquals(1000.0, read.throughputOps(), 1e-9);
    assertEquals(0, read.errors());
    assertEquals("mongodb", s.step().store());
    assertEquals("03-t8", s.stepName());
  }

  @Test
  void intervalStartingExactlyAtWarmupEndIsKeptAndOneJustBeforeIsNot() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "redisjson", 1, 1, 0, 2, "complete");
    // Intervals start at 0, 1, 2 s: with warm-up 2 s only the third is kept.
    RunFixture.log(step, "READ", T0, repeat(7, 10), repeat(8, 10), repeat(9, 10));
    StepSummary s = StepSummarizer.summarize(step);
    LatencyStats l = s.operation("READ", LatencyKind.SERVICE).orElseThrow().latency().orElseThrow();
    assertEquals(10, l.count());
    assertEquals(9, l.minUs());
  }

  @Test
  void logsWithMisalignedIntervalsKeepTheSameIntervals() throws IOException {
    // As in a real YCSB step: the service log starts first, the intended one 350 ms later, and the status thread
    // closes the intended intervals ~150 ms after the service ones.
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "basicdb", 1, 2, 2000, 2, "complete");
    long[] service = {T0 + 220, T0 + 1000, T0 + 1900, T0 + 2900, T0 + 3900, T0 + 4900};
    long[] intended = {T0 + 350, T0 + 1050, T0 + 2050, T0 + 3050, T0 + 4050, T0 + 5050};
    RunFixture.logBetween(step, "UPDATE", T0, service, repeat(10, 100));
    RunFixture.logBetween(step, "Intended-UPDATE", T0 + 350, intended, repeat(20, 100));
    StepSummary s = StepSummarizer.summarize(step);
    assertEquals(300, s.operation("UPDATE", LatencyKind.SERVICE).orElseThrow().count());
    assertEquals(300, s.operation("UPDATE", LatencyKind.INTENDED).orElseThrow().count(),
        "service and intended latency must describe the same operations");
    assertEquals(3.0, s.measuredSeconds(), 1e-9);
  }

  @Test
  void emptyTrailingIntervalsAndCleanupAreNotMeasuredTime() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "mongodb", 1, 1, 0, 0, "complete");
    // 4 busy seconds, then the empty intervals YCSB logs while its threads stop, then DB.cleanup().
    RunFixture.log(step, "READ", T0, concat(times(4, repeat(100, 250)), times(2, new long[0])));
    RunFixture.log(step, "CLEANUP", T0 + 6000, repeat(2, 1));
    StepSummary s = StepSummarizer.summarize(step);
    assertEquals(4.0, s.measuredSeconds(), 1e-9);
    assertEquals(250.0, s.throughputOps(), 1e-9);
    assertEquals(java.util.List.of("READ"), s.operationNames(), "CLEANUP is not a workload operation");
  }

  @Test
  void failedOperationsAreErrorsOfTheirOperationAndLateFailureLogsGetNoWarmupOfTheirOwn() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "redisjson", 1, 4, 0, 2, "complete");
    RunFixture.log(step, "READ", T0, times(6, repeat(100, 50)));
    RunFixture.log(step, "UPDATE", T0, times(6, repeat(200, 50)));
    // 3 failures during warm-up, then 7 per second; a second FAILED kind whose log only starts at 3 s.
    RunFixture.log(step, "READ-FAILED", T0, concat(times(2, repeat(5000, 3)), times(4, repeat(5000, 7))));
    RunFixture.log(step, "UPDATE-FAILED", T0 + 3000, repeat(9000, 4));
    StepSummary s = StepSummarizer.summarize(step);
    OperationSummary read = s.operation("READ", LatencyKind.SERVICE).orElseThrow();
    assertEquals(28, read.errors());
    assertEquals(200, read.count(), "failures must not be counted as successes");
    assertEquals(100, read.latency().orElseThrow().maxUs(), "failure latencies must not mix into READ");
    assertEquals(4, s.operation("UPDATE", LatencyKind.SERVICE).orElseThrow().errors());
    assertEquals(32, s.totalErrors());
    assertEquals(List2.of("READ", "UPDATE"), s.operationNames());
    assertEquals(100.0, s.throughputOps(), 1e-9, "throughput counts successful operations only");
  }

  @Test
  void operationThatOnlyFailedHasNoLatencyButItsErrors() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "elasticsearch", 2, 2, 0, 0, "complete");
    RunFixture.log(step, "READ", T0, times(2, repeat(100, 10)));
    RunFixture.log(step, "SEARCH-FAILED", T0, times(2, repeat(3000, 5)));
    OperationSummary search = StepSummarizer.summarize(step).operation("SEARCH", LatencyKind.SERVICE)
        .orElseThrow();
    assertEquals(0, search.count());
    assertEquals(10, search.errors());
    assertTrue(search.latency().isEmpty());
  }

  @Test
  void percentilesTheSampleCountCannotSupportAreAbsent() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "mongodb", 1, 1, 0, 0, "complete");
    RunFixture.log(step, "UPDATE", T0, range(1, 500), range(501, 999));
    RunFixture.log(step, "SEARCH", T0, repeat(40, 5));
    StepSummary s = StepSummarizer.summarize(step);
    LatencyStats update = s.operation("UPDATE", LatencyKind.SERVICE).orElseThrow().latency().orElseThrow();
    assertEquals(999, update.count());
    assertTrue(update.percentileUs(Percentile.P99).isPresent());
    assertFalse(update.percentileUs(Percentile.P999).isPresent(), "p99.9 needs 1,000 samples");
    assertFalse(update.percentileUs(Percentile.P9999).isPresent(), "p99.99 needs 10,000 samples");
    LatencyStats search = s.operation("SEARCH", LatencyKind.SERVICE).orElseThrow().latency().orElseThrow();
    assertTrue(search.percentileUs(Percentile.P50).isPresent());
    assertFalse(search.percentileUs(Percentile.P90).isPresent(), "p90 needs 10 samples");
  }

  @Test
  void intendedLatencyIsItsOwnKind() throws IOException {
    Path step = dir.resolve("05-t8-r1000");
    RunFixture.stepJson(step, "mongodb", 5, 8, 1000, 1, "complete");
    RunFixture.log(step, "READ", T0, times(3, repeat(100, 100)));
    RunFixture.log(step, "Intended-READ", T0, times(3, repeat(700, 100)));
    StepSummary s = StepSummarizer.summarize(step);
    assertTrue(s.step().fixedRate());
    assertEquals(100, s.operation("READ", LatencyKind.SERVICE).orElseThrow().latency().orElseThrow().maxUs());
    assertEquals(700, s.operation("READ", LatencyKind.INTENDED).orElseThrow().latency().orElseThrow().maxUs());
    assertEquals(200, s.totalOps(), "intended rows describe the same operations: not counted twice");
    assertEquals(100.0, s.throughputOps(), 1e-9);
  }

  @Test
  void aTruncatedLastLineKeepsTheIntervalsBeforeIt() throws IOException {
    Path step = knownStep();
    Files.writeString(step.resolve("hdr/READ.hdr"), "12.000,1.000,1000.000,HISTFAAAACl4nJNp", StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);
    assertEquals(10_000, StepSummarizer.summarize(step).operation("READ", LatencyKind.SERVICE).orElseThrow()
        .count());
  }

  @Test
  void stepWithoutLogsHasNoOperationsAndZeroThroughput() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "mongodb", 1, 1, 0, 5, "failed");
    StepSummary s = StepSummarizer.summarize(step);
    assertTrue(s.operations().isEmpty());
    assertEquals(0.0, s.throughputOps());
    assertFalse(s.step().complete());
  }

  @Test
  void missingOrMalformedStepJsonIsAOneLineFormatError() throws IOException {
    Path step = dir.resolve("s");
    Files.createDirectories(step);
    ResultsFormatException missing = assertThrows(ResultsFormatException.class,
        () -> StepSummarizer.summarize(step));
    assertTrue(missing.getMessage().contains("step.json") && !missing.getMessage().contains("\n"));
    Files.writeString(step.resolve("step.json"), "{\"store\": \"x\", \"threads\": 1}");
    assertTrue(assertThrows(ResultsFormatException.class, () -> StepSummarizer.summarize(step)).getMessage()
        .contains("warmup_s"));
    Files.writeString(step.resolve("step.json"), "{not json");
    assertTrue(assertThrows(ResultsFormatException.class, () -> StepSummarizer.summarize(step)).getMessage()
        .contains("malformed JSON"));
  }

  /** java.util.List.of under a name that does not clash with JUnit imports. */
  private static final class List2 {
    static java.util.List<String> of(String... s) {
      return java.util.List.of(s);
    }
  }
}
