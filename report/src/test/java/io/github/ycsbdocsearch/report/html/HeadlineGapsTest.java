package io.github.ycsbdocsearch.report.html;

import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.T0;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.repeat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.report.charts.PeakWords;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.RampShape;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each way a headline number goes missing, or is only a bound, says so in words taken from the
 * run's files.
 */
class HeadlineGapsTest {

  @TempDir Path dir;

  private StoreRun store(String capacity, String... steps) throws IOException {
    Path run = dir.resolve("run");
    RunFixture.manifest(run, "{\"run_id\": \"r\"}\n");
    Path store = run.resolve("mongodb");
    for (String step : steps) {
      String[] f = step.split(" ");
      Path stepDir = store.resolve("steps/" + f[0]);
      long target = f[0].contains("-r") ? Long.parseLong(f[0].replaceAll(".*-r(\\d+).*", "$1")) : 0;
      RunFixture.stepJson(
          stepDir,
          "mongodb",
          Integer.parseInt(f[0].substring(0, 2)),
          4,
          target,
          0,
          2,
          f[2],
          "\"phase\": \"" + f[1] + "\", ");
      RunFixture.log(stepDir, "READ", T0, times(2, repeat(100, 50)));
    }
    if (capacity != null) {
      Files.createDirectories(store);
      Files.writeString(store.resolve("capacity.json"), capacity);
    }
    RunFixture.summarizeSteps(run);
    return RunFolder.read(run).stores().get(0);
  }

  @Test
  void aStoreWhoseStepFailedHasNoResultAndSaysWhichStep() throws IOException {
    StoreRun s = store(null, "01-t1 capacity complete", "02-t2 capacity failed");
    assertEquals("no result: step 02-t2 failed", HeadlineGaps.missingCapacity(s));
    assertEquals("no result: step 02-t2 failed", HeadlineGaps.missingPeak(s));
  }

  /** A search whose one window, the curve's at 450 ops/s, failed. */
  private StoreRun everyProbeFailed() throws IOException {
    return store(
        "{\"format\": 4, \"peak_ops\": 900, \"capacity_ops\": null, \"capacity_search\": {\"lo\":"
            + " null, \"probes\": [{\"step\": \"02-t4-r450\", \"rate_ops\": 450, \"reason\":"
            + " \"curve\", \"outcome\": \"fail\"}]}}",
        "01-t1 capacity complete",
        "02-t4-r450 load complete");
  }

  @Test
  void aSearchWhoseProbesAllFailedHasNoCapacity() throws IOException {
    StoreRun s = everyProbeFailed();
    assertEquals("no capacity: no probe passed", HeadlineGaps.missingCapacity(s));
    assertNull(HeadlineGaps.missingPeak(s));
    assertNull(PeakWords.bound(s));
  }

  @Test
  void aCapacityTheClientCappedIsALowerBoundNamingTheClient() throws IOException {
    StoreRun s =
        store(
            "{\"format\": 4, \"peak_ops\": 900, \"peak_lower_bound\": true, \"capacity_ops\": 400,"
                + " \"capacity_search\": {\"lo\": 400, \"hi\": 800, \"lower_bound\": true,"
                + " \"probes\": [{\"step\": \"02-t4-r400\", \"rate_ops\": 400, \"reason\":"
                + " \"curve\", \"outcome\": \"pass\"}, {\"step\": \"03-t4-r800\", \"rate_ops\":"
                + " 800, \"reason\": \"curve\", \"outcome\": \"client_limited\"}]}}",
            "01-t1 capacity complete",
            "02-t4-r400 load complete");
    assertNull(HeadlineGaps.missingCapacity(s));
    assertEquals("lower bound: client-limited", HeadlineGaps.capacityBound(s));
    assertEquals("lower bound: still growing", PeakWords.bound(s));
  }

  /**
   * A ramp whose steps, by folder name (e.g. {@code 05-t16}), had these throughputs and 95 %
   * intervals ({ops, lo, hi}): each step's summary.json rewritten with them.
   */
  private StoreRun ramp(String capacity, List<String> steps, double[]... opsLoHi) throws Exception {
    store(capacity, steps.stream().map(st -> st + " capacity complete").toArray(String[]::new));
    for (int i = 0; i < steps.size(); i++) {
      Path stepDir = dir.resolve("run/mongodb/steps/" + steps.get(i));
      ObjectNode node = (ObjectNode) Json.MAPPER.valueToTree(StepSummary.read(stepDir));
      node.put("threads", Integer.parseInt(steps.get(i).replaceAll(".*-t", "")));
      node.put("throughput_ops", opsLoHi[i][0]);
      node.putArray("throughput_ci95").add(opsLoHi[i][1]).add(opsLoHi[i][2]);
      AtomicFiles.writeJson(stepDir.resolve(RunLayout.STEP_SUMMARY), node);
    }
    return RunFolder.read(dir.resolve("run")).stores().get(0);
  }

  /** Issue 44's Elasticsearch ramp: 5,434, then 5,047 and 4,808 ops/s, all within noise. */
  private static final double[][] PLATEAU = {
    {5434, 5000, 5868}, {5047, 4300, 5800}, {4808, 3900, 5750}
  };

  private static final List<String> T16_T32_T64 = List.of("05-t16", "06-t32", "07-t64");

  private static final String PLATEAU_WORDS =
      "plateau: throughput fell at 32 and 64 threads, within noise of the peak";

  /** capacity.json with a peak of 5,434 ops/s at 16 threads, flagged a lower bound or not. */
  private static String peakAt16Threads(boolean lowerBound, String more) {
    return "{\"format\": 4, \"peak_ops\": 5434, \"peak_step\": \"05-t16\", \"peak_lower_bound\": "
        + lowerBound
        + more
        + "}";
  }

  @Test
  void lastStepsWithinNoiseOfThePeakAreAPlateauWhereAnOldFileFlaggedThemStillGrowing()
      throws Exception {
    StoreRun old =
        ramp(
            peakAt16Threads(
                true,
                ", \"reason\": \"all 7 planned steps ran; throughput was still growing at the"
                    + " last step\""),
            T16_T32_T64,
            PLATEAU);
    assertEquals(PLATEAU_WORDS, PeakWords.bound(old));
    assertEquals("plateau", PeakWords.chartLabel(old));
    assertFalse(RampShape.peakLowerBound(old), "the client-need table reads it so too");
  }

  @Test
  void lastStepsWithinNoiseOfThePeakAreAPlateau() throws Exception {
    StoreRun now = ramp(peakAt16Threads(false, ""), T16_T32_T64, PLATEAU);
    assertEquals(PLATEAU_WORDS, PeakWords.bound(now));
    assertNull(HeadlineGaps.peakInterrupted(now));
  }

  @Test
  void aRampRisingAtItsLastStepIsStillGrowing() throws Exception {
    StoreRun rising =
        ramp(
            peakAt16Threads(true, ""),
            List.of("04-t8", "05-t16"),
            new double[] {4500, 4450, 4550},
            new double[] {5434, 5350, 5520});
    assertEquals("lower bound: still growing", PeakWords.bound(rising));
    assertEquals("lower bound: still growing", PeakWords.chartLabel(rising));
    assertTrue(RampShape.peakLowerBound(rising));
  }

  @Test
  void aPeakTheRampClearlyFellFromNeedsNoWords() throws Exception {
    StoreRun fell =
        ramp(
            peakAt16Threads(false, ""),
            T16_T32_T64,
            new double[] {5434, 5400, 5468},
            new double[] {4000, 3950, 4050},
            new double[] {3900, 3850, 3950});
    assertNull(PeakWords.bound(fell));
  }

  @Test
  void aRampInterruptedLeavesALowerBoundPeakAndNoCapacity() throws IOException {
    StoreRun s =
        store(
            "{\"format\": 4, \"peak_ops\": 900, \"capacity_ops\": null}",
            "01-t1 capacity complete",
            "02-t2 capacity interrupted");
    assertEquals("no result: interrupted at step 02-t2", HeadlineGaps.missingCapacity(s));
    assertEquals("lower bound: interrupted at step 02-t2", HeadlineGaps.peakInterrupted(s));
  }

  @Test
  void aRunWithoutFixedRateStepsSaysSo() throws IOException {
    StoreRun s =
        store(
            "{\"format\": 4, \"peak_ops\": 900, \"capacity_ops\": null}",
            "01-t1 capacity complete");
    assertEquals("no capacity: no fixed-rate step ran", HeadlineGaps.missingCapacity(s));
  }

  /**
   * A fixed-rate step under p99 <= 10 ms (index 3 of the run): 1 s of warm-up, then 3 s with every
   * READ 300 µs from its send and 12 ms from its intended start, {@code perSecond} a second.
   */
  private void lateStep(String phase, String step, int threads, long rate, int perSecond)
      throws IOException {
    Path stepDir = dir.resolve("run/mongodb/steps/" + step);
    RunFixture.stepJson(
        stepDir,
        "mongodb",
        3,
        threads,
        rate,
        1,
        3,
        "complete",
        "\"phase\": \""
            + phase
            + "\", \"open_loop\": {\"arrivals\": \"poisson\", \"seed\": 1,"
            + " \"lag_threshold_us\": 1000, \"slo\": \"p99<=10ms\", \"slo_percentile\": 0.99,"
            + " \"slo_bound_us\": 10000}, ");
    RunFixture.log(stepDir, "READ", T0, times(4, repeat(300, perSecond)));
    RunFixture.log(stepDir, "Intended-READ", T0, times(4, repeat(12_000, perSecond)));
    RunFixture.summarizeSteps(dir.resolve("run"));
  }

  /** The rate in a step's name: "450" of "02-t4-r450". */
  private static String rate(String step) {
    return step.replaceAll(".*-r(\\d+).*", "$1");
  }

  /** A format-4 capacity.json of a store without a capacity, with these windows. */
  private static String format4(String capacity, String ending, String clientLimit, String... w) {
    StringBuilder probes = new StringBuilder();
    for (String window : w) {
      String[] f = window.split(" ", 3);
      probes
          .append(probes.length() == 0 ? "" : ", ")
          .append("{\"step\": \"")
          .append(f[0])
          .append("\", \"rate_ops\": ")
          .append(rate(f[0]))
          .append(", \"reason\": \"curve\", \"outcome\": \"")
          .append(f[1])
          .append("\", \"seconds\": 15, \"requests\": 1000, \"over\": ")
          // Of 1,000 requests over the bound: 0.5 % in a window that passed; in one that failed,
          // 5 % and a tenth of a point more per ops/s (450 ops/s: 9.5 %, 24 ops/s: 5.2 %).
          .append("pass".equals(f[1]) ? 5 : 50 + Long.parseLong(rate(f[0])) / 10)
          .append(", \"client_limit\": ")
          .append(f.length > 2 ? "\"" + f[2] + "\"" : "null")
          .append("}");
    }
    return "{\"format\": 4, \"peak_ops\": 900, \"capacity_ops\": "
        + capacity
        + ", \"capacity_search\": {\"lo\": null, \"hi\": null, \"lower_bound\": "
        + ending.startsWith("lower_bound")
        + ", \"ending\": \""
        + ending
        + "\", \"client_limit\": "
        + (clientLimit == null ? "null" : "\"" + clientLimit + "\"")
        + ", \"probes\": ["
        + probes
        + "]}}";
  }

  @Test
  void aSearchWhoseClientLimitedEveryWindowSaysSoWithTheClientsReason() throws IOException {
    StoreRun s =
        store(
            format4(
                "null",
                "none",
                null,
                "02-t4-r450 client_limited client CPU 0.95 of 1 CPUs (JIT compiler left out)",
                "03-t4-r225 client_limited client CPU 0.93 of 1 CPUs (JIT compiler left out)"),
            "01-t1 capacity complete",
            "02-t4-r450 load complete");
    assertEquals(
        "no capacity: the client limited every window (client CPU 0.95 of 1 CPUs (JIT compiler"
            + " left out))",
        HeadlineGaps.missingCapacity(s));
  }

  @Test
  void aSearchWhoseWindowsAllFailedSaysHowLowItWent() throws IOException {
    StoreRun s =
        store(
            format4("null", "none", null, "02-t4-r450 fail", "03-t4-r24 fail"),
            "01-t1 capacity complete",
            "02-t4-r450 load complete");
    assertEquals(
        "no capacity: every window failed the objective, down to 24 ops/s; the fewest over the"
            + " bound: 5.2 % of requests at 24 ops/s",
        HeadlineGaps.missingCapacity(s));
  }

  @Test
  void noCapacityGivesTheLatencyOfTheWindowThatCameNearest() throws IOException {
    store(
        format4("null", "none", null, "02-t4-r450 fail", "03-t4-r24 fail"),
        "01-t1 capacity complete",
        "02-t4-r450 load complete");
    // The 24 ops/s probe's own step, 100 requests a second (enough samples for a p99;
    // HdrHistogram's bucket makes 12 ms 12.01 ms).
    lateStep("search", "03-t4-r24", 4, 24, 100);
    StoreRun s = RunFolder.read(dir.resolve("run")).stores().get(0);
    assertEquals(
        "no capacity: every window failed the objective, down to 24 ops/s; the fewest over the"
            + " bound: 5.2 % of requests at 24 ops/s (p99 12.01 ms, READ)",
        HeadlineGaps.missingCapacity(s));
  }

  @Test
  void aClientLowerBoundNamesTheRateAndTheReasonOfTheClient() throws IOException {
    StoreRun s =
        store(
            format4(
                "450",
                "lower_bound_client",
                "client CPU 0.95 of 1 CPUs (JIT compiler left out)",
                "02-t4-r450 pass",
                "03-t4-r900 client_limited client CPU 0.95 of 1 CPUs (JIT compiler left out)",
                "04-t4-r700 client_limited client CPU 0.94 of 1 CPUs (JIT compiler left out)"),
            "01-t1 capacity complete",
            "02-t4-r450 load complete");
    assertNull(HeadlineGaps.missingCapacity(s));
    assertEquals("client lower bound: the client limited 700 ops/s", HeadlineGaps.capacityBound(s));
    assertEquals("client CPU 0.95 of 1 CPUs (JIT compiler left out)", HeadlineGaps.clientReason(s));
  }

  @Test
  void eachOtherEndingSaysWhyTheCapacityIsOnlyABound() throws IOException {
    String[][] cases = {
      {"lower_bound_top", "lower bound: the top of the search range passed"},
      {"lower_bound_budget", "lower bound: the budget ended before a rate failed"},
      {"below_range", "extrapolated below every rate measured"},
      {"estimate", null}
    };
    for (String[] c : cases) {
      StoreRun s =
          store(
              format4("450", c[0], null, "02-t4-r450 pass"),
              "01-t1 capacity complete",
              "02-t4-r450 load complete");
      assertEquals(c[1], HeadlineGaps.capacityBound(s), c[0]);
      assertNull(HeadlineGaps.clientReason(s), c[0]);
    }
  }

  @Test
  void aStoreWithoutCapacityOnAMachineThatStalledSaysTheMachineStalled() throws IOException {
    StoreRun s = everyProbeFailed();
    assertEquals("no capacity: no probe passed", HeadlineGaps.missingCapacity(s));
    // The harness floor at 1,000 ops/s: BasicDB failed the objective, so the machine did.
    lateStep("floor", "03-t8-r1000", 8, 1000, 1000);
    StoreRun stalled = RunFolder.read(dir.resolve("run")).stores().get(0);
    assertEquals(
        "no capacity: no probe passed; but the machine itself stalled: the harness floor (BasicDB,"
            + " no store) failed p99<=10ms too in 1 of its 1 windows (worst: 100.0 % of requests"
            + " over the bound at 1,000 ops/s), so this run cannot tell the store's failures from"
            + " the machine's; run it again on a quiet machine",
        HeadlineGaps.missingCapacity(stalled));
  }
}
