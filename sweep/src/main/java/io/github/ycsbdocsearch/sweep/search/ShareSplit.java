package io.github.ycsbdocsearch.sweep.search;

import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parts of the share over the bound that a split estimate ({@link SplitEstimator}) is made of,
 * and the law that recombines them: the clean seconds' line and each kind of background work's
 * frequency times its cost. Kept apart from the estimator so that an {@link
 * CapacityEstimator.Estimate} can carry its split without the two estimators depending on each
 * other. Stateless.
 */
public final class ShareSplit {

  /** How often a kind of background work comes. */
  public enum Trigger {
    /** On a timer: so many per second, whatever the rate. */
    TIME,
    /** After so much was written: so many per operation, more often at a higher rate. */
    OPS
  }

  /** The kinds on a timer; every other kind is taken as triggered by what was written. */
  static final Set<String> TIMER_KINDS = Set.of("wt_checkpoint", "stall");

  public static Trigger trigger(String kind) {
    return TIMER_KINDS.contains(kind) ? Trigger.TIME : Trigger.OPS;
  }

  /**
   * One kind's part at the capacity. Immutable.
   *
   * @param kind the kind
   * @param trigger what drives its frequency
   * @param events how many every sampled step recorded
   * @param sampledSeconds over how many seconds
   * @param blockFromS its block's first second, relative to the second the event was seen in
   * @param blockToS one past its block's last second, likewise
   * @param costed blocks wholly inside a window the store decided (the cost's evidence)
   * @param perSecondAtCapacity events per second at the capacity
   * @param costSeconds over-bound requests per event beyond the clean share, in seconds of the
   *     deciding operation's traffic, at the capacity
   * @param overPerEvent those requests per event at the capacity (all operations)
   * @param shareAtCapacity its part of the share over the bound at the capacity
   */
  public record KindPart(
      String kind,
      Trigger trigger,
      int events,
      double sampledSeconds,
      int blockFromS,
      int blockToS,
      int costed,
      double perSecondAtCapacity,
      double costSeconds,
      double overPerEvent,
      double shareAtCapacity) {

    /** Seconds from one event to the next at the capacity (infinity when none). */
    public double periodAtCapacityS() {
      return perSecondAtCapacity > 0 ? 1 / perSecondAtCapacity : Double.POSITIVE_INFINITY;
    }
  }

  /**
   * One window's seconds by part. Immutable.
   *
   * @param step the window's step
   * @param rateOps its rate
   * @param cleanSeconds seconds in no event's block
   * @param cleanRequests requests in them (all operations)
   * @param cleanOver of those, over the bound
   * @param kinds per kind: {events, seconds, requests, over}, events counted by block
   */
  public record WindowPart(
      String step,
      double rateOps,
      int cleanSeconds,
      long cleanRequests,
      long cleanOver,
      Map<String, long[]> kinds) {
    public WindowPart {
      kinds = Map.copyOf(kinds);
    }
  }

  /**
   * The split behind an estimate. Immutable.
   *
   * @param op the deciding operation
   * @param capacity the capacity the parts are given at, ops/s
   * @param center the clean share's local line's centre, ops/s
   * @param cleanAtCapacity the clean share at the capacity
   * @param kinds each kind's part, largest share first
   * @param windows each usable window's seconds by part
   * @param cleanCrossing where the clean share alone crosses the allowance, ops/s (+infinity:
   *     nowhere near; the store meets the objective between events up to there)
   */
  public record Split(
      String op,
      double capacity,
      double center,
      double cleanAtCapacity,
      List<KindPart> kinds,
      List<WindowPart> windows,
      double cleanCrossing) {
    public Split {
      kinds = List.copyOf(kinds);
      windows = List.copyOf(windows);
    }
  }

  /**
   * The clean share at {@code x}: the line, flat where its slope came out negative (a few clean
   * seconds over at a low rate, none at a higher one: noise, not a share that falls with the rate).
   */
  static double cleanShare(ShareFit.Line line, double x) {
    return line.share(line.b() > 0 ? x : 0);
  }

  /**
   * A kind's part of the share at {@code x = ln(rate / r0)}: its frequency (per second at r0,
   * growing with the rate when triggered by writes) times its cost (seconds of traffic per event at
   * r0, in proportion to the rate), never below 0.
   */
  static double part(Trigger t, double perSecond, double cost, double x) {
    return perSecond
        * Math.max(0, cost)
        * CapacitySearchRecord.Split.growth(t == Trigger.OPS, Math.exp(x));
  }

  private ShareSplit() {}
}
