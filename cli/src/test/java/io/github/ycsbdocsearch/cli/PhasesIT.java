package io.github.ycsbdocsearch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.Saturation;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
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
 * Both phases end to end with YCSB's BasicDB made slow ({@code basicdb.simulatedelay}: each operation sleeps up to
 * 2 ms, so a thread manages about 1,000 per second): the capacity search finds a peak, the load phase offers half
 * of it (sustainable, fast) and three times it (impossible: must be marked unsustained and never chosen), the
 * harness floor runs at the same rates, and the capacity is the half-peak rate under the objective. The objective
 * is loose on purpose (this machine is shared and its client has one CPU): the three-times step meets it too, so
 * the test shows that an unsustained step is never the capacity, whatever its latency.
 */
class PhasesIT {
  private static final Duration LIMIT = Duration.ofMinutes(4);

  @TempDir
  Path out;

  @Test
  void capacityIsTheSustainedRateUnderTheObjectiveAndAnImpossibleRateIsFlagged() throws Exception {
    CliRun run = CliRun.start(out.resolve("logs"), Map.of(), CliRun.TINY_WORKLOAD.toString(), "--stores",
        "basicdb", "--threads", "2,4", "--step-seconds", "4", "--warmup-seconds", "1", "--records", "200",
        "--load-fractions", "0.5,3", "--floor-seconds", "2", "--slo", "p99<=30s", "-p",
        "basicdb.simulatedelay=2", "--out", out.resolve("results").toString());
    assertEquals(0, run.await(LIMIT), run::stderr);
    RunFolder folder = RunFolder.read(run.runDir());
    StoreRun store = folder.stores().get(0);
    List<StepSummary> load = store.summaries().stream().filter(s -> s.phase() == Phase.LOAD).toList();
    assertEquals(2, load.size(), "one step per load fraction");
    StepSummary half = load.get(0);
    StepSummary triple = load.get(1);
    assertEquals(0.5, half.offeredFraction());
    assertEquals(Boolean.TRUE, half.rateSustained(), "half the peak is sustainable: " + half.achievedPct());
    assertEquals(Boolean.FALSE, triple.rateSustained(), "three times the peak cannot be: " + triple.achievedPct());
    assertTrue(half.row("READ", LatencyKind.INTENDED, SummaryRow.OK).isPresent(),
        "fixed-rate steps have intended (coordinated-omission corrected) rows");
    assertTrue(store.summaries().stream().filter(s -> s.phase() == Phase.CAPACITY)
        .allMatch(s -> s.row("READ", LatencyKind.INTENDED, SummaryRow.OK).isEmpty()),
        "closed-loop steps have no intended rows");
    assertEquals(2, store.summaries().stream().filter(s -> s.phase() == Phase.FLOOR).count(), "harness floor");
    Saturation sat = store.saturation();
    assertNotNull(sat.peakOps());
    assertEquals((double) half.targetOps(), sat.capacityOps(), "capacity: the sustained rate within the objective");
    assertEquals(half.step(), sat.capacityStep());
    assertEquals("p99<=30s", sat.slo());
    assertNotNull(half.clientCpuCores(), "client CPU recorded per step");
    SummaryJson summary = SummaryJson.read(run.runDir());
    assertFalse(summary.rows().isEmpty());
    assertTrue(summary.rows().stream().anyMatch(r -> r.phase() == Phase.LOAD && "intended".equals(r.latencyKind())));
    assertEquals("complete", folder.manifest().get("status").asText(), "the report sees the final status");
  }
}
