package io.github.ycsbdocsearch.resultsformat;

import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.T0;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.range;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.repeat;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepTimeSeriesTest {

  @TempDir Path dir;

  /**
   * One warm-up second, then three measured seconds of 400 READs each, the second of them slow (a
   * stall), with two failed READs in the last: the warm-up is left out, each second has its own
   * throughput and intended latency.
   */
  @Test
  void eachMeasuredSecondHasItsThroughputAndIntendedLatency() throws IOException {
    RunFixture.stepJson(dir, "mongodb", 5, 4, 400, 1, 3, "complete", "\"phase\": \"load\", ");
    RunFixture.log(
        dir, "READ", T0, repeat(50, 400), repeat(100, 400), repeat(100, 400), repeat(100, 400));
    RunFixture.log(
        dir,
        "Intended-READ",
        T0,
        repeat(90_000, 400),
        range(1, 400),
        repeat(20_000, 400),
        range(1, 400));
    RunFixture.log(
        dir, "Intended-READ-FAILED", T0, new long[0], new long[0], new long[0], repeat(70_000, 2));
    StepTimeSeries series = StepTimeSeries.read(dir);
    assertEquals(1, series.warmupS());
    List<StepTimeSeries.Second> s = series.seconds();
    assertEquals(List.of(0.5, 1.5, 2.5), s.stream().map(StepTimeSeries.Second::timeS).toList());
    assertEquals(
        List.of(400.0, 400.0, 400.0),
        s.stream().map(StepTimeSeries.Second::throughputOps).toList());
    assertEquals(200, s.get(0).p50Us(), 2);
    assertEquals(396, s.get(0).p99Us(), 2);
    assertEquals(20_000, s.get(1).maxUs(), 20);
    assertEquals(402, s.get(2).requests());
    assertEquals(70_000, s.get(2).maxUs(), 70);
    assertEquals(3.0, series.endS());
  }

  /**
   * A READ-MODIFY-WRITE counts once, not three times; a second of 150 requests has a p50 but no p99
   * (299).
   */
  @Test
  void composedOperationsCountOnceAndUnsupportedPercentilesAreNull() throws IOException {
    RunFixture.stepJson(dir, "mongodb", 5, 4, 100, 0, 1, "complete", "\"phase\": \"load\", ");
    for (String op : List.of("READ-MODIFY-WRITE", "READ", "UPDATE")) {
      RunFixture.log(dir, op, T0, repeat(100, 50));
      RunFixture.log(dir, "Intended-" + op, T0, repeat(100, 50));
    }
    List<StepTimeSeries.Second> s = StepTimeSeries.read(dir).seconds();
    assertEquals(1, s.size());
    assertEquals(50.0, s.get(0).throughputOps());
    assertEquals(150, s.get(0).requests());
    assertEquals(100, s.get(0).p50Us(), 1);
    assertNull(s.get(0).p99Us());
  }

  @Test
  void aClosedLoopStepHasThroughputButNoIntendedLatency() throws IOException {
    RunFixture.stepJson(dir, "mongodb", 1, 1, 0, 0, 2, "complete", "\"phase\": \"capacity\", ");
    RunFixture.log(dir, "READ", T0, times(2, range(1, 100)));
    StepTimeSeries series = StepTimeSeries.read(dir);
    assertTrue(series.seconds().stream().allMatch(s -> s.maxUs() == null));
    assertNull(series.seconds().get(0).p50Us());
    assertEquals(
        List.of(100.0, 100.0),
        series.seconds().stream().map(StepTimeSeries.Second::throughputOps).toList());
  }
}
