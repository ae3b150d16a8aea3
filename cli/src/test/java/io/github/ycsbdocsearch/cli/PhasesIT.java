package io.github.ycsbdocsearch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.SummaryJson;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
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
class PhasesIT {
  private static final Duration LIMIT = Duration.ofMinutes(5);

  @TempDir Path out;

  // Two probes: enough to show the search probes after the curve (the default 8 took 80 s here);
  // its convergence is
  // tested on synthetic outcomes (CapacitySearchTest) and measured by
  // scripts/bench-known-answer.sh.
  @Test
  void capacityIsSearchedUnderTheObjectiveAndAnImpossibleRateIsFlagged() throws Exception {
    CliRun run =
        CliRun.start(
            out.resolve("logs"),
            Map.of(),
            "workloadc",
            "--stores",
            "mm1",
            "-p",
            "mm1.service_rate=1000",
            "--threads",
            "2,4",
            "--step-seconds",
            "4",
            "--warmup-seconds",
            "1",
            "--records",
            "200",
            "--load-fractions",
            "0.5,3",
            "--floor-seconds",
            "2",
            "--slo",
            "p99<=30s",
            "--search-probes",
            "2",
            "--out",
            out.resolve("results").toString());
    assertEquals(0, run.await(LIMIT), run::stderr);
    RunFolder folder = RunFolder.read(run.runDir());
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
    assertEquals("p99<=30s", sat.slo());
    assertNotNull(half.clientCpuCores(), "client CPU recorded per step");
    SummaryJson summary = SummaryJson.read(run.runDir());
    assertFalse(summary.rows().isEmpty());
    assertTrue(
        summary.rows().stream()
            .anyMatch(r -> r.phase() == Phase.LOAD && "intended".equals(r.latencyKind())));
    assertEquals(
        "complete", folder.manifest().get("status").asText(), "the report sees the final status");
  }
}
