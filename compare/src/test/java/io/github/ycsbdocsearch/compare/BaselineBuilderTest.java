package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineBuilderTest {

  @TempDir Path tmp;

  private static StepKey step(ResultsRun run, String store, String label) {
    return run.steps(store).keySet().stream()
        .filter(k -> k.label().equals(label))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void noiseJsonHoldsTheHeadlineSpreadsAndASpreadPerStepAndMetric() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.90, 1.00, 1.10);

    JsonNode noise = Json.readObject(baseline.resolve(NoiseModel.FILE_NAME));

    assertEquals(NoiseFile.FORMAT, noise.get("format").asInt());
    JsonNode mongo = noise.path("noise").path("mongodb").path(Fixtures.CRUD);
    assertEquals(0.10, mongo.path("capacity_ops").get("cv").asDouble(), 0.002, "sd 0.1 / mean 1.0");
    assertEquals(0.10, mongo.path("peak_ops").get("cv").asDouble(), 0.002);
    assertEquals(3, mongo.path("capacity_ops").get("runs").asInt());
    assertEquals(Set.of("t1", "t4", "load-50%", "load-90%"), fieldNames(mongo.path("steps")));
    assertEquals(
        0.10,
        mongo.path("steps").path("load-90%").path("READ.intended.p99").get("cv").asDouble(),
        0.002);
    assertTrue(
        mongo.path("steps").path("t1").path("READ.intended.p99").isMissingNode(),
        "no intended latency in a closed loop");
    assertEquals(3, noise.get("runs").size());
  }

  private static Set<String> fieldNames(JsonNode node) {
    Set<String> names = new TreeSet<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void identicalRunsGiveTheFloor() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 1.0, 1.0, 1.0);
    ResultsRun run = ResultsSet.load(baseline).byWorkload().get(Fixtures.CRUD);

    NoiseModel model = NoiseModel.load(baseline);

    assertEquals(
        NoisePolicy.THROUGHPUT_FLOOR,
        model
            .throughput("mongodb", Fixtures.CRUD, NoisePolicy.CAPACITY_METRIC, 0.05, 100)
            .relative(),
        1e-12);
    assertEquals(
        NoisePolicy.LATENCY_FLOOR,
        model
            .latency(
                "mongodb",
                Fixtures.CRUD,
                step(run, "mongodb", "t4"),
                "READ",
                LatencyKind.SERVICE,
                Percentile.P99,
                0.05,
                100)
            .relative(),
        1e-12);
    assertEquals(
        Threshold.Source.DEFAULT_NOT_MEASURED,
        model
            .latency(
                "mongodb",
                Fixtures.CRUD,
                step(run, "mongodb", "t4"),
                "DELETE",
                LatencyKind.SERVICE,
                Percentile.P50,
                0.05,
                100)
            .source());
  }

  @Test
  void eachStepKeepsItsOwnSpread() throws Exception {
    List<Path> runs =
        List.of(
            Fixtures.set(tmp, "a", run -> run.stepLatencyScale("mongodb", "t4", 0.8)),
            Fixtures.set(tmp, "b", run -> run),
            Fixtures.set(tmp, "c", run -> run.stepLatencyScale("mongodb", "t4", 1.2)));
    Path out = tmp.resolve("baseline");
    BaselineBuilder.build(out, BaselineBuilder.load(runs), false);
    ResultsRun run = ResultsSet.load(out).byWorkload().get(Fixtures.CRUD);

    JsonNode steps =
        Json.readObject(out.resolve(NoiseModel.FILE_NAME))
            .path("noise")
            .path("mongodb")
            .path(Fixtures.CRUD)
            .path("steps");
    assertEquals(
        0.2,
        steps.path("t4").path("READ.service.p50").get("cv").asDouble(),
        0.002,
        "the step's own");
    assertEquals(0.0, steps.path("t1").path("READ.service.p50").get("cv").asDouble(), 0.002);
    NoiseModel model = NoiseModel.load(out);
    Threshold noisy =
        model.latency(
            "mongodb",
            Fixtures.CRUD,
            step(run, "mongodb", "t4"),
            "READ",
            LatencyKind.SERVICE,
            Percentile.P50,
            0.05,
            100);
    Threshold quiet =
        model.latency(
            "mongodb",
            Fixtures.CRUD,
            step(run, "mongodb", "t1"),
            "READ",
            LatencyKind.SERVICE,
            Percentile.P50,
            0.05,
            100);

    // The p50 pool: READ and UPDATE, service at 4 steps and intended at 2: 12 spreads, two of them
    // 0.2 (t4);
    // pooled^2 = 2 x 0.04 / 12. Moderated with 4 prior degrees of freedom against the step's own 2.
    double pooled = 2 * 0.04 / 12;
    assertEquals(Math.sqrt((4 * pooled + 2 * 0.04) / 6), noisy.cv(), 0.002);
    assertEquals(Math.sqrt(4 * pooled / 6), quiet.cv(), 0.002);
    double t = NoisePolicy.multiplier(0.05, 100, 6);
    assertEquals(t * Math.sqrt(2) * noisy.cv(), noisy.relative(), 1e-12);
    assertTrue(quiet.relative() < noisy.relative());
  }

  @Test
  void aFormat1NoiseFileStillGivesOneSpreadForEveryStep() throws Exception {
    Path dir = FixtureRun.crud(Fixtures.CRUD).writeTo(tmp.resolve("bl"));
    Files.writeString(
        dir.resolve(NoiseModel.FILE_NAME),
        "{\"format\": 1, \"runs\": [\"a\", \"b\", \"c\"], \"noise\":"
            + " {\"mongodb\": {\""
            + Fixtures.CRUD
            + "\": {\"max_throughput\": {\"cv\": 0.04, \"runs\": 3, \"threshold\": 0.12},"
            + " \"READ.service.p99\": {\"cv\": 0.1, \"runs\": 3, \"threshold\": 0.3,"
            + " \"worst_step\": \"t4\"}}}}}");
    ResultsRun run = ResultsSet.load(dir).byWorkload().get(Fixtures.CRUD);

    NoiseModel model = NoiseModel.load(dir);

    assertEquals(1, model.format());
    assertEquals(
        0.04,
        model.throughput("mongodb", Fixtures.CRUD, NoisePolicy.PEAK_METRIC, 0.05, 1).cv(),
        1e-12);
    Threshold t1 =
        model.latency(
            "mongodb",
            Fixtures.CRUD,
            step(run, "mongodb", "t1"),
            "READ",
            LatencyKind.SERVICE,
            Percentile.P99,
            0.05,
            1);
    assertEquals(Threshold.Source.MEASURED_ALL_STEPS, t1.source());
    assertEquals(NoisePolicy.multiplier(0.05, 1, 6) * Math.sqrt(2) * 0.1, t1.relative(), 1e-12);
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
  void copiesTheMedianRunOfEachWorkload() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 1.20, 0.80, 1.00);

    ResultsSet set = ResultsSet.load(baseline);
    JsonNode provenance = Json.readObject(baseline.resolve(BaselineBuilder.PROVENANCE));

    assertEquals(set.byWorkload().keySet(), Set.of(Fixtures.CRUD, Fixtures.SEARCH));
    assertTrue(provenance.path("picked").path(Fixtures.CRUD).get("run").asText().contains("rep-3"));
    ResultsRun picked = set.byWorkload().get(Fixtures.CRUD);
    assertEquals(600 * Math.pow(4, 0.8), Headline.of(picked, "mongodb").peak(), 2.0);
    assertTrue(Files.exists(picked.dir().resolve("mongodb/steps/01-t1/hdr/READ.hdr")));
  }

  @Test
  void lightCopyLeavesRawLogsOut() throws Exception {
    List<Path> runs =
        List.of(
            Fixtures.scaledSet(tmp, "a", 1),
            Fixtures.scaledSet(tmp, "b", 1),
            Fixtures.scaledSet(tmp, "c", 1));

    Path out = tmp.resolve("light");
    BaselineBuilder.build(out, BaselineBuilder.load(runs), true);

    Path run = ResultsSet.load(out).byWorkload().get(Fixtures.CRUD).dir();
    assertTrue(Files.exists(run.resolve("mongodb/capacity.json")));
    assertTrue(Files.exists(run.resolve("mongodb/steps/01-t1/summary.json")));
    assertFalse(Files.exists(run.resolve("mongodb/steps/01-t1/hdr")));
  }

  @Test
  void needsThreeRuns() throws Exception {
    List<Path> runs = List.of(Fixtures.scaledSet(tmp, "a", 1), Fixtures.scaledSet(tmp, "b", 1));

    BadInputException e = assertThrows(BadInputException.class, () -> BaselineBuilder.load(runs));
    assertTrue(e.getMessage().contains("at least 3"), e.getMessage());
  }

  @Test
  void refusesANonEmptyTarget() throws Exception {
    List<Path> runs =
        List.of(
            Fixtures.scaledSet(tmp, "a", 1),
            Fixtures.scaledSet(tmp, "b", 1),
            Fixtures.scaledSet(tmp, "c", 1));
    Files.writeString(Files.createDirectories(tmp.resolve("out")).resolve("keep.txt"), "x");

    assertThrows(
        BadInputException.class,
        () -> BaselineBuilder.build(tmp.resolve("out"), BaselineBuilder.load(runs), false));
    assertTrue(Files.exists(tmp.resolve("out/keep.txt")));
  }

  @Test
  void runsThatDoNotVerifyAreReported() throws Exception {
    List<Path> runs =
        List.of(
            Fixtures.scaledSet(tmp, "a", 1),
            Fixtures.set(tmp, "b", run -> run.differing("redisjson", 2)),
            Fixtures.scaledSet(tmp, "c", 1));

    List<String> problems = BaselineBuilder.verificationProblems(BaselineBuilder.load(runs));

    assertEquals(1, problems.size());
    assertTrue(problems.get(0).contains("redisjson: 2 of 1000"), problems.get(0));
  }

  @Test
  void medianPickerWeighsStoresEqually() throws Exception {
    ResultsRun slow =
        ResultsSet.load(FixtureRun.crud("w").throughputScale(0.5).writeTo(tmp.resolve("1")))
            .byWorkload()
            .get("w");
    ResultsRun mid =
        ResultsSet.load(FixtureRun.crud("w").throughputScale(1.0).writeTo(tmp.resolve("2")))
            .byWorkload()
            .get("w");
    ResultsRun fast =
        ResultsSet.load(FixtureRun.crud("w").throughputScale(1.6).writeTo(tmp.resolve("3")))
            .byWorkload()
            .get("w");

    assertEquals(1, MedianRunPicker.pick(List.of(slow, mid, fast)));
    assertEquals(2, MedianRunPicker.pick(List.of(fast, slow, mid)));
  }
}
