package io.github.ycsbdocsearch.sweep.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.Phase;
import io.github.ycsbdocsearch.sweep.cli.Command;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.OptionsParser;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepSpecTest {

  private static RunPlan options(String... args) {
    Command c = new OptionsParser(Path.of("../").toAbsolutePath().normalize()).parse(args);
    return ((Command.Run) c).options();
  }

  @Test
  void folderNamesFollowTheResultsFormat() {
    assertEquals("01-t1", StepSpec.ramp(1, 1).dirName());
    assertEquals("03-t4", StepSpec.ramp(3, 4).dirName());
    assertEquals("02-t16-r6000", new StepSpec(2, Phase.RATES, 16, 6000, null).dirName());
    assertEquals("12-t16-r6000-floor", new StepSpec(12, Phase.FLOOR, 16, 6000, null).dirName());
    assertEquals("100-t64", StepSpec.ramp(100, 64).dirName());
  }

  @Test
  void rejectsImpossibleSteps() {
    assertThrows(IllegalArgumentException.class, () -> StepSpec.ramp(0, 1));
    assertThrows(IllegalArgumentException.class, () -> StepSpec.ramp(1, 0));
    assertThrows(IllegalArgumentException.class, () -> new StepSpec(1, Phase.LOAD, 1, 0, 0.5));
    assertThrows(IllegalArgumentException.class, () -> new StepSpec(1, Phase.RAMP, 1, 10, null));
  }

  @Test
  void theDefaultRunSearchesCapacityThenOffersFractionsOfThePeak() {
    RunPlan o = options("workloada", "--stores", "basicdb", "--max-threads", "8");
    assertEquals(
        List.of("01-t1", "02-t2", "03-t4", "04-t8"),
        StepPlanner.ramp(o).stream().map(StepSpec::dirName).toList());
    assertTrue(StepPlanner.rates(o, 4).isEmpty());
    List<StepSpec> load = StepPlanner.curve(o, 2000, 4);
    assertEquals(Defaults.LOAD_FRACTIONS.size(), load.size());
    // 500 ops/s under p99<=10ms: 5 in flight at the bound, twice that plus the least pool of 8.
    assertEquals("05-t18-r500", load.get(0).dirName(), "the pool from Little's law at the bound");
    assertEquals(0.25, load.get(0).offeredFraction());
    assertEquals(2000, load.get(load.size() - 1).targetOps(), "100 % of the peak");
    assertTrue(load.stream().allMatch(s -> s.phase() == Phase.LOAD));
    List<StepSpec> floor = StepPlanner.floor(load, 13);
    assertEquals("14-t18-r500-floor", floor.get(0).dirName());
    assertEquals(
        Defaults.MIN_LOAD_THREADS + 1,
        StepPlanner.poolThreads(1, o.slo()),
        "the least pool, plus one");
    assertEquals(StepPlanner.MAX_POOL_THREADS, StepPlanner.poolThreads(1_000_000, o.slo()));
  }

  @Test
  void labelsSayWhatTheFractionIsOf() {
    assertEquals(
        "load t=18 @500/s (25% of peak)", new StepSpec(5, Phase.LOAD, 18, 500, 0.25).label());
    assertEquals(
        "search t=18 @700/s (35% of peak)", new StepSpec(9, Phase.SEARCH, 18, 700, 0.35).label());
    // Soak and fault steps run at a share of the capacity the search found, not of the closed-loop
    // peak.
    assertEquals(
        "fault t=40 @5318/s (70% of capacity)",
        new StepSpec(19, Phase.FAULT, 40, 5318, 0.7).label());
    assertEquals(
        "fault_control t=40 @5318/s (70% of capacity)",
        new StepSpec(18, Phase.FAULT_CONTROL, 40, 5318, 0.7).label());
    assertEquals(
        "soak t=14 @300/s (70% of capacity)", new StepSpec(18, Phase.SOAK, 14, 300, 0.7).label());
    assertEquals("rates t=4 @250/s", new StepSpec(1, Phase.RATES, 4, 250, null).label());
  }

  @Test
  void explicitRatesAloneKeepTheirMeaning() {
    RunPlan o =
        options("workloada", "--stores", "basicdb", "--threads", "4,8", "--rates", "250,6000");
    assertTrue(StepPlanner.ramp(o).isEmpty(), "--rates alone: no ramp");
    assertEquals(
        List.of("01-t4-r250", "02-t4-r6000", "03-t8-r250", "04-t8-r6000"),
        StepPlanner.rates(o, 0).stream().map(StepSpec::dirName).toList());
    RunPlan auto = options("workloada", "--stores", "basicdb", "--rates", "100");
    assertEquals(Defaults.RATE_THREADS, StepPlanner.rates(auto, 0).get(0).threads());
    RunPlan both =
        options("workloada", "--stores", "basicdb", "--rates", "100", "--load-fractions", "0.5");
    assertEquals(
        Defaults.MAX_THREADS == 64 ? 7 : StepPlanner.ramp(both).size(),
        StepPlanner.ramp(both).size());
  }
}
