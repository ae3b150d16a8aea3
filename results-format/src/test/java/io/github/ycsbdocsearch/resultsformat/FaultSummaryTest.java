package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.analysis.FaultAnalysis;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture;
import io.github.ycsbdocsearch.resultsformat.fixtures.FaultFixture.Second;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault steps of {@link FaultFixture}: in the fault step the kill comes 5.2 s into the window;
 * seconds 5, 6 and 7 have no success, only failures that waited 0.5 s (50 READs and 20 UPDATEs
 * each); seconds 8 and 9 serve the backlog at 50 ms; from second 10 on the store is back to normal.
 */
class FaultSummaryTest {

  @TempDir Path dir;

  private Path faultStep(IntFunction<Second> kind) throws IOException {
    return FaultFixture.faultStep(dir.resolve("redisjson"), kind);
  }

  private Path controlStep() throws IOException {
    return FaultFixture.controlStep(dir.resolve("redisjson"));
  }

  /** Intended latency of {@code n} normal seconds, as HdrHistogram merges them. */
  private static Histogram normal(int n) {
    Histogram h = new Histogram(3);
    for (long v = 1; v <= 300; v++) {
      h.recordValueWithCount(v, n);
    }
    h.recordValueWithCount(100, 100L * n);
    return h;
  }

  @Test
  void anOutageOfThreeSecondsAndARecoveryFiveSecondsLater() throws IOException {
    FaultSummary s = FaultAnalysis.of(faultStep(FaultFixture::outage), controlStep());
    assertEquals("07-t40-r400-fault", s.step());
    assertEquals("06-t40-r400-control", s.controlStep());
    assertEquals(400, s.targetOps());
    assertEquals(5.2, s.killAtS(), 1e-9, "the kill on the step's own time axis, by absolute time");
    assertEquals(4.8, s.dueAtS(), 1e-9, "its due time on the same axis: 0.4 s before the kill");
    assertEquals(5, s.afterKillFromS(), "figures after the kill start at the kill's whole second");
    assertEquals(1, s.resolutionS());
    assertEquals(15.2, s.restartAtS(), 1e-9, "back_at_ms less the recover's wait");
    assertEquals(16.5, s.backAtS(), 1e-9);
    assertEquals(3, s.longestGapS());
    assertEquals(5.0, s.longestGapAtS());
    assertEquals(3150L, s.longestAckGapMs());

    FaultSummary.Operations read = s.fault().operations().get("READ");
    assertEquals(new FaultSummary.Operations(17 * 300, 150, 12 * 300, 150), read);
    assertEquals(
        new FaultSummary.Operations(17 * 100, 60, 12 * 100, 60),
        s.fault().operations().get("UPDATE"));
    assertEquals(List.of("READ", "UPDATE"), List.copyOf(s.fault().operations().keySet()));

    long p99 = normal(5).getValueAtPercentile(99);
    assertEquals(p99, s.preFaultP99Us());
    assertEquals(2 * p99, s.recoveryBoundUs());
    assertEquals(Boolean.TRUE, s.recovered());
    assertFalse(s.notRecovered());
    assertEquals(4.8, s.recoveryS(), 1e-9, "second 10 starts the first three recovered seconds");

    FaultSummary.Spectrum before = s.fault().beforeKill();
    assertEquals(5 * 400, before.count());
    assertEquals(p99, before.p99Us());
    FaultSummary.Spectrum after = s.fault().afterKill();
    assertEquals(
        3 * 70 + 12 * 400, after.count(), "the failures and every request after the kill's second");
    Histogram slowest = new Histogram(3);
    slowest.recordValue(500_000);
    assertEquals(slowest.getMaxValue(), after.maxUs());
    assertEquals(20.0, s.fault().windowS(), 1e-9);

    FaultSummary.StepFigures control = s.control();
    assertEquals("06-t40-r400-control", control.step());
    assertEquals(5 * 400, control.beforeKill().count());
    assertEquals(15 * 400, control.afterKill().count(), "the same offsets in the control step");
    assertEquals(normal(15).getValueAtPercentile(99), control.afterKill().p99Us());
    assertEquals(
        new FaultSummary.Operations(20 * 300, 0, 15 * 300, 0), control.operations().get("READ"));

    assertEquals(2, s.ackedWrites().lost());
    assertEquals("none (AOF fsync always)", s.durability().mayLose());
    assertEquals(7001, s.node().port());
    assertEquals(List.of(7001), s.recover().restarted());
  }

  @Test
  void aClientThatNeverRecoversWithinTheStepHasNoRecoveryTime() throws IOException {
    FaultSummary s =
        FaultAnalysis.of(
            faultStep(i -> i >= 5 && i <= 7 ? Second.DOWN : i > 7 ? Second.SLOW : Second.NORMAL),
            null);
    assertEquals(Boolean.FALSE, s.recovered());
    assertTrue(s.notRecovered());
    assertNull(s.recoveryS());
    assertNull(s.control(), "no control step");
    assertEquals("06-t40-r400-control", s.controlStep(), "the name fault.json gave");
    assertEquals(3, s.longestGapS());
  }

  /**
   * Good again from second 8, down once more at 13: the recovery is the run that holds to the end,
   * from 14, not the first three good seconds (8 to 10).
   */
  @Test
  void aRelapseIsNotARecoveryTheRunThatHoldsIs() throws IOException {
    FaultSummary s =
        FaultAnalysis.of(
            faultStep(i -> i >= 5 && i <= 7 || i == 13 ? Second.DOWN : Second.NORMAL),
            controlStep());
    assertEquals(Boolean.TRUE, s.recovered());
    assertEquals(14 - 5.2, s.recoveryS(), 1e-9);
    FaultSummary.ScheduledSecond down = s.scheduledSeconds().get(13);
    assertEquals(Boolean.FALSE, down.good());
    assertEquals(70, down.failed(), "the failures are due where they were sent");
    assertEquals(Boolean.TRUE, s.scheduledSeconds().get(14).good());
  }

  /**
   * Requests that completed in seconds 8 and 9 after waiting 2.5 s count in the seconds they were
   * due (5 and 6): the seconds they completed in hold no request due, so the recovery starts at 10.
   */
  @Test
  void requestsThatWaitedCountWhereTheyWereDue() throws IOException {
    FaultSummary s =
        FaultAnalysis.of(
            faultStep(
                i ->
                    i >= 5 && i <= 7
                        ? Second.DOWN
                        : i == 8 || i == 9 ? Second.WAITED : Second.NORMAL),
            controlStep());
    assertEquals(0, s.scheduledSeconds().get(8).requests());
    assertTrue(s.scheduledSeconds().get(5).requests() > 70, "the waiting ones are due at 5");
    assertEquals(10 - 5.2, s.recoveryS(), 1e-9);
  }

  @Test
  void aStoreThatStaysDownUntilTheEndHasItsGapToTheEnd() throws IOException {
    FaultSummary s =
        FaultAnalysis.of(
            faultStep(i -> i >= 5 ? Second.DOWN : Second.NORMAL), dir.resolve("no-such-step"));
    assertEquals(15, s.longestGapS());
    assertNull(s.recoveryS());
    assertEquals(
        new FaultSummary.Operations(5 * 300, 15 * 50, 0, 15 * 50),
        s.fault().operations().get("READ"));
  }

  @Test
  void writtenAndReadBackAsDocumented() throws IOException {
    FaultSummary s = FaultAnalysis.of(faultStep(FaultFixture::outage), controlStep());
    Path store = dir.resolve("redisjson");
    s.writeTo(store);
    assertEquals(s, FaultSummary.read(store).orElseThrow());
    assertTrue(FaultSummary.read(dir.resolve("nowhere")).isEmpty());
    JsonNode json = Json.readObject(store.resolve(RunLayout.FAULT_SUMMARY));
    assertEquals(
        List.of(
            "step",
            "control_step",
            "spec",
            "kind",
            "at_s",
            "down_s",
            "target_ops",
            "node",
            "recover",
            "resolution_s",
            "due_at_s",
            "kill_at_s",
            "restart_at_s",
            "back_at_s",
            "after_kill_from_s",
            "longest_gap_s",
            "longest_gap_at_s",
            "longest_ack_gap_ms",
            "pre_fault_p99_us",
            "recovery_bound_us",
            "recovered",
            "recovery_s",
            "fault",
            "control",
            "acked_writes",
            "durability",
            "control_acked_writes",
            "scheduled_seconds"),
        fieldNames(json));
    assertEquals(
        List.of("count", "p50_us", "p90_us", "p99_us", "p999_us", "max_us"),
        fieldNames(json.path("fault").path("after_kill")));
    assertEquals(
        List.of("succeeded", "failed", "succeeded_after_kill", "failed_after_kill"),
        fieldNames(json.path("fault").path("operations").path("READ")));
  }

  @Test
  void aFaultRecordWithoutTheKillTimeIsRejected() throws IOException {
    Path step = faultStep(FaultFixture::outage);
    new FaultSummary.FaultRecord(
            "kill-primary@5",
            "kill-primary",
            5,
            10,
            null,
            null,
            null,
            null,
            "no primary found",
            null,
            null,
            null,
            null,
            null)
        .writeTo(step);
    assertThrows(ResultsFormatException.class, () -> FaultAnalysis.of(step, null));
  }

  /**
   * Two clients each sending half: their logs are merged second by second, the kill placed on the
   * common axis.
   */
  @Test
  void severalClientsAreMergedOnTheirCommonTimeAxis() throws IOException {
    Path one = faultStep(FaultFixture::outage);
    Path step = dir.resolve("two/07-t40-r400-fault");
    Files.createDirectories(step);
    Files.copy(one.resolve("step.json"), step.resolve("step.json"));
    Files.copy(one.resolve("fault.json"), step.resolve("fault.json"));
    for (int c = 0; c < 2; c++) {
      Path hdr = RunLayout.clientDir(step, c).resolve(RunLayout.HDR_DIR);
      Files.createDirectories(hdr);
      try (var logs = Files.list(one.resolve(RunLayout.HDR_DIR))) {
        for (Path log : logs.toList()) {
          Files.copy(log, hdr.resolve(log.getFileName()));
        }
      }
    }
    FaultSummary s = FaultAnalysis.of(step, null);
    assertEquals(5.2, s.killAtS(), 1e-9);
    assertEquals(
        new FaultSummary.Operations(2 * 17 * 300, 300, 2 * 12 * 300, 300),
        s.fault().operations().get("READ"));
    assertEquals(3, s.longestGapS());
    assertEquals(4.8, s.recoveryS(), 1e-9);
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /**
   * The errors per second the fault view draws: each operation's failures in the second they were
   * reported, 50 READs and 20 UPDATEs in each second of the outage and none elsewhere; the control
   * step, which logged no failure, has its operations at 0 throughout.
   */
  @Test
  void failuresPerSecondByOperationComeFromTheFailedLogs() throws IOException {
    Map<String, List<StepHistograms.IntervalRate>> fault =
        FaultAnalysis.failuresPerSecond(faultStep(FaultFixture::outage));
    assertEquals(List.of("READ", "UPDATE"), List.copyOf(fault.keySet()));
    for (String op : fault.keySet()) {
      List<StepHistograms.IntervalRate> seconds = fault.get(op);
      assertEquals(20, seconds.size(), op);
      for (int i = 0; i < 20; i++) {
        StepHistograms.IntervalRate r = seconds.get(i);
        assertEquals(i + 0.5, r.timeS(), 1e-9);
        double down = op.equals("READ") ? 50 : 20;
        assertEquals(i >= 5 && i <= 7 ? down : 0, r.perSecond(), 1e-9, op + " second " + i);
      }
    }
    Map<String, List<StepHistograms.IntervalRate>> control =
        FaultAnalysis.failuresPerSecond(controlStep());
    assertEquals(List.of("READ", "UPDATE"), List.copyOf(control.keySet()));
    assertTrue(
        control.values().stream().flatMap(List::stream).allMatch(r -> r.perSecond() == 0),
        "no failure in the control step");
  }
}
