package io.github.ycsbdocsearch.resultsformat.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.Mm1Arrivals.DelayBucket;
import java.util.List;
import org.junit.jupiter.api.Test;

class Mm1HostTruthTest {
  /** μ = 1,000/s, p99 ≤ 20 ms: the closed form 1000 − ln(100)/0.02. */
  private static final double CLOSED_FORM = 1000 - Math.log(100) / 0.020;

  @Test
  void noDelayGivesTheClosedForm() {
    Double c = Mm1HostTruth.capacity(1000, 0.99, 20_000, List.of(new DelayBucket(0, 5_000)));
    assertEquals(CLOSED_FORM, c, 0.01);
    assertEquals(769.74, c, 0.01);
  }

  @Test
  void aConstantDelayShortensTheBound() {
    // Every request held 4 ms: the sojourn has 16 ms, so λ* = 1000 − ln(100)/0.016.
    Double c = Mm1HostTruth.capacity(1000, 0.99, 20_000, List.of(new DelayBucket(4_000, 100)));
    assertEquals(1000 - Math.log(100) / 0.016, c, 0.01);
  }

  @Test
  void aRareLongDelayCostsLessThanAConstantOne() {
    // 1 % of requests held 4 ms and the rest not at all: between the two closed forms.
    Double c =
        Mm1HostTruth.capacity(
            1000, 0.99, 20_000, List.of(new DelayBucket(0, 99), new DelayBucket(4_000, 1)));
    assertTrue(c < CLOSED_FORM && c > 1000 - Math.log(100) / 0.016, "between: " + c);
    // At it, the share over the bound is the allowance.
    assertEquals(
        0.01,
        Mm1HostTruth.shareOver(
            1000, c, 20_000, List.of(new DelayBucket(0, 99), new DelayBucket(4_000, 1))),
        1e-9);
  }

  @Test
  void delaysBeyondTheAllowanceLeaveNoCapacity() {
    // 2 % of requests held past the bound: no rate meets p99 ≤ 20 ms.
    Double c =
        Mm1HostTruth.capacity(
            1000, 0.99, 20_000, List.of(new DelayBucket(0, 98), new DelayBucket(25_000, 2)));
    assertEquals(0.0, c);
  }

  @Test
  void noDelaysRecordedIsNoAnswer() {
    assertNull(Mm1HostTruth.capacity(1000, 0.99, 20_000, List.of()));
    assertNull(Mm1HostTruth.capacity(1000, 0.99, 20_000, null));
  }
}
