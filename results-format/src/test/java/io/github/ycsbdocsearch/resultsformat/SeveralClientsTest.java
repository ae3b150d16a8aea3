package io.github.ycsbdocsearch.resultsformat;

import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.T0;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.concat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.range;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.repeat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import io.github.ycsbdocsearch.resultsformat.fixtures.YcsbStyleLogWriter;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepSummarizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A step driven by two clients whose logs start 300 ms apart: merged exactly, never averaged. */
class SeveralClientsTest {
  private static final long OFFSET_MS = 300;
  private static final long[] WARMUP = repeat(100_000, 1000);

  @TempDir Path dir;

  /**
   * Client 0 starts at T0 and logs 1..1000 µs each second; client 1 starts 300 ms later and logs
   * 1001..2000 µs. Both: 2 s of huge warm-up latencies, then 10 measured seconds.
   */
  private Path twoClientStep(String extraStepJson) throws IOException {
    Path step = dir.resolve("07-t8-r2000");
    RunFixture.stepJson(step, "redisjson", 7, 8, 2000, 2, 10, "complete", extraStepJson);
    RunFixture.log(
        RunLayout.clientDir(step, 0),
        "READ",
        T0,
        concat(times(2, WARMUP), times(10, range(1, 1000))));
    RunFixture.log(
        RunLayout.clientDir(step, 1),
        "READ",
        T0 + OFFSET_MS,
        concat(times(2, WARMUP), times(10, range(1001, 2000))));
    return step;
  }

  @Test
  void theMergedHistogramIsTheSumOfTheClientsIntervals() throws IOException {
    StepHistograms h = StepHistograms.forStep(twoClientStep(""));
    Histogram merged = h.get("READ", LatencyKind.SERVICE, false);
    // One histogram built from every measured interval of both clients.
    Histogram reference = new Histogram(3);
    for (int second = 0; second < 10; second++) {
      for (long v = 1; v <= 2000; v++) {
        reference.recordValue(v);
      }
    }
    assertEquals(
        reference.getTotalCount(),
        merged.getTotalCount(),
        "each client's 10,000 measured operations");
    for (double p : new double[] {0, 10, 50, 90, 99, 99.9, 99.99, 100}) {
      assertEquals(reference.getValueAtPercentile(p), merged.getValueAtPercentile(p), "p" + p);
    }
    assertEquals(reference.getMean(), merged.getMean(), 1e-9);
    // Averaging the clients' p99s (990 and 1990 µs) would give 1490 µs; the merged p99 is the one
    // of all requests.
    assertEquals(reference.getValueAtPercentile(99), merged.getValueAtPercentile(99));
    assertTrue(merged.getValueAtPercentile(99) > 1900);
    assertEquals(List.of(T0, T0 + OFFSET_MS), h.clientStartsMs());
  }

  @Test
  void anotherMachinesLogsAreMovedIntoTheRunnersClockByItsOffset() throws IOException {
    Path step = twoClientStep("");
    // Client 1's machine runs 300 ms ahead: its logs start at the same instant as client 0's.
    AtomicFiles.writeJson(
        RunLayout.clientDir(step, 1).resolve(RunLayout.CLOCK_JSON),
        Map.of(RunLayout.CLOCK_OFFSET_MS, OFFSET_MS));
    StepHistograms h = StepHistograms.forStep(step);
    assertEquals(List.of(T0, T0), h.clientStartsMs());
    assertEquals(20_000, h.get("READ", LatencyKind.SERVICE, false).getTotalCount());
    Files.writeString(RunLayout.clientDir(step, 1).resolve(RunLayout.CLOCK_JSON), "{}");
    assertThrows(ResultsFormatException.class, () -> StepHistograms.forStep(step));
  }

  @Test
  void clientsThatLeftTheBarrierMoreThanTheLimitApartAreMarked() {
    List<StepClients.Client> none = List.of();
    StepClients together = StepClients.withStarts(T0, List.of(T0 + 250, T0 + 262), none);
    assertEquals(12L, together.startSpreadMs());
    assertEquals(Boolean.FALSE, together.startedApart());
    StepClients apart =
        StepClients.withStarts(
            T0, List.of(T0 + 250, T0 + 251 + StepClients.START_SPREAD_LIMIT_MS), none);
    assertEquals(Boolean.TRUE, apart.startedApart());
    List<Long> oneUnknown = Arrays.asList(T0, null);
    assertNull(StepClients.withStarts(T0, oneUnknown, none).startedApart());
  }

  @Test
  void throughputIsTheSumOverTheCommonWindowAndSecondsAreNotCountedTwice() throws IOException {
    Path step = twoClientStep("");
    StepHistograms h = StepHistograms.forStep(step);
    // Client 1's kept intervals run from 2.3 s to 12.3 s: 10,000 successes over its own 10 s, not
    // the common 9.7 s.
    assertEquals(10.0, h.measuredSeconds(), 1e-9, "each client's rate over its own span, summed");
    long[] perSecond = h.perInterval("READ", false);
    for (int i = 0; i < perSecond.length; i++) {
      assertEquals(2000, perSecond[i], "second " + i + " holds both clients' operations");
      assertEquals(
          1.0,
          h.intervalLengthsS()[i],
          1e-9,
          "two clients ticking together cover one second, not two");
    }
    StepSummary s = StepSummarizer.summarize(step);
    assertEquals(20_000, s.operations());
    assertEquals(2000.0, s.throughputOps(), 1e-9);
  }

  @Test
  void pacingAddsUpAndLateSendsLimitOnlyWhenTheyChangeTheVerdict() throws IOException {
    Path step =
        twoClientStep(
            "\"phase\": \"load\", \"open_loop\": {\"arrivals\": \"poisson\", \"seed\": 1,"
                + " \"lag_threshold_us\": 1000, \"slo\": \"p99<=10ms\", \"slo_percentile\": 0.99,"
                + " \"slo_bound_us\": 10000}, ");
    arrivals(RunLayout.clientDir(step, 0), 10_000, 0, 4, 1);
    arrivals(RunLayout.clientDir(step, 1), 10_000, 2, 4, 1);
    sendLag(RunLayout.clientDir(step, 0), 0);
    // Client 1 sent 1.5 % of its requests 5 ms late: over its own p99, hidden in the merged one.
    sendLag(RunLayout.clientDir(step, 1), 15);
    // Intended latency from the schedule: client 0 as served; client 1's late sends push 3 % of its
    // requests past the 10 ms bound, where the time from the send kept them under it.
    intended(RunLayout.clientDir(step, 0), T0, 0);
    intended(RunLayout.clientDir(step, 1), T0 + OFFSET_MS, 30);
    StepSummary s = StepSummarizer.summarize(step);
    Pacing p = s.pacing();
    assertEquals(20_000, p.scheduled());
    assertEquals(2, p.unsent());
    assertEquals(8, p.threads());
    assertEquals(2, p.maxInFlight());
    assertNull(p.poolExhaustedInWindow(), "no in-flight log: the run-wide flag stands in");
    assertEquals(ObjectiveVerdict.Decision.FAIL, s.objective().decision(), s.objective().reason());
    assertEquals(ObjectiveVerdict.Decision.PASS, s.objective().decisionFromSend());
    assertTrue(s.clientBound());
    assertTrue(
        s.clientLimit().startsWith("late sends changed the verdict with threads free"),
        s.clientLimit());
  }

  @Test
  void lateSendsThatChangeNoVerdictLimitNothing() throws IOException {
    Path step =
        twoClientStep(
            "\"phase\": \"load\", \"open_loop\": {\"arrivals\": \"poisson\", \"seed\": 1,"
                + " \"lag_threshold_us\": 1000, \"slo\": \"p99<=10ms\", \"slo_percentile\": 0.99,"
                + " \"slo_bound_us\": 10000}, ");
    arrivals(RunLayout.clientDir(step, 0), 10_000, 0, 4, 1);
    arrivals(RunLayout.clientDir(step, 1), 10_000, 0, 4, 1);
    sendLag(RunLayout.clientDir(step, 0), 0);
    sendLag(RunLayout.clientDir(step, 1), 15);
    intended(RunLayout.clientDir(step, 0), T0, 0);
    intended(RunLayout.clientDir(step, 1), T0 + OFFSET_MS, 0);
    StepSummary s = StepSummarizer.summarize(step);
    assertEquals(ObjectiveVerdict.Decision.PASS, s.objective().decision());
    assertFalse(s.clientBound(), "a pass on intended latency is the store's, whatever the lag");
    assertNull(s.clientLimit());
  }

  /**
   * An intended-latency log over the step's 12 seconds: each second 1000 requests, {@code over} of
   * them at 12 ms (past a 10 ms bound), the rest at 1 ms.
   */
  private static void intended(Path clientDir, long startMs, int over) throws IOException {
    long[] second =
        LongStream.concat(
                LongStream.of(repeat(1_000, 1000 - over)), LongStream.of(repeat(12_000, over)))
            .toArray();
    RunFixture.log(
        clientDir, "Intended-READ", startMs, concat(times(2, WARMUP), times(10, second)));
  }

  @Test
  void aStepOfOneClientHasNoClientsFile() throws IOException {
    Path step = dir.resolve("03-t8");
    RunFixture.stepJson(step, "mongodb", 3, 8, 0, 2, "complete");
    RunFixture.log(step, "READ", T0, concat(times(2, WARMUP), times(10, range(1, 1000))));
    assertEquals(List.of(step), RunLayout.clientOutputDirs(step));
    assertTrue(StepClients.read(step).isEmpty());
    assertNull(StepSummarizer.summarize(step).clientLimit());
  }

  private static void arrivals(
      Path clientDir, long scheduled, long unsent, int threads, long maxInFlight)
      throws IOException {
    Files.writeString(
        clientDir.resolve(RunLayout.ARRIVALS),
        "{\"process\": \"poisson\", \"scheduled_due\": "
            + scheduled
            + ", \"sent\": "
            + (scheduled - unsent)
            + ", \"unsent\": "
            + unsent
            + ", \"late\": 0, "
            + "\"lag_threshold_us\": 1000, \"max_in_flight\": "
            + maxInFlight
            + ", \"pool_exhausted\": false, "
            + "\"threads\": "
            + threads
            + "}");
  }

  /**
   * A send-lag log over the step's 12 seconds: each second 1000 sends, {@code late} of them 5 ms
   * late.
   */
  private static void sendLag(Path clientDir, int late) throws IOException {
    long[] second =
        LongStream.concat(
                LongStream.of(repeat(50, 1000 - late)), LongStream.of(repeat(5_000, late)))
            .toArray();
    try (YcsbStyleLogWriter w =
        new YcsbStyleLogWriter(
            clientDir.resolve("hdr").resolve(RunLayout.SEND_LAG_LOG), "SEND_LAG", T0)) {
      for (int i = 0; i < 12; i++) {
        w.interval(T0 + i * 1000L, T0 + (i + 1) * 1000L, second);
      }
    }
  }
}
