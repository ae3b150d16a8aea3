package io.github.ycsbdocsearch.sweep.search;

import io.github.ycsbdocsearch.resultsformat.CapacitySearchRecord;
import io.github.ycsbdocsearch.sweep.search.BackgroundCycles.Cycle;
import io.github.ycsbdocsearch.sweep.search.BackgroundCycles.Observed;
import io.github.ycsbdocsearch.sweep.search.CapacityEstimator.Estimate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.DoubleUnaryOperator;

/**
 * The capacity search: fixed-rate windows, first the latency curve's points, then probes placed
 * where they narrow the estimate's interval most, until the interval's half-width is within the
 * target or the probe budget is spent. Every window the store decided counts in one estimate
 * ({@link CapacityEstimator}); a client-limited window counts in none and never erases one the
 * store decided, but when such windows sit above every rate the store could be measured at, they
 * cap the search and the capacity is a lower bound naming the client.
 *
 * <p>Probes: with every measured rate meeting the objective the next one doubles the highest (a
 * pass at the ceiling: a lower bound); with every one failing it halves the lowest (a failure at
 * the floor: no capacity); otherwise it goes to the estimate, a little to the side where the
 * estimate has seen less data (the slope is learnt from both sides), for a window long enough to
 * hold {@link #CYCLES_PER_WINDOW} cycles of the store's slowest background work seen so far (at
 * least the base window, at most the cap and the budget left), so that whether a window holds a
 * stall stops being a draw. When a split estimate decides and its bootstrap says the events, not
 * the clean seconds, are what it knows least, the window holds {@link #EVENTS_PER_PROBE} periods of
 * the deciding kind instead, where the cap allows.
 *
 * <p>The same code runs against real stores ({@code SearchPhase}) and against the simulated clock
 * ({@code lab.sim.SimulatedSearch}), through {@link Runner}. Not thread-safe.
 */
public final class CapacitySearch {

  public enum Reason {
    CURVE,
    BOUND_UP,
    BOUND_DOWN,
    NARROW,
    /**
     * To narrow the interval too, with a window sized to hold {@link #EVENTS_PER_PROBE} periods of
     * the background work that decides the split, because the events are what it knows least.
     */
    NARROW_EVENTS;

    /** Lowercase name for results files. */
    public String jsonName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * A window to run. Immutable.
   *
   * @param rate offered rate, ops/s
   * @param windowS measured seconds
   * @param reason why
   */
  public record Probe(double rate, double windowS, Reason reason) {}

  /** Runs probes: a real store's steps, or the simulated clock's. */
  public interface Runner {
    /**
     * Runs the probe; empty when it could not or may not run to its end (interrupted, the store
     * lost, the time limit): the search then stops where it is.
     */
    Optional<Observed> run(Probe probe);

    /** Told before each probe after the curve, with the search as it stands (its forecast). */
    default void probing(CapacitySearch search) {}
  }

  /**
   * Settings. Immutable.
   *
   * @param allowance the share allowed over the bound (1 - percentile)
   * @param targetHalfWidth stop when the interval's half-width is within this share of the estimate
   * @param floorRate lowest rate probed (below it: no capacity)
   * @param ceilingRate highest rate probed (every rate up to it met the objective: a lower bound)
   * @param curveWindowS measured seconds of a latency-curve point
   * @param baseWindowS measured seconds of a bounding probe, and the least of any probe
   * @param maxWindowS the most a probe near the estimate may last
   * @param budgetS measured seconds the probes after the curve may take together
   * @param maxProbes probes after the curve, at most (0: the curve's windows only)
   */
  public record Settings(
      double allowance,
      double targetHalfWidth,
      double floorRate,
      double ceilingRate,
      double curveWindowS,
      double baseWindowS,
      double maxWindowS,
      double budgetS,
      int maxProbes) {
    public Settings {
      if (!(allowance > 0 && allowance < 1)
          || !(targetHalfWidth > 0)
          || !(floorRate > 0)
          || !(ceilingRate >= floorRate)
          || !(curveWindowS > 0)
          || !(baseWindowS > 0)
          || !(maxWindowS >= baseWindowS)
          || !(budgetS >= 0)
          || maxProbes < 0) {
        throw new IllegalArgumentException("bad capacity search settings");
      }
    }

    /**
     * The runner's settings (also the simulated clock's): floor and ceiling from the closed-loop
     * {@code peak}, the curve's windows at most {@link #CURVE_WINDOW_S}.
     */
    public static Settings defaults(
        double allowance,
        double targetHalfWidth,
        double peak,
        double baseWindowS,
        double budgetS,
        int maxProbes) {
      return new Settings(
          allowance,
          targetHalfWidth,
          Math.max(1, peak * FLOOR_SHARE),
          Math.max(1, peak * CEILING_SHARE),
          Math.min(baseWindowS, CURVE_WINDOW_S),
          baseWindowS,
          Math.max(baseWindowS, MAX_WINDOW_S),
          budgetS,
          maxProbes);
    }
  }

  public enum Ending {
    /** The crossing lies inside the rates measured: an estimate with its interval. */
    ESTIMATE,
    /** Every rate up to the ceiling met the objective: a lower bound. */
    LOWER_BOUND_TOP,
    /** Every rate the client could offer met it: a lower bound set by the client. */
    LOWER_BOUND_CLIENT,
    /** Every rate measured met it and the budget ended before one failed: a lower bound. */
    LOWER_BOUND_BUDGET,
    /**
     * Every rate measured failed and the budget ended above the floor: the capacity lies below the
     * lowest rate measured (an upper bound, {@link Result#hi()}).
     */
    BELOW_RANGE,
    /** No capacity: even the floor failed, or the store decided no window. */
    NONE
  }

  /**
   * What the search found. Immutable.
   *
   * @param ending how it ended
   * @param capacity the capacity, ops/s (a lower bound for the LOWER_BOUND endings); empty: none
   * @param lo the 95 % interval's low end (0: open), NaN when there is no estimate
   * @param hi its high end (+infinity: open)
   * @param targetReached the half-width came within the target
   * @param estimate the estimator's last answer (the model the report draws)
   * @param cycles the store's background work, longest first, with what the deciding windows held
   * @param clientLimit the client's reason, when client-limited windows capped the search
   * @param budgetUsedS measured seconds the probes after the curve took
   * @param reason how it ended, for people
   */
  public record Result(
      Ending ending,
      OptionalDouble capacity,
      double lo,
      double hi,
      boolean targetReached,
      Estimate estimate,
      List<Cycle> cycles,
      String clientLimit,
      double budgetUsedS,
      String reason) {
    public Result {
      cycles = List.copyOf(cycles);
    }

    /** The capacity is a lower bound, not an estimate. */
    public boolean lowerBound() {
      return ending == Ending.LOWER_BOUND_TOP
          || ending == Ending.LOWER_BOUND_CLIENT
          || ending == Ending.LOWER_BOUND_BUDGET;
    }
  }

  /** The pooled estimator, in words (capacity.json {@code method}). */
  public static final String METHOD =
      "one estimate from every window the store decided: the share over the bound pooled per rate"
          + " and made monotone, refined by a local logistic line in ln(rate) at its crossing of"
          + " the allowance; 95 % interval from a block bootstrap (blocks at least the store's"
          + " longest background cycle), widened 2x as calibrated on a simulated clock";

  /** The split estimator, in words (capacity.json {@code method} when it decided). */
  public static final String SPLIT_METHOD =
      "the share over the bound split, second by second, into the blocks of the store's"
          + " background events and the clean seconds between them: the clean share a local"
          + " logistic line in ln(rate), each kind's cost per event from its blocks (in proportion"
          + " to the rate), recombined at the kind's frequency over every sampled second (per"
          + " second on a timer, per operation when triggered by writes); its crossing of the"
          + " allowance is the capacity; 95 % interval from a bootstrap of clean stretches, event"
          + " blocks and the frequency's record, widened 2x as calibrated on a simulated clock";

  public static String method(Estimate e) {
    return e.split() == null ? METHOD : SPLIT_METHOD;
  }

  /** The target: the 95 % interval's half-width as a share of the estimate. */
  public static final double TARGET_HALF_WIDTH = 0.03;

  /** The lowest rate probed, as a share of the closed-loop peak (below it: no capacity). */
  public static final double FLOOR_SHARE = 0.01;

  /** The highest rate probed, as a share of the peak (passing there: a lower bound). */
  public static final double CEILING_SHARE = 1.25;

  /** The longest window a probe near the estimate gets, s. */
  public static final double MAX_WINDOW_S = 75;

  /** Cycles of the store's slowest background work a probe near the estimate should hold. */
  public static final double CYCLES_PER_WINDOW = 2;

  /** Measured seconds the probes after the curve may take by default. */
  public static final int BUDGET_S = 160;

  /**
   * The latency curve's windows, s, at most: its points far from the capacity (at 75 and 100 % of
   * the peak) say where the latency curve bends, not where the capacity is; their time goes to the
   * probes' longer windows near it.
   */
  public static final double CURVE_WINDOW_S = 10;

  /** Probes after the curve, at most, by default (the budget usually ends them first). */
  public static final int MAX_PROBES = 12;

  /**
   * The least bootstrap block, s: an M/M/1 queue's slow requests come in bursts of a fraction of a
   * second; a store's stalls make blocks as long as their cycle.
   */
  static final double MIN_BLOCK_S = 5;

  /**
   * The local line's least kernel half-width, in ln(rate): about +-40 % of the rate. Narrower
   * kernels followed the noise of the few windows near the estimate (on the simulated clock, 2.5 %
   * CV against 0.9 % at this width with no stalls).
   */
  static final double MIN_BANDWIDTH = 0.35;

  /** Bootstrap replicates of each decision during the search. */
  static final int REPLICATES = 200;

  /** Bootstrap replicates of the reported interval. */
  static final int FINAL_REPLICATES = 1000;

  /** The bootstrap quantile a probe above the estimate goes to (below: its complement). */
  static final double PROBE_QUANTILE_HIGH = 0.75;

  /**
   * The same for a split estimate ({@link SplitEstimator}): nearer the estimate, where the events
   * cost what the capacity is made of (on the simulated clock: bias -2.0 % against -5.1 % at 0.75
   * with stalls every 35 s, the CV alike).
   */
  static final double SPLIT_PROBE_QUANTILE_HIGH = 0.6;

  /**
   * Periods of the deciding kind a probe holds when the split's events are what its estimate knows
   * least ({@link #eventWindow}). On the simulated clock, 200 ms stalls every 5-15 s (600 seeds):
   * CV 13.5 % against 15.0 % at two (the slowest cycle's {@link #CYCLES_PER_WINDOW}), but 14.4 %
   * and a median 4.4 % low at as many as the cap allows (seven, so fewer probes).
   */
  static final double EVENTS_PER_PROBE = 4;

  private final Settings settings;
  private final List<Observed> observed = new ArrayList<>();
  private final List<Probe> probes = new ArrayList<>();

  /** The decision's estimate ({@link #next}) and how many windows it had, for {@link #forecast}. */
  private Estimate decided;

  private int decidedWindows = -1;

  public CapacitySearch(Settings settings) {
    this.settings = settings;
  }

  /**
   * Runs the curve at {@code curveRates} (ending it early past the knee and the client, {@link
   * #endsTheCurve}), then probes until {@link #next} says stop or the runner cannot go on.
   *
   * @return the result; the windows run are in {@link #observed}
   */
  public Result run(List<Double> curveRates, Runner runner) {
    RateWindow below = null;
    for (double rate : curveRates) {
      Probe p = new Probe(rate, settings.curveWindowS(), Reason.CURVE);
      Optional<Observed> o = runner.run(p);
      if (o.isEmpty()) {
        return result();
      }
      offer(p, o.get());
      if (endsTheCurve(below, o.get().window())) {
        break;
      }
      below = o.get().window();
    }
    for (Optional<Probe> p = next(); p.isPresent(); p = next()) {
      runner.probing(this);
      Optional<Observed> o = runner.run(p.get());
      if (o.isEmpty()) {
        break;
      }
      offer(p.get(), o.get());
    }
    return result();
  }

  /**
   * Whether a curve point ends the curve: the client limited it and the point below already
   * exceeded the allowance or was client-limited too. Past the knee and past what the client can
   * send, higher points would measure the client; one client-limited point alone does not end it.
   */
  public boolean endsTheCurve(RateWindow below, RateWindow point) {
    return below != null
        && !point.usable()
        && below.rateOps() < point.rateOps()
        && (!below.usable() || below.worstShare() > settings.allowance());
  }

  public Settings settings() {
    return settings;
  }

  /** Adds a window that ran (a resumed run adds the kept ones in the same order). */
  public void offer(Probe probe, Observed o) {
    probes.add(probe);
    observed.add(o);
  }

  /** The windows so far, in the order they ran. */
  public List<Observed> observed() {
    return List.copyOf(observed);
  }

  /** The probes so far, in order (curve points first). */
  public List<Probe> probes() {
    return List.copyOf(probes);
  }

  private List<RateWindow> windows() {
    return observed.stream().map(Observed::window).toList();
  }

  private double budgetUsed() {
    double used = 0;
    for (int i = 0; i < probes.size(); i++) {
      if (probes.get(i).reason() != Reason.CURVE) {
        used += observed.get(i).window().seconds();
      }
    }
    return used;
  }

  /**
   * The estimate a decision takes (the search's replicates), made once per set of windows: the
   * runner's forecast before a probe reads the one {@link #next} just made.
   */
  private Estimate decision() {
    if (decidedWindows != observed.size()) {
      decided = estimate(REPLICATES, false);
      decidedWindows = observed.size();
    }
    return decided;
  }

  /** The estimator's settings: blocks of at least the longest background cycle seen. */
  private CapacityEstimator.Settings estimator(int replicates) {
    double cycle = longestCycle();
    return new CapacityEstimator.Settings(
        settings.allowance(), Math.max(MIN_BLOCK_S, cycle), MIN_BANDWIDTH, replicates, cycle);
  }

  private double longestCycle() {
    return BackgroundCycles.longest(BackgroundCycles.of(observed, w -> true));
  }

  /**
   * The estimate; {@code reported}: the one {@link #result} reports, whose bootstrap reads a draw
   * of only failing windows from its line ({@link CapacityEstimator#estimate(List, Settings,
   * boolean)}). The search places and stops as calibrated, by draws left as they fell.
   */
  private Estimate estimate(int replicates, boolean reported) {
    CapacityEstimator.Settings s = estimator(replicates);
    Estimate pooled = CapacityEstimator.estimate(windows(), s, reported);
    return pooled.where() == CapacityEstimator.Where.NONE
        ? pooled
        : SplitEstimator.estimate(observed, s, pooled);
  }

  /**
   * The lowest client-limited rate above every rate the store decided: where the client, not the
   * store, stops the search. A client-limited window below a window the store decided caps nothing.
   */
  private OptionalDouble clientCap() {
    double maxUsable =
        windows().stream()
            .filter(RateWindow::usable)
            .mapToDouble(RateWindow::rateOps)
            .max()
            .orElse(0);
    return windows().stream()
        .filter(w -> !w.usable() && w.rateOps() > maxUsable)
        .mapToDouble(RateWindow::rateOps)
        .min();
  }

  /** The next probe, or empty when the search is over. */
  public Optional<Probe> next() {
    double left = settings.budgetS() - budgetUsed();
    long searched = probes.stream().filter(p -> p.reason() != Reason.CURVE).count();
    if (left < settings.baseWindowS() - 1e-9 || searched >= settings.maxProbes()) {
      return Optional.empty();
    }
    Estimate e = decision();
    OptionalDouble cap = clientCap();
    double base = settings.baseWindowS();
    switch (e.where()) {
      case NONE -> {
        // The client limited every window: try lower, where it may keep up.
        if (cap.isEmpty() || cap.getAsDouble() / 2 < settings.floorRate()) {
          return Optional.empty();
        }
        return Optional.of(new Probe(cap.getAsDouble() / 2, base, Reason.BOUND_DOWN));
      }
      case ABOVE -> {
        double top = e.maxRate();
        if (top >= settings.ceilingRate() * (1 - 1e-9)) {
          return Optional.empty();
        }
        double target = Math.min(settings.ceilingRate(), 2 * top);
        if (Double.isFinite(e.capacity()) && e.capacity() > top) {
          target = Math.min(target, Math.max(e.capacity(), top * 1.05));
        }
        target = Math.min(target, cap.orElse(Double.POSITIVE_INFINITY) * 0.97);
        if (target <= top * 1.02) {
          return Optional.empty();
        }
        return Optional.of(new Probe(target, base, Reason.BOUND_UP));
      }
      case BELOW -> {
        double bottom = e.minRate();
        if (bottom <= settings.floorRate() * (1 + 1e-9)) {
          return Optional.empty();
        }
        double target = Math.max(settings.floorRate(), bottom / 2);
        if (e.capacity() > 0 && e.capacity() < bottom) {
          target = Math.max(target, Math.min(e.capacity(), bottom * 0.95));
        }
        return Optional.of(new Probe(target, base, Reason.BOUND_DOWN));
      }
      default -> {
        // The reported interval is the final bootstrap's: stop only when that one is within the
        // target too (200 replicates' tails run narrower; on the simulated clock at +-5 %, three
        // searches in four stopped with a final interval just wider than the target).
        if (stopNow(e) && stopNow(estimate(FINAL_REPLICATES, false))) {
          return Optional.empty();
        }
        // Where the crossing plausibly lies, on the side the local line has seen less of: a
        // quartile of the bootstrap's replicates (near the estimate once the interval is narrow),
        // at least 1 % from it so the slope is seen.
        int side = side(e);
        double high = e.split() == null ? PROBE_QUANTILE_HIGH : SPLIT_PROBE_QUANTILE_HIGH;
        double q = e.quantile(side > 0 ? high : 1 - high);
        double rate =
            side > 0
                ? Math.max(e.capacity() * 1.01, Math.min(q, e.capacity() * 1.5))
                : Math.min(e.capacity() * 0.99, Math.max(q, e.capacity() / 1.5));
        rate = Math.min(rate, cap.orElse(Double.POSITIVE_INFINITY) * 0.97);
        rate = Math.max(settings.floorRate(), Math.min(settings.ceilingRate(), rate));
        double usual = windowFor(left);
        double window =
            e.split() != null && eventsLeastKnown(e)
                ? eventWindow(e.split().kinds().get(0), left, usual)
                : usual;
        return Optional.of(
            new Probe(rate, window, window > usual ? Reason.NARROW_EVENTS : Reason.NARROW));
      }
    }
  }

  /**
   * Whether the estimate is good enough to stop: its interval's half-width within the target, and
   * at least {@link #NEAR_SECONDS} of windows within {@link #NEAR} of it. Stopping the first time a
   * bootstrap interval looks narrow stops exactly when a few quiet windows made it look so (on the
   * simulated clock the estimate then ran 0.7 % high and its interval covered the truth in 73 % of
   * seeds); with two minutes of data near the estimate required first, the early stop costs
   * neither.
   */
  private boolean stopNow(Estimate e) {
    return nearSeconds(e) >= NEAR_SECONDS && e.halfWidthShare() <= settings.targetHalfWidth();
  }

  /** Measured seconds of the usable windows within {@link #NEAR} of the estimate. */
  private double nearSeconds(Estimate e) {
    return windows().stream()
        .filter(w -> w.usable() && Math.abs(Math.log(w.rateOps() / e.capacity())) <= NEAR)
        .mapToDouble(RateWindow::seconds)
        .sum();
  }

  /**
   * Where the search stands and what it expects to need.
   *
   * @param capacity the estimate so far, ops/s
   * @param halfWidth its interval's half-width as a share of it
   * @param moreS measured seconds more the search expects to need to reach its target
   * @param afterS measured seconds of probes after the curve so far
   */
  public record Forecast(double capacity, double halfWidth, double moreS, double afterS) {}

  /**
   * The forecast from the estimate so far: the bootstrap half-width falls like 1/sqrt(T) in the
   * seconds T that inform the estimate (kernel-weighted) and a split's widening with its events
   * ({@link #growth}), and the early stop wants {@link #NEAR_SECONDS} near it. Square-root is the
   * cautious law: the part of the spread from the events' count falls like 1/T. Empty without a
   * closed interval inside the rates measured (bounding probes come first, and how many is not
   * known).
   */
  public Optional<Forecast> forecast() {
    Estimate e = decision();
    if (e.where() != CapacityEstimator.Where.INSIDE
        || !(e.halfWidthShare() > 0 && Double.isFinite(e.halfWidthShare()))) {
      return Optional.empty();
    }
    double informing = 0;
    for (RateWindow w : windows()) {
      if (w.usable()) {
        informing += e.weightAt(w.rateOps()) * w.seconds();
      }
    }
    double more =
        Math.max(
            informing * (growth(e, settings.targetHalfWidth()) - 1), NEAR_SECONDS - nearSeconds(e));
    return Optional.of(new Forecast(e.capacity(), e.halfWidthShare(), more, budgetUsed()));
  }

  /**
   * By how many times the informing seconds must grow for the half-width to reach {@code target}:
   * the bootstrap's own half-width falls like 1/sqrt(T), and a split's widening falls as its events
   * grow in proportion ({@link SplitEstimator#widening}).
   */
  static double growth(Estimate e, double target) {
    int events =
        e.split() == null
            ? 0
            : e.split().kinds().stream().mapToInt(ShareSplit.KindPart::costed).sum();
    DoubleUnaryOperator halfWidthAt =
        f ->
            events == 0
                ? e.halfWidthShare() / Math.sqrt(f)
                : e.halfWidthShare()
                    / SplitEstimator.widening(events)
                    * SplitEstimator.widening((int) Math.round(events * f))
                    / Math.sqrt(f);
    if (halfWidthAt.applyAsDouble(1) <= target) {
      return 1;
    }
    double lo = 1;
    double hi = 2;
    while (halfWidthAt.applyAsDouble(hi) > target && hi < 1e6) {
      lo = hi;
      hi *= 2;
    }
    for (int i = 0; i < 40; i++) {
      double mid = Math.sqrt(lo * hi);
      if (halfWidthAt.applyAsDouble(mid) > target) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return hi;
  }

  /** How close to the estimate a window must be to count as near it, in ln(rate). */
  static final double NEAR = Math.log(1.1);

  /** Measured seconds of windows near the estimate before the search may stop early. */
  static final double NEAR_SECONDS = 120;

  /**
   * Which side of the estimate to probe: where the usable windows gave the local fit less weight
   * (+1 above, -1 below).
   */
  private int side(Estimate e) {
    double belowWeight = 0;
    double aboveWeight = 0;
    for (RateWindow w : windows()) {
      if (!w.usable()) {
        continue;
      }
      double weight = e.weightAt(w.rateOps()) * w.seconds();
      if (w.rateOps() < e.capacity()) {
        belowWeight += weight;
      } else {
        aboveWeight += weight;
      }
    }
    return aboveWeight < belowWeight ? 1 : -1;
  }

  /**
   * A probe's window near the estimate: a whole number of the slowest cycle seen, {@link
   * #CYCLES_PER_WINDOW} of them (fewer when the cap allows no more, at least the base window),
   * within the budget left; the base window when the store showed no cycle. Whole cycles, so that
   * each window holds the background work at its real frequency, not one more or one less.
   */
  private double windowFor(double left) {
    double cycle = longestCycle();
    double base = settings.baseWindowS();
    double cap = Math.min(settings.maxWindowS(), left);
    if (!(cycle > 0)) {
      return Math.floor(Math.min(base, left));
    }
    double whole = Math.floor(cap / cycle);
    if (whole < 1) {
      return Math.floor(cap);
    }
    double n = Math.min(whole, Math.max(CYCLES_PER_WINDOW, Math.ceil(base / cycle)));
    return Math.max(Math.min(base, cap), Math.floor(n * cycle));
  }

  /**
   * Whether a split estimate's interval owes more to its events (their cost and frequency) than to
   * its clean seconds ({@link SplitEstimator#leastKnown}, the decision's replicates).
   */
  private boolean eventsLeastKnown(Estimate e) {
    return SplitEstimator.leastKnown(observed, estimator(REPLICATES), e.split().center())
            .orElse(null)
        == SplitEstimator.Part.EVENTS;
  }

  /**
   * A probe's window when the split's events are what it knows least: {@link #EVENTS_PER_PROBE}
   * periods of the deciding kind at the estimate, whole ones, within the cap and the budget left,
   * and never shorter than {@link #windowFor}. A block cut by a window's start or end is costed
   * only by its part inside, so fewer, longer windows cost more of the events the budget holds.
   */
  private double eventWindow(ShareSplit.KindPart deciding, double left, double usual) {
    double period = deciding.periodAtCapacityS();
    if (!(period > 0) || Double.isInfinite(period)) {
      return usual;
    }
    double whole = Math.floor(Math.min(settings.maxWindowS(), left) / period);
    return Math.max(usual, Math.floor(Math.min(EVENTS_PER_PROBE, whole) * period));
  }

  /**
   * How near the store came, for a search that found no capacity: the window the store decided with
   * the least share over the bound (its worst operation), so that the reader sees whether the
   * objective was missed by a little or by far. Empty when the store decided none.
   */
  private String fewestOver() {
    return observed.stream()
        .map(Observed::window)
        .filter(RateWindow::usable)
        .min(Comparator.comparingDouble(RateWindow::worstShare))
        .map(
            w ->
                String.format(
                    Locale.ROOT,
                    "; the fewest over the bound: %.1f %% of requests at %.0f ops/s (%.0f %%"
                        + " allowed)",
                    100 * w.worstShare(),
                    w.rateOps(),
                    100 * settings.allowance()))
        .orElse("");
  }

  /**
   * Why the estimate lies below every rate measured: every window failed, or the fit through all of
   * them crosses below windows that passed (a share over that does not rise steadily with the rate,
   * as MongoDB's one-core stalls make it here), which it must not call all failed.
   */
  private String belowTheRates() {
    List<RateWindow> usable = windows().stream().filter(RateWindow::usable).toList();
    List<RateWindow> passed =
        usable.stream().filter(w -> w.worstShare() <= settings.allowance()).toList();
    if (passed.isEmpty()) {
      return "every rate measured failed the objective";
    }
    RateWindow lowest = passed.stream().min(Comparator.comparingDouble(RateWindow::rateOps)).get();
    return String.format(
        Locale.ROOT,
        "the fit through every window crosses below them, though %d of the %d passed (%.0f ops/s"
            + " with %.2f %% over): the share over does not rise steadily with the rate here",
        passed.size(),
        usable.size(),
        lowest.rateOps(),
        100 * lowest.worstShare());
  }

  /** What the search found so far (the answer once {@link #next} is empty). */
  public Result result() {
    Estimate e = estimate(FINAL_REPLICATES, true);
    List<Cycle> cycles =
        BackgroundCycles.of(observed, w -> w.usable() && e.weightAt(w.rateOps()) > 0);
    OptionalDouble cap = clientCap();
    String client =
        windows().stream()
            .filter(w -> !w.usable() && cap.isPresent() && w.rateOps() == cap.getAsDouble())
            .map(RateWindow::clientLimit)
            .findFirst()
            .orElse(null);
    double used = budgetUsed();
    boolean reached =
        e.where() == CapacityEstimator.Where.INSIDE
            && e.halfWidthShare() <= settings.targetHalfWidth();
    double top = e.maxRate();
    boolean atTop = top >= settings.ceilingRate() * (1 - 1e-9);
    boolean atFloor = e.minRate() <= settings.floorRate() * (1 + 1e-9);
    Ending ending =
        switch (e.where()) {
          case NONE -> Ending.NONE;
          case ABOVE ->
              cap.isPresent()
                  ? Ending.LOWER_BOUND_CLIENT
                  : atTop ? Ending.LOWER_BOUND_TOP : Ending.LOWER_BOUND_BUDGET;
          case BELOW -> atFloor ? Ending.NONE : Ending.BELOW_RANGE;
          default -> Ending.ESTIMATE;
        };
    String reason =
        switch (ending) {
          case NONE ->
              e.where() == CapacityEstimator.Where.BELOW
                  ? String.format(
                      Locale.ROOT,
                      "no capacity: %s, down to the search's floor (%.0f ops/s)%s",
                      belowTheRates(),
                      e.minRate(),
                      fewestOver())
                  : observed.isEmpty()
                      ? "no capacity: no window ran"
                      : "no capacity measured: the client limited every window"
                          + (client == null ? "" : " (" + client + ")");
          case LOWER_BOUND_CLIENT ->
              String.format(
                  Locale.ROOT,
                  "client lower bound: the store met the objective at %.0f ops/s, the highest rate"
                      + " the client could offer; the client limited %.0f ops/s (%s)",
                  top,
                  cap.getAsDouble(),
                  client);
          case LOWER_BOUND_TOP ->
              String.format(
                  Locale.ROOT,
                  "lower bound: the top of the search's range (%.0f ops/s) met the objective",
                  top);
          case LOWER_BOUND_BUDGET ->
              String.format(
                  Locale.ROOT,
                  "lower bound: every rate measured up to %.0f ops/s met the objective when the"
                      + " probe budget ended",
                  top);
          case BELOW_RANGE ->
              String.format(
                  Locale.ROOT,
                  "capacity below %.0f ops/s when the probe budget ended, before one below met it:"
                      + " %s",
                  e.minRate(),
                  belowTheRates());
          case ESTIMATE ->
              String.format(
                  Locale.ROOT,
                  "capacity %.0f ops/s (95 %% interval %s%s), %s",
                  e.capacity(),
                  interval(e.lo(), e.hi()),
                  setBy(e),
                  reached
                      ? String.format(
                          Locale.ROOT,
                          "within the target of +-%.0f %%",
                          100 * settings.targetHalfWidth())
                      : String.format(
                          Locale.ROOT,
                          "+-%.1f %%: wider than the target of +-%.0f %%%s",
                          100 * e.halfWidthShare(),
                          100 * settings.targetHalfWidth(),
                          used >= settings.budgetS() - settings.baseWindowS()
                              ? " when the probe budget ended"
                              : ""));
        };
    boolean estimate = ending == Ending.ESTIMATE;
    boolean below = ending == Ending.BELOW_RANGE;
    return new Result(
        ending,
        estimate
            ? OptionalDouble.of(e.capacity())
            : e.where() == CapacityEstimator.Where.ABOVE // every lower bound
                ? OptionalDouble.of(top)
                : OptionalDouble.empty(),
        estimate ? e.lo() : below ? 0 : Double.NaN,
        estimate ? e.hi() : below ? e.minRate() : Double.NaN,
        reached,
        e,
        cycles,
        client,
        used,
        reason);
  }

  /**
   * What set a split estimate, for the reason: "; set by aof_rewrite: 0.80 % of 0.95 % over, each
   * 5100 requests over the bound, every 60 s; between them up to 19000 ops/s"; "" for a pooled one.
   */
  static String setBy(Estimate e) {
    ShareSplit.Split s = e.split();
    if (s == null || s.kinds().isEmpty()) {
      return "";
    }
    ShareSplit.KindPart k = s.kinds().get(0);
    if (!CapacitySearchRecord.kindSetCapacity(k.shareAtCapacity(), s.cleanAtCapacity())) {
      return String.format(
          Locale.ROOT,
          "; set by the clean seconds: %.2f %% over between events, %s %.2f %%",
          100 * s.cleanAtCapacity(),
          k.kind(),
          100 * k.shareAtCapacity());
    }
    return String.format(
        Locale.ROOT,
        "; set by %s: %.2f %% over, %.0f requests over the bound each, every %.0f s; between them"
            + " %s",
        k.kind(),
        100 * k.shareAtCapacity(),
        k.overPerEvent(),
        k.periodAtCapacityS(),
        Double.isFinite(s.cleanCrossing())
            ? String.format(Locale.ROOT, "up to %.0f ops/s", s.cleanCrossing())
            : "far above every rate measured");
  }

  /** {@code 5880-6230}, with an open end as {@code <} or {@code >}. */
  static String interval(double lo, double hi) {
    String a = lo > 0 ? String.format(Locale.ROOT, "%.0f", lo) : "0";
    String b = Double.isFinite(hi) ? String.format(Locale.ROOT, "%.0f", hi) : "open";
    return a + "-" + b;
  }
}
