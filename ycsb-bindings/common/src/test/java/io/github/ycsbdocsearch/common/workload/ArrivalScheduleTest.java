package io.github.ycsbdocsearch.common.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SetupException;
import java.util.Arrays;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The schedule on a virtual clock: {@code claim(now)} never waits, so nothing here depends on
 * timing.
 */
class ArrivalScheduleTest {
  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static ArrivalSchedule schedule(String... kv) {
    return new ArrivalSchedule(ArrivalConfig.fromProperties(props(kv)));
  }

  /** Arrival times, in nanoseconds from t0 = 1,000 (any start works: only differences matter). */
  private static long[] times(ArrivalSchedule s, int n) {
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      ArrivalSchedule.Arrival a = s.claim(1_000);
      assertEquals(i, a.index());
      t[i] = a.nanos() - 1_000;
    }
    return t;
  }

  @Test
  void theSameSeedGivesTheSameSequence() {
    long[] a = times(schedule(ArrivalConfig.RATE, "500", ArrivalConfig.SEED, "42"), 1000);
    long[] b = times(schedule(ArrivalConfig.RATE, "500", ArrivalConfig.SEED, "42"), 1000);
    long[] c = times(schedule(ArrivalConfig.RATE, "500", ArrivalConfig.SEED, "43"), 1000);
    assertEquals(0, a[0], "the schedule starts at the first claim");
    assertTrue(Arrays.equals(a, b));
    assertFalse(Arrays.equals(a, c));
    assertTrue(
        Arrays.equals(
            times(schedule(ArrivalConfig.RATE, "500"), 100),
            times(
                schedule(
                    ArrivalConfig.RATE, "500", ArrivalConfig.SEED, "" + ArrivalConfig.SEED_DEFAULT),
                100)));
  }

  /** Kolmogorov–Smirnov against Exp(rate) at the 5 % level: D below 1.36 / sqrt(n). */
  @Test
  void poissonGapsAreExponentialWithMeanOneOverRate() {
    int n = 20_000;
    double rate = 1000;
    long[] t = times(schedule(ArrivalConfig.RATE, "1000", ArrivalConfig.PROCESS, "poisson"), n + 1);
    double[] gaps = new double[n];
    for (int i = 0; i < n; i++) {
      gaps[i] = (t[i + 1] - t[i]) / 1e9;
      assertTrue(gaps[i] >= 0);
    }
    Arrays.sort(gaps);
    double d = 0;
    for (int i = 0; i < n; i++) {
      double cdf = 1 - Math.exp(-rate * gaps[i]);
      d = Math.max(d, Math.max(cdf - (double) i / n, (double) (i + 1) / n - cdf));
    }
    assertTrue(d < 1.36 / Math.sqrt(n), "KS statistic " + d);
    double mean = Arrays.stream(gaps).average().orElseThrow();
    assertEquals(1 / rate, mean, 0.03 / rate);
  }

  @Test
  void uniformArrivalsAreExactlyOnePeriodApart() {
    long[] t = times(schedule(ArrivalConfig.RATE, "1000", ArrivalConfig.PROCESS, "uniform"), 5000);
    for (int k = 0; k < t.length; k++) {
      assertEquals(k * 1_000_000L, t[k]);
    }
    // A period that is no whole number of nanoseconds: each arrival is rounded on its own, nothing
    // accumulates.
    long[] third = times(schedule(ArrivalConfig.RATE, "3", ArrivalConfig.PROCESS, "UNIFORM"), 5000);
    for (int k = 0; k < third.length; k++) {
      assertEquals(Math.round(k * (1e9 / 3)), third[k]);
    }
  }

  @Test
  void arrivalsDueButNeverClaimedAreCountedBySkipping() {
    ArrivalSchedule s = schedule(ArrivalConfig.RATE, "1000", ArrivalConfig.PROCESS, "uniform");
    assertEquals(
        0, s.skipDue(Long.MAX_VALUE, due -> {}), "nothing is due before the schedule starts");
    assertNull(s.start());
    times(s, 10); // arrivals 0..9 at 0..9 ms after t0 = 1,000 ns
    assertEquals(10, s.claimed());
    assertEquals(11, s.skipDue(1_000 + 20_000_000L, due -> {}), "arrivals 10..20 are due by 20 ms");
    assertEquals(21, s.claimed());
    assertEquals(0, s.skipDue(1_000 + 20_000_000L, due -> {}));
    assertEquals(21, s.claim(0).index());
  }

  @Test
  void peekingStartsTheScheduleAndShowsTheNextClaimWithoutHandingItOut() {
    ArrivalSchedule s = schedule(ArrivalConfig.RATE, "1000", ArrivalConfig.PROCESS, "uniform");
    assertEquals(5_000, s.peekNanos(5_000), "the first look starts the schedule: t0 = 5,000");
    assertNotNull(s.start());
    assertEquals(5_000, s.start().nanos());
    assertEquals(5_000, s.peekNanos(9_999_999), "peeking again moves nothing");
    assertEquals(0, s.claimed());
    assertEquals(new ArrivalSchedule.Arrival(0, 5_000), s.claim(7_000), "t0 stays the first look");
    assertEquals(5_000 + 1_000_000, s.peekNanos(0));
    assertEquals(new ArrivalSchedule.Arrival(1, 5_000 + 1_000_000), s.claim(0));
  }

  @Test
  void propertiesAndTheirDefaults() {
    assertFalse(ArrivalConfig.fromProperties(props()).paced());
    assertFalse(ArrivalConfig.fromProperties(props(ArrivalConfig.RATE, "0")).paced());
    ArrivalConfig c = ArrivalConfig.fromProperties(props(ArrivalConfig.RATE, " 250.5 "));
    assertTrue(c.paced());
    assertEquals(250.5, c.rateOps());
    assertEquals(ArrivalConfig.Process.POISSON, c.process());
    assertEquals(ArrivalConfig.SEED_DEFAULT, c.seed());
    assertEquals(1000, c.lagThresholdUs());
    ArrivalConfig u =
        ArrivalConfig.fromProperties(
            props(
                ArrivalConfig.RATE,
                "10",
                ArrivalConfig.PROCESS,
                "uniform",
                ArrivalConfig.SEED,
                "-7",
                ArrivalConfig.LAG_THRESHOLD_US,
                "250"));
    assertEquals(new ArrivalConfig(10, ArrivalConfig.Process.UNIFORM, -7, 250), u);
    assertThrows(
        IllegalArgumentException.class, () -> new ArrivalSchedule(ArrivalConfig.CLOSED_LOOP));
  }

  @Test
  void malformedPropertiesAreOneLineNamingPropertyAndValue() {
    String[][] cases = {
      {ArrivalConfig.RATE, "-1"},
      {ArrivalConfig.RATE, "fast"},
      {ArrivalConfig.RATE, "NaN"},
      {ArrivalConfig.RATE, "Infinity"},
      {ArrivalConfig.PROCESS, "bursty"},
      {ArrivalConfig.SEED, "0x12"},
      {ArrivalConfig.LAG_THRESHOLD_US, "-5"},
      {ArrivalConfig.LAG_THRESHOLD_US, "1.5"},
      {ArrivalConfig.RAMP_S, "-1"},
      {ArrivalConfig.RAMP_S, "soon"},
    };
    for (String[] kv : cases) {
      String msg =
          assertThrows(SetupException.class, () -> ArrivalConfig.fromProperties(props(kv)))
              .getMessage();
      assertTrue(
          msg.startsWith("property " + kv[0] + "='" + kv[1] + "' is malformed: expected "), msg);
      assertEquals(1, msg.lines().count(), msg);
    }
    SetupException negative =
        assertThrows(
            SetupException.class,
            () -> ArrivalConfig.fromProperties(props(ArrivalConfig.RATE, "-1")));
    assertEquals(
        "property docsearch.arrivals.rate='-1' is malformed: expected a rate in operations per"
            + " second, > 0 (0 or absent: no pacing)",
        negative.getMessage());
  }

  /**
   * A ramp of R seconds: after it, the schedule is the full-rate one shifted by R/2 (so the window
   * sees the configured process exactly); within it, half the full rate's arrivals (the rate rises
   * linearly), a quarter of them in its first half.
   */
  @Test
  void aRampRisesLinearlyThenIsTheFullRateScheduleShiftedByHalfTheRamp() {
    for (String process : new String[] {"uniform", "poisson"}) {
      long[] flat =
          times(schedule(ArrivalConfig.RATE, "1000", ArrivalConfig.PROCESS, process), 9000);
      long[] ramped =
          times(
              schedule(
                  ArrivalConfig.RATE,
                  "1000",
                  ArrivalConfig.PROCESS,
                  process,
                  ArrivalConfig.RAMP_S,
                  "4"),
              9000);
      long ramp = 4_000_000_000L;
      int inRamp = 0;
      int inFirstHalf = 0;
      for (int k = 0; k < ramped.length; k++) {
        if (ramped[k] < ramp) {
          inRamp++;
          inFirstHalf += ramped[k] < ramp / 2 ? 1 : 0;
          assertTrue(ramped[k] >= flat[k], process + ": a ramp only delays: " + k);
        } else {
          assertEquals(flat[k] + ramp / 2, ramped[k], 1, process + ": arrival " + k);
        }
      }
      // 2,000 expected in the ramp, 500 in its first half: exact for uniform, ~3 sigma for Poisson.
      assertEquals(2000, inRamp, 140, process);
      assertEquals(500, inFirstHalf, 70, process);
    }
    assertEquals(
        2.5,
        ArrivalConfig.fromProperties(props(ArrivalConfig.RATE, "5", ArrivalConfig.RAMP_S, "2.5"))
            .rampS());
    assertEquals(0, ArrivalConfig.fromProperties(props(ArrivalConfig.RATE, "5")).rampS());
  }
}
