package io.github.ycsbdocsearch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.SummaryJson;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both phases end to end on the simulated M/M/1 store ({@code mm1}, one server at 1,000 operations
 * per second): the closed-loop ramp finds a peak near the service rate, the latency curve offers
 * half of it (sustainable) and three times it (impossible: a single server cannot serve it, so
 * requests pile up unsent and the step is marked unsustained), the capacity search estimates the
 * rate between them from every window, and the harness floor runs at the curve's rates. The
 * objective is loose on purpose (p99 within 30 s: this machine is shared); under it the queue's
 * steady-state capacity is just under its service rate. A 4-second window cannot tell a queue a few
 * percent over its service rate from one just under it (its backlog grows by only a few dozen
 * requests a second), and a few such windows across its sharp rise leave the estimate loose, so the
 * test's bounds are wide. Its accuracy is proven on the simulated clock (CalibrationTest) and
 * measured by scripts/bench-known-answer.sh.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PhasesIT {
  private static final Duration LIMIT = Duration.ofMinutes(5);

  @TempDir static Path out;

  /**
   * The two tests' first sweeps, started together by {@link #startBothSweeps}: each spends its time
   * in real-time windows with its client at about a tenth of a CPU, so together they take about as
   * long as the longer one (one after the other: 110 s here on a loaded machine). Neither verdict
   * rests on the machine's speed: the first's objective is loose (p99 within 30 s), and the second
   * takes a harness floor the busy machine failed as well as one it passed.
   */
  private static CliRun searched;

  private static CliRun stalled;

  /**
   * The search's sweep: one ramp step (the peak is all the curve needs; ramps of several steps are
   * PeakDetectorTest's and the local stores' sweeps'), a 1 s floor (its verdict is not what is
   * tested here: 495 and 2,937 requests at its two rates, above the 239 a p99 pass needs), and
   * three probes: enough to show the search probes after the curve (the default 8 took 80 s here).
   * With one, a search on the simulated clock ended with an estimate in 79 % of seeds; with two in
   * all (1,000 seeds, these 4 s windows). The third is for a loaded machine, whose late sends can
   * make a probe client-limited: it counts in no estimate but spends a probe on the repeat, and
   * once that left the search no window between the passing 951/s and the failing 2,939/s (an
   * estimate of 1,426, interval open). Its convergence is tested on synthetic outcomes
   * (CapacitySearchTest) and measured by scripts/bench-known-answer.sh. The stalled one: 2 s
   * windows, since no rate meets its objective and a failing p99 is decided by far fewer requests
   * than 2 s bring (at 490/s, 980); its floor keeps 4 s, so that a busy machine's hiccup fails it
   * no more often than before (the first run then searches again itself, the test's other path).
   */
  @BeforeAll
  static void startBothSweeps() throws IOException {
    searched = mm1Sweep("searched", "0.5,3", 4, "1", "p99<=30s", "3");
    stalled = mm1Sweep("stalled", "0.5", 2, "4", "p99<=1ms", "1");
  }

  /** A sweep a failed test left running is stopped (one that ended ignores it). */
  @AfterAll
  static void stopSweeps() {
    for (CliRun run : new CliRun[] {searched, stalled}) {
      if (run != null) {
        run.terminate();
      }
    }
  }

  @Test
  void capacityIsSearchedUnderTheObjectiveAndAnImpossibleRateIsFlagged() throws Exception {
    assertEquals(0, searched.await(LIMIT), searched::stderr);
    RunFolder folder = RunFolder.read(searched.runDir());
    StoreRun store = folder.stores().get(0);
    List<StepSummary> load =
        store.summaries().stream().filter(s -> s.phase() == Phase.LOAD).toList();
    assertEquals(2, load.size(), "one step per load fraction");
    StepSummary half = load.get(0);
    StepSummary triple = load.get(1);
    assertEquals(0.5, half.offeredFraction());
    assertEquals(
        Boolean.TRUE, half.rateSustained(), "half the peak is sustainable: " + half.achievedPct());
    assertEquals(
        Boolean.FALSE,
        triple.rateSustained(),
        "three times the peak cannot be: " + triple.achievedPct());
    assertTrue(
        triple.pacing().unsent() > 0,
        "the requests a single server could not take were never sent");
    assertTrue(
        half.row("READ", LatencyKind.INTENDED, SummaryRow.OK).isPresent(),
        "fixed-rate steps have intended (coordinated-omission corrected) rows");
    assertTrue(
        store.summaries().stream()
            .filter(s -> s.phase() == Phase.RAMP)
            .allMatch(s -> s.row("READ", LatencyKind.INTENDED, SummaryRow.OK).isEmpty()),
        "closed-loop steps have no intended rows");
    assertEquals(
        2,
        store.summaries().stream().filter(s -> s.phase() == Phase.FLOOR).count(),
        "harness floor");
    StoreCapacity sat = store.capacity();
    assertNotNull(sat.peakOps());
    assertNotNull(sat.capacitySearch(), "the capacity comes from the search");
    assertEquals("estimate", sat.capacitySearch().ending(), sat.capacitySearch().reason());
    assertTrue(
        sat.capacitySearch().lo() <= sat.capacityOps()
            && (sat.capacitySearch().hi() == null
                || sat.capacityOps() <= sat.capacitySearch().hi()),
        "the capacity inside its interval: " + sat.capacitySearch().reason());
    // Four 4 s windows across the queue's sharp rise leave the estimate loose: once 447 ops/s,
    // below the curve's passing 498, with an interval from 0 to open (CapacityEstimatorTest
    // fourShortWindowsAcrossASharpRiseSayHowLittleTheyKnow holds that interval to the truth).
    // So the bounds are wide: well above nothing, and no more than 10 % over the service rate.
    String search = sat.capacitySearch().reason() + " " + sat.capacitySearch().probes();
    assertTrue(
        sat.capacityOps() >= 0.3 * half.targetOps() && sat.capacityOps() <= 1100,
        "from 0.3 of the passing half-peak rate to 10 % over the service rate: " + search);
    assertTrue(
        sat.capacitySearch().probes().stream().anyMatch(p -> p.step().endsWith("-probe")),
        "the search probed: " + sat.capacitySearch().probes());
    assertEquals("p99<=30s", sat.slo().text());
    assertNotNull(half.clientCpuCores(), "client CPU recorded per step");
    SummaryJson summary = SummaryJson.read(searched.runDir());
    assertFalse(summary.rows().isEmpty());
    assertTrue(
        summary.rows().stream()
            .anyMatch(r -> r.phase() == Phase.LOAD && "intended".equals(r.latencyKind())));
    assertEquals(
        "complete", folder.manifest().get("status").asText(), "the report sees the final status");
  }

  /**
   * A search that found nothing while the machine itself missed the objective runs once more. The
   * objective p99 <= 1 ms is beyond a 1,000/s M/M/1 server at any rate (its sojourn's p99 is at
   * least 4.6 ms), so the first search ends without a capacity. A machine's stall cannot be
   * produced on demand here (a frozen client JVM is rightly called client-limited on BasicDB, whose
   * calls take microseconds), so the test stands in for it in one file: the harness floor's verdict
   * is made a failure the client did not decide, as a stalled host leaves it, and the run resumed.
   * The resumed sweep keeps every step, reads that floor, and searches again with its own floor.
   */
  @Test
  @Order(1) // first: its resume then runs while the other test's sweep still does
  void aSearchThatFoundNothingWhileTheMachineStalledRunsOnceMore() throws Exception {
    assertEquals(0, stalled.await(LIMIT), stalled::stderr);
    StoreRun before = RunFolder.read(stalled.runDir()).stores().get(0);
    assertNull(before.capacity().capacityOps(), before.capacity().capacityReason());
    List<StoreRun.Step> floors =
        before.steps().stream().filter(s -> s.summary().phase() == Phase.FLOOR).toList();
    // On a loaded machine the no-op store itself can miss p99 <= 1 ms, and then this first run
    // already searched again (a second floor); resumed, it keeps every step. Either way the end is
    // the same: one second search, once (SearchAgainTest: only when the floor failed).
    assertTrue(floors.size() == 1 || floors.size() == 2, "floors: " + floors.size());
    stalledFloor(floors.get(0).dir().resolve("summary.json"));

    CliRun resumed =
        CliRun.start(out.resolve("logs"), Map.of(), "--resume", stalled.runDir().toString());
    assertEquals(0, resumed.await(LIMIT), resumed::stderr);
    StoreRun store = RunFolder.read(stalled.runDir()).stores().get(0);
    String why = store.capacity().capacityReason() + "\n" + resumed.stderr();
    assertTrue(
        store.capacity().capacityReason().contains("; searched again: the first search found no"),
        why);
    assertTrue(resumed.stderr().contains("searching again, once"), why);
    List<StepSummary> steps = store.summaries();
    assertEquals(1, steps.stream().filter(s -> s.phase() == Phase.LOAD).count(), why);
    assertEquals(
        2, steps.stream().filter(s -> s.phase() == Phase.FLOOR).count(), "a floor each: " + why);
    assertEquals(
        3,
        steps.stream().filter(s -> s.phase() == Phase.SEARCH).count(),
        "a probe, then the second search's curve point and probe, in phase search: " + why);
  }

  /**
   * Starts a sweep of the simulated store (μ = 1,000/s) with a ramp of 4 threads into its own
   * results folder {@code name}: load fractions, step seconds, floor seconds, objective and search
   * probes as given.
   */
  private static CliRun mm1Sweep(
      String name,
      String fractions,
      int stepSeconds,
      String floorSeconds,
      String slo,
      String probes)
      throws IOException {
    return CliRun.start(
        out.resolve("logs"),
        Map.of(),
        "workloadc",
        "--stores",
        "mm1",
        "-p",
        "mm1.service_rate=1000",
        "--threads",
        "4",
        "--step-seconds",
        Integer.toString(stepSeconds),
        "--warmup-seconds",
        "1",
        "--records",
        "200",
        "--load-fractions",
        fractions,
        "--floor-seconds",
        floorSeconds,
        "--slo",
        slo,
        "--search-probes",
        probes,
        "--out",
        out.resolve(name).toString());
  }

  /**
   * Makes a floor step's verdict what a stalled host leaves: usable, and failed on intended latency
   * and from the send alike (so not the client's).
   */
  private static void stalledFloor(Path summary) throws IOException {
    ObjectNode s = (ObjectNode) Json.MAPPER.readTree(summary.toFile());
    s.put("usable", true);
    s.putNull("unusable_reason");
    s.putNull("client_limit");
    ObjectNode objective = (ObjectNode) s.get("objective");
    objective.put("decision", "fail");
    objective.put("decision_from_send", "fail");
    for (JsonNode row : s.path("rows")) {
      if (row.has("usable")) {
        ((ObjectNode) row).put("usable", true);
        ((ObjectNode) row).putNull("unusable_reason");
      }
    }
    Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(summary.toFile(), s);
  }
}
