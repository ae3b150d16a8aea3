package io.github.ycsbdocsearch.sweep.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.sweep.search.BackgroundCycles.Event;
import io.github.ycsbdocsearch.sweep.search.BackgroundCycles.Observed;
import io.github.ycsbdocsearch.sweep.search.CapacityEstimator.Estimate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The split estimate on windows whose parts are known exactly: clean seconds with no request over
 * the bound, and events whose block holds a known count over it. The capacity is then where the
 * events' frequency times their cost reaches the allowance, which the test computes by hand.
 */
class SplitEstimatorTest {
  private static final CapacityEstimator.Settings SETTINGS =
      new CapacityEstimator.Settings(0.01, 5, 0.35, 200, 30);

  /** Seconds of traffic over the bound per event at 500 ops/s, in proportion to the rate. */
  private static final double COST_AT_500 = 0.3;

  /**
   * A window of {@code seconds} at {@code rate}, clean but for events of {@code kind} at {@code
   * times}: each puts {@code COST_AT_500 x rate / 500 x rate} requests over the bound in the second
   * it was seen in.
   */
  private static Observed window(
      String step, double rate, int seconds, String kind, double... times) {
    long[] n = new long[seconds];
    long[] k = new long[seconds];
    List<Event> events = new ArrayList<>();
    for (int i = 0; i < seconds; i++) {
      n[i] = Math.round(rate);
    }
    for (double t : times) {
      k[(int) Math.floor(t)] += Math.round(COST_AT_500 * rate / 500 * rate);
      events.add(new Event(kind, t));
    }
    RateWindow w =
        new RateWindow(step, rate, seconds, List.of(new RateWindow.OpSeconds("READ", n, k)), null);
    return new Observed(w, seconds, events);
  }

  /** Window {@code w} with {@code over} requests over the bound per second and {@code events}. */
  private static Observed withOver(RateWindow w, long[] over, List<Event> events) {
    RateWindow.OpSeconds op = w.ops().get(0);
    RateWindow out =
        new RateWindow(
            w.step(),
            w.rateOps(),
            w.seconds(),
            List.of(new RateWindow.OpSeconds(op.op(), op.requests(), over)),
            null);
    return new Observed(out, w.seconds(), events);
  }

  private static Estimate estimate(List<Observed> steps) {
    Estimate pooled =
        CapacityEstimator.estimate(steps.stream().map(Observed::window).toList(), SETTINGS, false);
    return SplitEstimator.estimate(steps, SETTINGS, pooled);
  }

  @Test
  void windowsWithoutEventsKeepThePooledEstimate() {
    List<Observed> steps = new ArrayList<>();
    for (double rate : new double[] {400, 500, 600, 700}) {
      steps.add(new Observed(Windows.of("s" + rate, rate, 30, Windows.mm1(rate), null), 30, null));
    }
    Estimate pooled =
        CapacityEstimator.estimate(steps.stream().map(Observed::window).toList(), SETTINGS, false);
    Estimate e = SplitEstimator.estimate(steps, SETTINGS, pooled);
    assertSame(pooled, e);
    assertNull(e.split());
    assertNull(e.split(), "the pooled estimate");
  }

  /**
   * A stall on a timer every 30 s costing 0.3 s of traffic at 500 ops/s: the share over the bound
   * is (1/30) x 0.3 x rate/500, the allowance's 1 % at exactly 500 ops/s. Windows of 60 s at rates
   * on both sides, each holding two stalls 30 s apart: the split finds the cycle, the cost and the
   * capacity, where each window's own share (0.83-1.2 %) would pass or fail by its rate alone.
   */
  @Test
  void aStallOnATimerIsCostedAndCountedAtItsCycle() {
    List<Observed> steps = new ArrayList<>();
    int i = 0;
    for (double rate : new double[] {420, 460, 480, 520, 540, 580}) {
      steps.add(window("s" + i++, rate, 60, "stall", 12.3, 42.3));
    }
    Estimate e = estimate(steps);
    assertNotNull(e.split(), "the split estimate");
    assertEquals(500, e.capacity(), 5, "capacity");
    assertTrue(e.lo() < 500 && e.hi() > 500, "the interval holds it: " + e.lo() + "-" + e.hi());
    ShareSplit.Split s = e.split();
    assertNotNull(s);
    ShareSplit.KindPart k = s.kinds().get(0);
    assertEquals("stall", k.kind());
    assertEquals(ShareSplit.Trigger.TIME, k.trigger());
    assertEquals(30, k.periodAtCapacityS(), 0.01, "the cycle from the gaps inside the steps");
    assertEquals(COST_AT_500, k.costSeconds(), 0.01, "the cost per stall at the capacity");
    assertEquals(150, k.overPerEvent(), 2, "0.3 s of 500 ops/s over the bound per stall");
    assertEquals(0.01, k.shareAtCapacity(), 2e-4);
    assertEquals(0, s.cleanAtCapacity(), 1e-4, "nothing over between stalls");
    assertEquals(12, k.costed(), "every stall lay wholly inside its window");
    assertArrayEquals(new int[] {-1, 1}, new int[] {k.blockFromS(), k.blockToS()});
    ShareSplit.WindowPart first = s.windows().get(0);
    assertEquals(56, first.cleanSeconds(), "60 s less two blocks of two seconds");
    assertEquals(0, first.cleanOver());
    assertEquals(2, first.kinds().get("stall")[0], "two events in the window's blocks");
  }

  /**
   * Work triggered by writes (an AOF rewrite after every 15,000 operations): at 500 ops/s one every
   * 30 s, at 600 one every 25 s. Its share grows with the square of the rate, so the capacity
   * solves (rate/15,000) x 0.3 x rate/500 = 1 %: 500 ops/s again, reached from windows whose gaps
   * differ in seconds but not in operations.
   */
  @Test
  void workTriggeredByWritesComesMoreOftenAtAHigherRate() {
    List<Observed> steps = new ArrayList<>();
    int i = 0;
    for (double rate : new double[] {420, 460, 480, 520, 540, 580}) {
      double gap = 15_000 / rate;
      steps.add(window("s" + i++, rate, 80, "aof_rewrite", 5.5, 5.5 + gap, 5.5 + 2 * gap));
    }
    Estimate e = estimate(steps);
    ShareSplit.KindPart k = e.split().kinds().get(0);
    assertEquals(ShareSplit.Trigger.OPS, k.trigger());
    assertEquals(500, e.capacity(), 5);
    assertEquals(15_000 / e.capacity(), k.periodAtCapacityS(), 0.5, "the period at the capacity");
  }

  /** An event whose queue spills three seconds past it gets a block that long. */
  @Test
  void aBlockReachesAsFarAsTheEventsExcess() {
    List<Observed> steps = new ArrayList<>();
    for (int w = 0; w < 4; w++) {
      long[] n = new long[60];
      long[] k = new long[60];
      Arrays.fill(n, 500);
      for (double t : new double[] {10.2, 40.2}) {
        for (int s = 0; s < 3; s++) {
          k[10 + 30 * (t > 20 ? 1 : 0) + s] = 60;
        }
      }
      RateWindow rw =
          new RateWindow("s" + w, 500, 60, List.of(new RateWindow.OpSeconds("READ", n, k)), null);
      steps.add(new Observed(rw, 60, List.of(new Event("stall", 10.2), new Event("stall", 40.2))));
    }
    SplitEstimator.Shape shape = SplitEstimator.blockExtent(steps, "stall", 0.01);
    assertArrayEquals(new int[] {-1, 3}, new int[] {shape.from(), shape.to()});
    assertArrayEquals(new double[] {0, 1 / 3.0, 1 / 3.0, 1 / 3.0}, shape.weight(), 1e-9);
    assertEquals(2 / 3.0, shape.inside(1, 10), 1e-9, "a block cut after its first second");
  }

  /**
   * A stall seen in a window's first second began in its warm-up: the window's edge cuts its block,
   * yet the second inside holds the whole of its excess, so it is costed. Here the cost per stall
   * grows with the square of the rate, faster than the split's model moves it; the only whole block
   * lies far below, at 300 ops/s, and read alone it puts the capacity at 833 ops/s. The cut blocks
   * near the truth of 500 put it there. Only the whole block counts as costed (the interval's
   * widening), since a cut one is costed by a profile measured from the others.
   */
  @Test
  void aBlockCutByTheWindowsStartIsCostedByItsPartInside() {
    List<Observed> steps = new ArrayList<>();
    steps.add(squareCost("far", 300, 10.3));
    for (double rate : new double[] {420, 460, 480, 520, 540, 580}) {
      steps.add(squareCost("s" + rate, rate, 0.3));
    }
    Estimate e = estimate(steps);
    assertNotNull(e.split(), "the split estimate");
    assertEquals(500, e.capacity(), 25, "capacity");
    assertEquals(1, e.split().kinds().get(0).costed());
  }

  /**
   * Stalls every 5 s in the failing windows at 300-400 ops/s, none in the passing ones at 100 and
   * 150: charged at their cycle, they alone would reach the allowance from 83 ops/s, below every
   * rate measured, though two rates passed. That contradicts the windows, so the pooled estimate
   * stands, between the passes and the failures.
   */
  @Test
  void aSplitBelowEveryRateWhileSomePassedLeavesThePooledEstimate() {
    List<Observed> steps = new ArrayList<>();
    steps.add(window("clean100", 100, 30, "stall"));
    steps.add(window("clean150", 150, 30, "stall"));
    double[] every5s = {2.5, 7.5, 12.5, 17.5, 22.5, 27.5};
    for (double rate : new double[] {300, 350, 400}) {
      steps.add(window("s" + rate, rate, 30, "stall", every5s));
    }
    Estimate e = estimate(steps);
    assertNull(e.split(), "the pooled estimate");
    assertNull(e.split());
    assertTrue(e.capacity() > 150 && e.capacity() < 300, "between the passes and the failures");
  }

  /**
   * A 30 s window at {@code rate} with one stall at {@code t} costing {@code 0.3 (rate/500)^2}
   * seconds of its traffic, all in the second it was seen in; one stall every 30 s in all.
   */
  private static Observed squareCost(String step, double rate, double t) {
    long[] n = new long[30];
    long[] k = new long[30];
    Arrays.fill(n, Math.round(rate));
    k[(int) Math.floor(t)] = Math.round(COST_AT_500 * Math.pow(rate / 500, 2) * rate);
    RateWindow w =
        new RateWindow(step, rate, 30, List.of(new RateWindow.OpSeconds("READ", n, k)), null);
    return new Observed(w, 30, List.of(new Event("stall", t)));
  }

  /**
   * Checkpoints that cost nothing, and a store whose clean share rises by itself: the events
   * explain none of the share, so the pooled estimate stands.
   */
  @Test
  void eventsThatCostNothingLeaveThePooledEstimate() {
    List<Observed> steps = new ArrayList<>();
    for (double rate : new double[] {700, 760, 800, 840, 900}) {
      RateWindow w = Windows.of("s" + rate, rate, 60, Windows.mm1(rate), null);
      steps.add(
          new Observed(
              w, 60, List.of(new Event("wt_checkpoint", 10.5), new Event("wt_checkpoint", 40.5))));
    }
    Estimate pooled =
        CapacityEstimator.estimate(steps.stream().map(Observed::window).toList(), SETTINGS, false);
    assertSame(pooled, SplitEstimator.estimate(steps, SETTINGS, pooled));
  }

  /**
   * Stalls whose cost varies (half or one and a half times the mean, in turn) over clean seconds
   * with nothing over the bound: all the capacity's spread comes from the events, and the search is
   * told to place windows that hold them.
   */
  @Test
  void stallsOfVaryingCostAreWhatTheSplitKnowsLeast() {
    List<Observed> steps = new ArrayList<>();
    int i = 0;
    for (double rate : new double[] {420, 460, 480, 520, 540, 580}) {
      Observed o = window("s" + i++, rate, 60, "stall", 12.3, 42.3);
      long[] k = o.window().ops().get(0).over();
      k[12] = k[12] / 2;
      k[42] = k[42] * 3 / 2;
      steps.add(withOver(o.window(), k, o.events()));
    }
    Estimate e = estimate(steps);
    assertEquals(
        SplitEstimator.Part.EVENTS,
        SplitEstimator.leastKnown(steps, SETTINGS, e.split().center()).orElseThrow());
  }

  /**
   * Stalls that cost the same every time over clean seconds that are over the bound by chance (each
   * request with a share rising with the rate): the clean line is what the split knows least.
   */
  @Test
  void aNoisyCleanShareBesideExactStallsIsWhatTheSplitKnowsLeast() {
    SplittableRandom random = new SplittableRandom(7);
    List<Observed> steps = new ArrayList<>();
    int i = 0;
    for (double rate : new double[] {420, 460, 480, 520, 540, 580}) {
      Observed stalls = window("s" + i, rate, 60, "stall", 12.3, 42.3);
      RateWindow clean = Windows.of("s" + i++, rate, 60, 0.006 * rate / 500, random);
      long[] k = clean.ops().get(0).over();
      long[] add = stalls.window().ops().get(0).over();
      for (int sec = 0; sec < k.length; sec++) {
        k[sec] += add[sec] / 3;
      }
      steps.add(withOver(clean, k, stalls.events()));
    }
    Estimate e = estimate(steps);
    assertNotNull(e.split(), "the split estimate");
    assertEquals(
        SplitEstimator.Part.CLEAN,
        SplitEstimator.leastKnown(steps, SETTINGS, e.split().center()).orElseThrow());
  }

  @Test
  void withoutEventsNothingIsSplit() {
    List<Observed> steps = new ArrayList<>();
    for (double rate : new double[] {400, 500, 600, 700}) {
      steps.add(new Observed(Windows.of("s" + rate, rate, 30, Windows.mm1(rate), null), 30, null));
    }
    assertTrue(SplitEstimator.leastKnown(steps, SETTINGS, 500).isEmpty());
  }
}
