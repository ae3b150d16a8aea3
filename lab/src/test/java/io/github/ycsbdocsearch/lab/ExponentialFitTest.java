package io.github.ycsbdocsearch.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbdocsearch.common.workload.ArrivalConfig;
import io.github.ycsbdocsearch.common.workload.ArrivalSchedule;
import io.github.ycsbdocsearch.resultsformat.fixtures.Oracles;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExponentialFitTest {

  @TempDir Path dir;

  /**
   * The gaps a queue sees when the suite's own schedule admits arrivals at their scheduled times.
   */
  private static long[] scheduledGaps(ArrivalConfig.Process process, int n) {
    ArrivalSchedule arrivals = new ArrivalSchedule(new ArrivalConfig(1000, process, 5, 1000));
    Mm1Queue queue = new Mm1Queue(1e6, new SplittableRandom(1), Stalls.NONE);
    for (int i = 0; i <= n; i++) {
      queue.admit(arrivals.claim(0).nanos());
    }
    return queue.gapsNanos();
  }

  @Test
  void distanceByHand() {
    // Gaps 1, 2, 3 (mean 2): F(1) = 1 - e^-0.5 = 0.3935 is the largest step from 0 (below the first
    // point).
    ExponentialFit fit = ExponentialFit.of(new long[] {3000, 1000, 2000});
    assertEquals(0.39347, fit.ksD(), 1e-5);
    assertEquals(2.0, fit.meanUs(), 1e-9);
    assertEquals(0.5, fit.cv(), 1e-9);
    assertThrows(IllegalArgumentException.class, () -> ExponentialFit.of(new long[] {5}));
    assertThrows(IllegalArgumentException.class, () -> ExponentialFit.of(new long[] {0, 0}));
  }

  /**
   * D and the CV against scipy.stats.kstest(gaps, "expon", args=(0, mean)) and numpy, computed once
   * by scripts/tests/oracles/make_oracles.py (fixture oracles/exponential-fit.json: 2 to 1000 gaps,
   * exponential, periodic with jitter and bursty), to 1e-12.
   */
  @Test
  void theDistanceIsScipysKolmogorovSmirnov() {
    for (JsonNode c : Oracles.cases("exponential-fit.json")) {
      long[] gaps =
          Arrays.stream(Oracles.doubles(c.get("gaps_ns"))).mapToLong(g -> (long) g).toArray();
      ExponentialFit fit = ExponentialFit.of(gaps);
      assertEquals(c.get("ks_d").asDouble(), fit.ksD(), 1e-12, gaps.length + " gaps");
      assertEquals(c.get("cv").asDouble(), fit.cv(), 1e-12, gaps.length + " gaps");
    }
  }

  @Test
  void poissonArrivalsFitAndPeriodicOnesDoNot() {
    long[] poisson = scheduledGaps(ArrivalConfig.Process.POISSON, 50_000);
    assertEquals(50_000, poisson.length, "one gap between each pair of arrivals");
    ExponentialFit p = ExponentialFit.of(poisson);
    assertFalse(p.rejected(), "the schedule's own Poisson gaps: " + p);
    assertEquals(1.0, p.cv(), 0.03);
    assertEquals(1000, p.meanUs(), 20);
    ExponentialFit u = ExponentialFit.of(scheduledGaps(ArrivalConfig.Process.UNIFORM, 5_000));
    assertTrue(u.rejected() && u.cv() < 0.01, "a fixed period is no Poisson process: " + u);
  }

  @Test
  void theFitIsWrittenAsJson() throws Exception {
    Path file = dir.resolve(Mm1DB.ARRIVALS_FIT_FILE);
    // 99 requests woken 50 µs after their completion and one 9 ms late: p99 50 µs, max 9 ms.
    Histogram late = new Histogram(3);
    late.recordValueWithCount(50, 99);
    late.recordValue(9_000);
    // The host held 990 requests 100 µs and 10 of them 5 ms.
    Histogram held = new Histogram(3);
    held.recordValueWithCount(100, 990);
    held.recordValueWithCount(5_000, 10);
    Mm1DB.writeArrivalsFit(
        scheduledGaps(ArrivalConfig.Process.POISSON, 10_000), late, held, 1000, file);
    JsonNode n = new ObjectMapper().readTree(file.toFile());
    assertEquals(10_000, n.path("gaps").asLong());
    assertEquals(100, n.path("completions").asLong());
    assertEquals(50, n.path("completion_late_p99_us").asLong());
    assertEquals(9_000, n.path("completion_late_max_us").asLong(), 9);
    assertFalse(n.path("exponential_rejected").asBoolean(true));
    assertEquals(1000, n.path("service_rate").asDouble());
    JsonNode buckets = n.path("host_delay");
    assertEquals(2, buckets.size(), "the empty buckets left out: " + buckets);
    assertEquals(990, buckets.get(0).path("count").asLong());
    assertEquals(10, buckets.get(1).path("count").asLong());
    // Each value lies in its bucket: above the previous upper end, at most its own (within 10 %).
    long first = buckets.get(0).path("up_to_us").asLong();
    long second = buckets.get(1).path("up_to_us").asLong();
    assertTrue(first >= 100 && first < 110, "100 µs in a bucket up to " + first);
    assertTrue(second >= 5_000 && second < 5_500, "5 ms in a bucket up to " + second);
    assertEquals(ExponentialFit.CRITICAL_5PCT, n.path("stephens_critical_5pct").asDouble());
    Mm1DB.writeArrivalsFit(
        new long[] {1}, new Histogram(3), new Histogram(3), 1000, dir.resolve("none.json"));
    assertFalse(dir.resolve("none.json").toFile().exists(), "one gap fits nothing");
  }
}
