package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineBuilderTest {

  @TempDir
  Path tmp;

  @Test
  void noiseIsKTimesTheCoefficientOfVariationWithAFloor() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.90, 1.00, 1.10);

    JsonNode noise = Json.read(baseline.resolve(NoiseModel.FILE_NAME));

    JsonNode throughput = noise.path("noise").path("mongodb").path(Fixtures.CRUD).path("max_throughput");
    assertEquals(0.10, throughput.get("cv").asDouble(), 1e-4, "sd 0.1 / mean 1.0");
    assertEquals(0.30, throughput.get("threshold").asDouble(), 1e-4);
    assertEquals(3, throughput.get("runs").asInt());
    JsonNode p99 = noise.path("noise").path("redisjson").path(Fixtures.SEARCH).path("SEARCH.service.p99");
    assertEquals(0.30, p99.get("threshold").asDouble(), 1e-9);
    assertEquals(2, p99.get("steps").asInt());
    assertEquals(3, noise.get("runs").size());
    assertEquals(NoisePolicy.K_DEFAULT, noise.get("k").asDouble(), 1e-9);
  }

  @Test
  void identicalRunsGiveTheFloor() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 1.0, 1.0, 1.0);

    NoiseModel model = NoiseModel.load(baseline);

    assertEquals(NoisePolicy.THROUGHPUT_FLOOR, model.throughput("mongodb", Fixtures.CRUD).relative(), 1e-12);
    assertEquals(NoisePolicy.LATENCY_FLOOR,
        model.latency("mongodb", Fixtures.CRUD, "READ", "service", Percentile.P999).relative(), 1e-12);
    assertEquals(Threshold.Source.DEFAULT_NOT_MEASURED,
        model.latency("mongodb", Fixtures.CRUD, "DELETE", "service", Percentile.P50).source());
  }

  @Test
  void coefficientOfVariationAndMedian() {
    List<Double> quietStep = List.of(100.0, 101.0, 99.0);
    List<Double> noisyStep = List.of(100.0, 130.0, 70.0);
    assertTrue(Stats.coefficientOfVariation(noisyStep) > Stats.coefficientOfVariation(quietStep));
    assertEquals(0.30, Stats.coefficientOfVariation(noisyStep), 1e-9);
    assertEquals(100.0, Stats.median(noisyStep), 1e-9);
    assertEquals(115.0, Stats.median(List.of(100.0, 130.0)), 1e-9);
  }

  @Test
  void latencyNoiseIsThatOfTheNoisiestStep() throws Exception {
    List<Path> runs = List.of(Fixtures.set(tmp, "a", run -> run.stepLatencyScale(4, 0.8)),
        Fixtures.set(tmp, "b", run -> run), Fixtures.set(tmp, "c", run -> run.stepLatencyScale(4, 1.2)));
    Path out = tmp.resolve("baseline");
    BaselineBuilder.build(out, BaselineBuilder.load(runs), false, NoisePolicy.K_DEFAULT);

    JsonNode entry = Json.read(out.resolve(NoiseModel.FILE_NAME)).path("noise").path("mongodb")
        .path(Fixtures.CRUD).path("READ.intended.p50");

    assertEquals(0.2, entry.get("cv").asDouble(), 1e-9);
    assertEquals(0.6, entry.get("threshold").asDouble(), 1e-9);
    assertEquals("t4", entry.get("worst_step").asText());
  }

  @Test
  void copiesTheMedianRunOfEachWorkload() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 1.20, 0.80, 1.00);

    ResultsSet set = ResultsSet.load(baseline);
    JsonNode provenance = Json.read(baseline.resolve(BaselineBuilder.PROVENANCE));

    assertEquals(set.byWorkload().keySet(), Set.of(Fixtures.CRUD, Fixtures.SEARCH));
    assertEquals(4000 * Math.pow(4, 0.8), set.byWorkload().get(Fixtures.CRUD).maxThroughput("mongodb"), 0.1);
    assertTrue(provenance.path("picked").path(Fixtures.CRUD).get("run").asText().contains("rep-3"));
    assertTrue(Files.exists(set.byWorkload().get(Fixtures.CRUD).dir().resolve("mongodb/steps/01-t1/hdr/READ.hdr")));
  }

  @Test
  void lightCopyLeavesRawLogsOut() throws Exception {
    List<Path> runs = List.of(Fixtures.scaledSet(tmp, "a", 1), Fixtures.scaledSet(tmp, "b", 1),
        Fixtures.scaledSet(tmp, "c", 1));

    Path out = tmp.resolve("light");
    BaselineBuilder.build(out, BaselineBuilder.load(runs), true, NoisePolicy.K_DEFAULT);

    Path run = ResultsSet.load(out).byWorkload().get(Fixtures.CRUD).dir();
    assertTrue(Files.exists(run.resolve("mongodb/saturation.json")));
    assertFalse(Files.exists(run.resolve("mongodb/steps/01-t1/hdr")));
    assertFalse(Files.exists(run.resolve("mongodb/steps/01-t1/ycsb.out")));
  }

  @Test
  void needsThreeRuns() throws Exception {
    List<Path> runs = List.of(Fixtures.scaledSet(tmp, "a", 1), Fixtures.scaledSet(tmp, "b", 1));

    BadInputException e = assertThrows(BadInputException.class, () -> BaselineBuilder.load(runs));
    assertTrue(e.getMessage().contains("at least 3"), e.getMessage());
  }

  @Test
  void refusesANonEmptyTarget() throws Exception {
    List<Path> runs = List.of(Fixtures.scaledSet(tmp, "a", 1), Fixtures.scaledSet(tmp, "b", 1),
        Fixtures.scaledSet(tmp, "c", 1));
    Files.writeString(Files.createDirectories(tmp.resolve("out")).resolve("keep.txt"), "x");

    assertThrows(BadInputException.class,
        () -> BaselineBuilder.build(tmp.resolve("out"), BaselineBuilder.load(runs), false, 3));
    assertTrue(Files.exists(tmp.resolve("out/keep.txt")));
  }

  @Test
  void runsThatDoNotVerifyAreReported() throws Exception {
    List<Path> runs = List.of(Fixtures.scaledSet(tmp, "a", 1),
        Fixtures.set(tmp, "b", run -> run.differing("redisjson", 2)), Fixtures.scaledSet(tmp, "c", 1));

    List<String> problems = BaselineBuilder.verificationProblems(BaselineBuilder.load(runs));

    assertEquals(1, problems.size());
    assertTrue(problems.get(0).contains("redisjson: 2 of 1000"), problems.get(0));
  }

  @Test
  void medianPickerWeighsStoresEqually() throws Exception {
    ResultsRun slow = ResultsSet.load(FixtureRun.crud("w").throughputScale(0.5).writeTo(tmp.resolve("1")))
        .byWorkload().get("w");
    ResultsRun mid = ResultsSet.load(FixtureRun.crud("w").throughputScale(1.0).writeTo(tmp.resolve("2")))
        .byWorkload().get("w");
    ResultsRun fast = ResultsSet.load(FixtureRun.crud("w").throughputScale(1.6).writeTo(tmp.resolve("3")))
        .byWorkload().get("w");

    assertEquals(1, MedianRunPicker.pick(List.of(slow, mid, fast)));
    assertEquals(2, MedianRunPicker.pick(List.of(fast, slow, mid)));
  }
}
