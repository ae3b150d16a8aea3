package io.github.ycsbdocsearch.resultsformat;

import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.T0;
import static io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture.range;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbdocsearch.resultsformat.fixtures.RunFixture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SoakSummaryTest {
  @TempDir Path dir;

  /**
   * A 150-second soak after 2 s of warm-up: 300 requests a second of 1..300 µs, except the last 15
   * seconds, which take 600 requests a second of 1001..1600 µs.
   */
  private Path soakStep() throws IOException {
    Path step = dir.resolve("09-t40-r500-soak");
    RunFixture.stepJson(
        step,
        "redisjson",
        9,
        40,
        500,
        2,
        150,
        "complete",
        "\"phase\": \"soak\", " + "\"offered_fraction\": 0.7, ");
    long[][] seconds = new long[152][];
    for (int i = 0; i < seconds.length; i++) {
      seconds[i] = i < 137 ? range(1, 300) : range(1001, 1600);
    }
    RunFixture.log(step, "READ", T0, seconds);
    RunFixture.log(step, "Intended-READ", T0, seconds);
    StepEvents.write(
        step,
        List.of(
            new StepEvents.Event(10, "redisjson", "aof_rewrite", ""),
            new StepEvents.Event(70, "redisjson", "aof_rewrite", ""),
            new StepEvents.Event(71, "redisjson", "rdb_save", "")));
    return step;
  }

  @Test
  void minutesDriftAndEventsOfASoak() throws IOException {
    SoakSummary s = SoakSummary.of(soakStep());
    assertEquals(150.0, s.windowS(), 1e-9);
    assertEquals(3, s.minutes().size(), "two whole minutes and half of one");
    SoakSummary.Minute first = s.minutes().get(0);
    assertEquals(60.0, first.seconds(), 1e-9);
    assertEquals(300.0, first.throughputOps(), 1e-9);
    assertEquals(18_000, first.requests());
    assertEquals(297, first.p99Us(), "the p99 of 60 copies of 1..300 µs");
    SoakSummary.Minute last = s.minutes().get(2);
    assertEquals(30.0, last.seconds(), 1e-9);
    assertEquals(1600, last.maxUs());
    // Tenths of 15 s: the first all 1..300 µs at 300/s, the last all 1001..1600 µs at 600/s.
    assertEquals(15.0, s.drift().tenthS(), 1e-9);
    assertEquals(300.0, s.drift().firstThroughputOps(), 1e-9);
    assertEquals(600.0, s.drift().lastThroughputOps(), 1e-9);
    assertEquals(100.0, s.drift().throughputChangePct(), 1e-9);
    assertEquals(297, s.drift().firstP99Us());
    Histogram lastTenth = new Histogram(3);
    for (long v = 1001; v <= 1600; v++) {
      lastTenth.recordValueWithCount(v, 15);
    }
    long lastP99 = lastTenth.getValueAtPercentile(99);
    assertEquals(lastP99, s.drift().lastP99Us());
    assertEquals(Math.round(1000.0 * lastP99 / 297) / 1000.0, s.drift().p99Ratio(), 1e-9);
    assertEquals(Map.of("aof_rewrite", 2, "rdb_save", 1), s.events());
    assertEquals(0.7, s.offeredFraction(), 1e-9);
    assertNull(s.dataSet(), "the runner adds the data set");
  }

  @Test
  void writtenAndReadBack() throws IOException {
    SoakSummary s =
        SoakSummary.of(soakStep())
            .withDataSet(
                new SoakSummary.DataSet(10, 12, 1000, 1300, "memory", 2, 1024, true, true));
    s.writeTo(dir);
    assertEquals(s, SoakSummary.readOptional(dir));
    assertNull(SoakSummary.readOptional(dir.resolve("nowhere")));
  }
}
