package io.github.ycsbdocsearch.resultsformat.summarizer;

import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.T0;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.concat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.range;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.repeat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import io.github.ycsbdocsearch.resultsformat.fixtures.YcsbStyleLogWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepSummarizerTest {

  private static final long[] HUGE_WARMUP = repeat(100_000, 1000);

  @TempDir Path dir;

  private static SummaryRow ok(StepSummary s, String op, LatencyKind kind) {
    return s.row(op, kind, SummaryRow.OK)
        .orElseThrow(() -> new AssertionError("no ok row " + op + " " + kind));
  }

  private static SummaryRow all(StepSummary s, String op, LatencyKind kind) {
    return s.row(op, kind, SummaryRow.ALL)
        .orElseThrow(() -> new AssertionError("no all row " + op + " " + kind));
  }

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
    SummaryRow read = ok(s, "READ", LatencyKind.SERVICE);
    assertEquals(10_000, read.count(), "warm-up intervals must not be counted");
    assertEquals(1000, read.maxUs(), "a warm-up latency leaked into the max");
    assertEquals(1, read.minUs());
    assertEquals(500.5, read.meanUs(), 1e-9);
    assertEquals(500, read.p50Us());
    assertEquals(900, read.p90Us());
    assertEquals(990, read.p99Us());
    assertEquals(999, read.p999Us());
    assertNull(read.p9999Us(), "p99.99 needs 29,956 samples");
    assertEquals("p99.9", read.supportedUpTo());
    assertEquals(
        992, read.p99Ub95Us(), "the 95 % upper bound of the p99 of 10,000 samples is the 9,917th");
    assertEquals(10.0, s.windowS(), 1e-9);
    assertEquals(1000.0, s.throughputOps(), 1e-9);
    assertEquals(
        List.of(1000.0, 1000.0), s.throughputCi95(), "ten identical seconds have no spread");
    assertEquals(0, read.errors());
    assertEquals("mongodb", s.store());
    assertEquals("03-t8", s.step());
    assertEquals(Phase.RAMP, s.phase(), "a format-1 unthrottled step was the ramp");
    assertNull(s.rateSustained(), "closed-loop steps have no target to sustain");
  }

  @Test
  void intervalStartingExactlyAtWarmupEndIsKeptAndOneJustBeforeIsNot() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "redisjson", 1, 1, 0, 2, "complete");
    RunFixture.log(step, "READ", T0, repeat(7, 10), repeat(8, 10), repeat(9, 10));
    SummaryRow read = ok(StepSummarizer.summarize(step), "READ", LatencyKind.SERVICE);
    assertEquals(10, read.count());
    assertEquals(9, read.minUs());
  }

  @Test
  void logsWithMisalignedIntervalsKeepTheSameIntervals() throws IOException {
    // As in a real YCSB step: the service log starts first, the intended one 350 ms later, and the
    // status thread
    // closes the intended intervals ~150 ms after the service ones.
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "basicdb", 1, 2, 2000, 2, "complete");
    long[] service = {T0 + 220, T0 + 1000, T0 + 1900, T0 + 2900, T0 + 3900, T0 + 4900};
    long[] intended = {T0 + 350, T0 + 1050, T0 + 2050, T0 + 3050, T0 + 4050, T0 + 5050};
    RunFixture.logBetween(step, "UPDATE", T0, service, repeat(10, 100));
    RunFixture.logBetween(step, "Intended-UPDATE", T0 + 350, intended, repeat(20, 100));
    StepSummary s = StepSummarizer.summarize(step);
    assertEquals(300, ok(s, "UPDATE", LatencyKind.SERVICE).count());
    assertEquals(
        300,
        ok(s, "UPDATE", LatencyKind.INTENDED).count(),
        "service and intended latency must describe the same operations");
    assertEquals(3.0, s.windowS(), 1e-9);
  }

  @Test
  void ratesUseTheTimeEachIntervalReallyCovered() throws IOException {
    // The status thread's ticks alternate 1.25 s and 1.0 s: 1,000 then 800 READs, 800/s throughout.
    // Whole-second
    // buckets would see 1,000, 800, 1,000, 0 (no tick's midpoint in 3..4 s), 800, ...
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "mongodb", 1, 4, 0, 0, 14, "complete", "\"phase\": \"capacity\", ");
    try (YcsbStyleLogWriter w = new YcsbStyleLogWriter(step.resolve("hdr/READ.hdr"), "READ", T0)) {
      long t = T0;
      for (int pair = 0; pair < 6; pair++) {
        w.interval(t, t + 1250, repeat(100, 1000));
        w.interval(t + 1250, t + 2250, repeat(100, 800));
        t += 2250;
      }
    }
    StepHistograms hist = StepHistograms.forStep(step);
    List<StepHistograms.IntervalRate> rates = hist.rates(hist.perInterval("READ", false));
    assertEquals(12, rates.size(), "a second that caught no tick has no rate");
    for (StepHistograms.IntervalRate r : rates) {
      assertEquals(800.0, r.perSecond(), 1e-9, "at " + r.timeS() + " s over " + r.lengthS() + " s");
    }
    assertEquals(0.5, rates.get(0).timeS(), 1e-12);
    assertEquals(1.25, rates.get(0).lengthS(), 1e-12);
    assertEquals(1.0, rates.get(1).lengthS(), 1e-12);
    StepSummary s = StepSummarizer.summarize(step);
    assertEquals(800.0, s.throughputOps(), 1e-9);
    assertEquals(
        List.of(800.0, 800.0),
        s.throughputCi95(),
        "equal rates have no spread, whatever the tick lengths");
  }

  @Test
  void theThroughputIntervalComesFromBatchMeansAndNeedsSixIntervals() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "mongodb", 1, 4, 0, 0, 12, "complete", "\"phase\": \"capacity\", ");
    long[][] seconds = new long[12][];
    for (int i = 0; i < 12; i++) {
      seconds[i] = repeat(100, i < 6 ? 900 : 1100); // a step change: the later half is faster
    }
    RunFixture.log(step, "READ", T0, seconds);
    StepSummary s = StepSummarizer.summarize(step);
    // 4 batches of 3 seconds: 900, 900, 1,100, 1,100; sd 115.47, t(0.975, 3) = 3.182 (a table's 3
    // decimals: the bounds are exact to half its last digit, plus their own rounding to 0.01).
    double half = 3.182 * Math.sqrt(40_000.0 / 3) / 2;
    double tolerance = 0.0005 * Math.sqrt(40_000.0 / 3) / 2 + 0.01;
    assertEquals(1000 - half, s.throughputCi95().get(0), tolerance);
    assertEquals(1000 + half, s.throughputCi95().get(1), tolerance);

    Path shortStep = dir.resolve("t");
    RunFixture.stepJson(
        shortStep, "mongodb", 1, 4, 0, 0, 5, "complete", "\"phase\": \"capacity\", ");
    RunFixture.log(shortStep, "READ", T0, times(5, repeat(100, 1000)));
    assertNull(StepSummarizer.summarize(shortStep).throughputCi95(), "5 intervals are too few");
  }

  @Test
  void emptyTrailingIntervalsAndCleanupAreNotMeasuredTime() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "mongodb", 1, 1, 0, 0, "complete");
    RunFixture.log(step, "READ", T0, concat(times(4, repeat(100, 250)), times(2, new long[0])));
    RunFixture.log(step, "CLEANUP", T0 + 6000, repeat(2, 1));
    StepSummary s = StepSummarizer.summarize(step);
    assertEquals(4.0, s.windowS(), 1e-9);
    assertEquals(250.0, s.throughputOps(), 1e-9);
    assertEquals(List.of("READ"), s.operationNames(), "CLEANUP is not a workload operation");
  }

  @Test
  void aLateCompletionKeepsItsLatencyButDoesNotStretchTheWindow() throws IOException {
    Path step = dir.resolve("s");
    // 1 s warm-up + 5 s measured: the stop is requested at 6 s. A freshness poll finishes 20 s
    // later.
    RunFixture.stepJson(step, "elasticsearch", 1, 4, 0, 1, 5, "complete", "");
    long[][] busy = times(6, repeat(1000, 100));
    long[][] idle = times(20, new long[0]);
    long[][] late = {repeat(25_000_000, 1)};
    RunFixture.log(step, "FRESHNESS", T0, concat(concat(busy, idle), late));
    StepSummary s = StepSummarizer.summarize(step);
    assertEquals(
        5.0, s.windowS(), 1e-9, "the window ends at the requested stop, not at the last straggler");
    assertEquals(500, s.operations(), "completions after the stop are not the window's operations");
    assertEquals(100.0, s.throughputOps(), 1e-9);
    SummaryRow fresh = ok(s, "FRESHNESS", LatencyKind.SERVICE);
    assertEquals(501, fresh.count(), "the late completion is real: its latency stays");
    assertTrue(fresh.maxUs() >= 25_000_000L);
  }

  @Test
  void aReadModifyWriteCountsOnceAndItsPartsAreMarked() throws IOException {
    // workloadf: per second 50 READs of their own, 50 READ-MODIFY-WRITEs, each of which also logs a
    // READ and an
    // UPDATE: YCSB writes 100 READ, 50 UPDATE, 50 READ-MODIFY-WRITE records for 100 workload
    // operations.
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "basicdb", 1, 2, 0, 0, 4, "complete", "");
    RunFixture.log(step, "READ", T0, times(4, repeat(100, 100)));
    RunFixture.log(step, "UPDATE", T0, times(4, repeat(200, 50)));
    RunFixture.log(step, "READ-MODIFY-WRITE", T0, times(4, repeat(300, 50)));
    StepSummary s = StepSummarizer.summarize(step);
    assertEquals(400, s.operations(), "800 records are 400 workload operations");
    assertEquals(100.0, s.throughputOps(), 1e-9);
    assertEquals(200, ok(s, "READ", LatencyKind.SERVICE).partCount());
    assertEquals(200, ok(s, "UPDATE", LatencyKind.SERVICE).partCount());
    assertEquals(0, ok(s, "READ-MODIFY-WRITE", LatencyKind.SERVICE).partCount());
  }

  @Test
  void aFreshnessCountsOnceWithoutItsUpdate() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "redisjson", 1, 2, 0, 0, 2, "complete", "");
    RunFixture.log(step, "SEARCH", T0, times(2, repeat(500, 90)));
    RunFixture.log(step, "UPDATE", T0, times(2, repeat(200, 10)));
    RunFixture.log(step, "FRESHNESS", T0, times(2, repeat(900, 10)));
    StepSummary s = StepSummarizer.summarize(step);
    assertEquals(200, s.operations());
  }

  @Test
  void failedOperationsAreErrorsAndShowInTheAllRequestsRow() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "redisjson", 1, 4, 0, 2, "complete");
    RunFixture.log(step, "READ", T0, times(6, repeat(100, 50)));
    RunFixture.log(step, "UPDATE", T0, times(6, repeat(200, 50)));
    // 3 failures during warm-up, then 7 per second (timeouts at 5 ms); a FAILED log that starts
    // only at 3 s.
    RunFixture.log(
        step, "READ-FAILED", T0, concat(times(2, repeat(5000, 3)), times(4, repeat(5000, 7))));
    RunFixture.log(step, "UPDATE-FAILED", T0 + 3000, repeat(9000, 4));
    StepSummary s = StepSummarizer.summarize(step);
    SummaryRow read = ok(s, "READ", LatencyKind.SERVICE);
    assertEquals(28, read.errors());
    assertEquals(200, read.count(), "failures must not be counted as successes");
    assertEquals(100, read.maxUs(), "failure latencies must not mix into the successes-only row");
    SummaryRow readAll = all(s, "READ", LatencyKind.SERVICE);
    assertEquals(228, readAll.count());
    assertTrue(readAll.maxUs() >= 4990, "the all-requests row shows the failures' latency");
    assertTrue(readAll.p90Us() >= 4990, "12 % timeouts must show in the all-requests p90");
    assertEquals(4, ok(s, "UPDATE", LatencyKind.SERVICE).errors());
    assertEquals(32, s.errors());
    assertEquals(List.of("READ", "UPDATE"), s.operationNames());
    assertEquals(100.0, s.throughputOps(), 1e-9, "throughput counts successful operations only");
  }

  @Test
  void operationThatOnlyFailedHasNoLatencyButItsErrors() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "elasticsearch", 2, 2, 0, 0, "complete");
    RunFixture.log(step, "READ", T0, times(2, repeat(100, 10)));
    RunFixture.log(step, "SEARCH-FAILED", T0, times(2, repeat(3000, 5)));
    SummaryRow search = ok(StepSummarizer.summarize(step), "SEARCH", LatencyKind.SERVICE);
    assertEquals(0, search.count());
    assertEquals(10, search.errors());
    assertNull(search.p50Us());
    assertNull(search.maxUs());
  }

  @Test
  void percentilesTheSampleCountCannotSupportAreAbsent() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "mongodb", 1, 1, 0, 0, "complete");
    RunFixture.log(step, "UPDATE", T0, range(1, 500), range(501, 999));
    RunFixture.log(step, "SEARCH", T0, repeat(40, 5));
    RunFixture.log(step, "READ", T0, repeat(40, 4));
    StepSummary s = StepSummarizer.summarize(step);
    SummaryRow update = ok(s, "UPDATE", LatencyKind.SERVICE);
    assertEquals(999, update.count());
    assertNotNull(update.p99Us());
    assertNull(update.p999Us(), "p99.9 needs 2,995 samples");
    assertNull(update.p9999Us(), "p99.99 needs 29,956 samples");
    assertEquals("p99", update.supportedUpTo());
    assertNotNull(update.p99Ub95Us());
    assertTrue(update.p99Ub95Us() >= update.p99Us(), "an upper bound is not below the estimate");
    SummaryRow search = ok(s, "SEARCH", LatencyKind.SERVICE);
    assertNotNull(search.p50Us());
    assertNull(search.p90Us(), "p90 needs 29 samples");
    assertEquals("p50", search.supportedUpTo());
    assertNull(search.p99Ub95Us());
    SummaryRow read = ok(s, "READ", LatencyKind.SERVICE);
    assertEquals(4, read.count());
    assertNull(read.p50Us(), "p50 needs 5 samples");
    assertNull(read.supportedUpTo());
  }

  @Test
  void intendedRowsOnlyForFixedRateStepsAndUnsustainedRatesAreFlagged() throws IOException {
    Path fixed = dir.resolve("05-t8-r1000");
    RunFixture.stepJson(fixed, "mongodb", 5, 8, 1000, 1, 2, "complete", "\"phase\": \"load\", ");
    RunFixture.log(fixed, "READ", T0, times(3, repeat(100, 500)));
    RunFixture.log(fixed, "Intended-READ", T0, times(3, repeat(700, 500)));
    StepSummary s = StepSummarizer.summarize(fixed);
    assertEquals(100, ok(s, "READ", LatencyKind.SERVICE).maxUs());
    assertEquals(700, ok(s, "READ", LatencyKind.INTENDED).maxUs());
    assertEquals(
        1000, s.operations(), "intended rows describe the same operations: not counted twice");
    assertEquals(Boolean.FALSE, s.rateSustained(), "500 of 1000 ops/s offered is not sustained");
    assertEquals(50.0, s.achievedPct(), 1e-9);
    assertFalse(s.usable());
    assertEquals(Phase.LOAD, s.phase());

    Path closed = dir.resolve("01-t8");
    RunFixture.stepJson(closed, "mongodb", 1, 8, 0, 0, "complete");
    RunFixture.log(closed, "READ", T0, times(3, repeat(100, 500)));
    RunFixture.log(closed, "Intended-READ", T0, times(3, repeat(100, 500)));
    assertTrue(
        StepSummarizer.summarize(closed).row("READ", LatencyKind.INTENDED, SummaryRow.OK).isEmpty(),
        "a closed loop's intended latency equals service time: no row pretends it was corrected");
  }

  /**
   * A paced step at {@code target} ops/s that served {@code perSecond} a second over 3 one-second
   * intervals (the first the warm-up), with a send log of as many sends a second whose intervals
   * start {@code sendOffsetMs} after the completions'.
   */
  private StepSummary pacedStep(String name, long target, int perSecond, long sendOffsetMs)
      throws IOException {
    Path step = dir.resolve(name);
    RunFixture.stepJson(step, "mongodb", 6, 8, target, 1, 2, "complete", "\"phase\": \"load\", ");
    RunFixture.log(step, "READ", T0, times(3, repeat(100, perSecond)));
    RunFixture.log(step, "Intended-READ", T0, times(3, repeat(150, perSecond)));
    RunFixture.log(step, "SEND_LAG", T0 + sendOffsetMs, times(3, repeat(20, perSecond)));
    Files.move(
        step.resolve("hdr").resolve("SEND_LAG.hdr"),
        step.resolve("hdr").resolve(RunLayout.SEND_LAG_LOG));
    Files.writeString(
        step.resolve(RunLayout.ARRIVALS),
        String.format(
            Locale.ROOT,
            "{\"process\": \"poisson\", \"scheduled_due\": %d, \"sent\": %d, \"unsent\": 0,"
                + " \"late\": 0, \"lag_threshold_us\": 1000, \"max_in_flight\": 2,"
                + " \"pool_exhausted\": false, \"threads\": 8}",
            3 * perSecond,
            3 * perSecond));
    return StepSummarizer.summarize(step);
  }

  @Test
  void sustainedIsJudgedAgainstTheArrivalsTheScheduleOfferedInTheWindow() throws IOException {
    // Target 1,000 ops/s, but this Poisson draw offered 940 a second in the window: all served.
    StepSummary s = pacedStep("06-t8-r1000", 1000, 940, 0);
    assertEquals(940.0, s.throughputOps(), 1e-9);
    assertEquals(Boolean.TRUE, s.rateSustained(), "94 % of the target, all of what was offered");
    assertEquals(100.0, s.achievedPct(), 1e-9);
  }

  @Test
  void theSendsAreARateOverTheSendLogsOwnSpan() throws IOException {
    // The send log ticks on its own clock: here half a second after the completions', so its kept
    // intervals span 3 s (0.5-3.5) against the completions' 2 s window. 2,820 sends over the
    // completions' window would read as 1,410 offered a second, and 940 served as 67 %.
    StepSummary s = pacedStep("07-t8-r940", 940, 940, 500);
    assertEquals(940.0, s.throughputOps(), 1e-9);
    assertEquals(100.0, s.achievedPct(), 1e-9);
    assertEquals(Boolean.TRUE, s.rateSustained());
  }

  @Test
  void aClientUsingNearlyAllItsCpusMakesTheStepClientBound() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(
        step,
        "redisjson",
        1,
        16,
        0,
        0,
        2,
        "complete",
        "\"client_cpu_cores\": 0.95, \"client_cpus\": 1, ");
    RunFixture.log(step, "READ", T0, times(2, repeat(100, 500)));
    StepSummary s = StepSummarizer.summarize(step);
    assertTrue(s.clientBound());
    assertFalse(s.usable(), "a client-bound step never stands for the store");
    assertTrue(ok(s, "READ", LatencyKind.SERVICE).clientBound());
  }

  @Test
  void aTruncatedLastLineKeepsTheIntervalsBeforeIt() throws IOException {
    Path step = knownStep();
    Files.writeString(
        step.resolve("hdr/READ.hdr"),
        "12.000,1.000,1000.000,HISTFAAAACl4nJNp",
        StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);
    assertEquals(10_000, ok(StepSummarizer.summarize(step), "READ", LatencyKind.SERVICE).count());
  }

  @Test
  void stepWithoutLogsHasNoOperationsAndZeroThroughput() throws IOException {
    Path step = dir.resolve("s");
    RunFixture.stepJson(step, "mongodb", 1, 1, 0, 5, "failed");
    StepSummary s = StepSummarizer.summarize(step);
    assertTrue(s.rows().isEmpty());
    assertEquals(0.0, s.throughputOps());
    assertFalse(s.complete());
  }

  @Test
  void theStepSummaryRoundTripsThroughItsFile() throws IOException {
    Path step = knownStep();
    StepSummary s = StepSummarizer.summarize(step);
    s.writeTo(step);
    assertEquals(s, StepSummary.read(step));
  }

  @Test
  void aSummaryWrittenBeforeTheBoundColumnsReadsThemAsNull() throws IOException {
    Path step = knownStep();
    StepSummarizer.summarize(step).writeTo(step);
    Path file = step.resolve(RunLayout.STEP_SUMMARY);
    ObjectNode json = (ObjectNode) Json.readObject(file);
    json.get("rows")
        .forEach(r -> ((ObjectNode) r).remove(List.of("supported_up_to", "p99_ub95_us")));
    Files.writeString(file, json.toString());
    SummaryRow read = ok(StepSummary.read(step), "READ", LatencyKind.SERVICE);
    assertNull(read.supportedUpTo());
    assertNull(read.p99Ub95Us());
    assertEquals(990, read.p99Us());
  }

  @Test
  void missingOrMalformedStepJsonIsAOneLineFormatError() throws IOException {
    Path step = dir.resolve("s");
    Files.createDirectories(step);
    ResultsFormatException missing =
        assertThrows(ResultsFormatException.class, () -> StepSummarizer.summarize(step));
    assertTrue(missing.getMessage().contains("step.json") && !missing.getMessage().contains("\n"));
    Files.writeString(
        step.resolve("step.json"),
        "{\"format\": "
            + StepRecord.FORMAT
            + ", \"store\": \"x\", \"threads\": 1, \"warmup_s\": -1}");
    assertTrue(
        assertThrows(ResultsFormatException.class, () -> StepSummarizer.summarize(step))
            .getMessage()
            .contains("warmup_s"));
    Files.writeString(step.resolve("step.json"), "{not json");
    assertTrue(
        assertThrows(ResultsFormatException.class, () -> StepSummarizer.summarize(step))
            .getMessage()
            .contains("malformed JSON"));
  }
}
