package io.github.ycsbdocsearch.resultsformat;

import java.util.List;

/**
 * How {@code capacity_ops} was found (capacity.json {@code capacity_search}). Since format 4: one
 * estimate from every fixed-rate window the store decided, with its 95 % interval, the model that
 * gave it, the store's background cycles and every window. Format 3 files (a bisection's bracket)
 * read into the same record: there {@code lo}/{@code hi} are the bracket, {@code confidence} its
 * decisions' confidence and the format-4 fields null. Immutable.
 *
 * @param lo the 95 % interval's low end, ops/s (0: open below); format 3: the bracket's low end
 * @param hi its high end, ops/s; null when open above (or nothing failed, format 3)
 * @param lowerBound the capacity is only a lower bound (every rate measured met the objective, up
 *     to the search's ceiling, to what the client could offer, or to where the budget ended)
 * @param converged the interval's half-width came within the target (format 3: the bracket did and
 *     its low end was confirmed)
 * @param confidence format 3 only: the least confidence of the bracket's decisions; null now
 * @param resolution the target: the interval's half-width as a share of the capacity (format 3: the
 *     bracket's relative width)
 * @param reason how it ended, for people
 * @param probes every fixed-rate window, in the order they ran: the latency curve's, then the
 *     search's
 * @param ending how it ended: {@code estimate}, {@code lower_bound_top}, {@code
 *     lower_bound_client}, {@code lower_bound_budget}, {@code below_range} or {@code none}; null in
 *     format 3
 * @param halfWidth the interval's half-width as a share of the capacity; null when open or none
 * @param budgetS measured seconds the probes after the curve could take
 * @param budgetUsedS measured seconds they took
 * @param method the estimator, in words
 * @param model the fitted model the report draws; null without one
 * @param cycles the store's background work, slowest first, and how much of it the deciding windows
 *     held
 * @param clientLimit the client's reason, when client-limited windows capped the search; null
 *     otherwise
 * @param split the split behind a split estimate; null otherwise (and in older files)
 * @param forecast where the estimate stood when its interval first closed and what the search
 *     expected to need then; null when it never closed (and in older files)
 * @param minutes wall-clock minutes the curve and the search took, warm-ups included; null in older
 *     files
 */
public record CapacitySearchRecord(
    Double lo,
    Double hi,
    boolean lowerBound,
    boolean converged,
    Double confidence,
    double resolution,
    String reason,
    String ending,
    Double halfWidth,
    Double budgetS,
    Double budgetUsedS,
    String method,
    Model model,
    List<Cycle> cycles,
    String clientLimit,
    Split split,
    Forecast forecast,
    Double minutes,
    List<Probe> probes) {

  public CapacitySearchRecord {
    probes = probes == null ? List.of() : List.copyOf(probes);
    cycles = cycles == null ? List.of() : List.copyOf(cycles);
  }

  /**
   * The model's share over the bound at {@code rate}: the fitted line, plus the background work's
   * parts for a split estimate (whose line is its clean seconds'); NaN without a model.
   */
  public double modelShareAt(double rate) {
    if (model == null) {
      return Double.NaN;
    }
    return split == null ? model.shareAt(rate) : split.shareAt(model, rate);
  }

  /** The {@link #ending} of an estimate whose crossing lies inside the rates measured. */
  public static final String ESTIMATE = "estimate";

  /** The {@link #ending} of a lower bound set by the client. */
  public static final String LOWER_BOUND_CLIENT = "lower_bound_client";

  /**
   * One fixed-rate window. Immutable.
   *
   * @param reason why it ran: {@code curve}, {@code bound_up}, {@code bound_down}, {@code narrow},
   *     {@code narrow_events} (narrow, its window sized to hold periods of the deciding events)
   *     (format 3: curve, bound_up, bound_down, bisect, extend, confirm)
   * @param outcome {@code pass} or {@code fail}: the window's own share over the bound against the
   *     allowance (for people; the estimate pools every window), or {@code client_limited} (left
   *     out of the estimate); format 3: the probe's decision
   * @param confidence format 3: the decision's confidence; null now
   * @param dispersion format 3: the burst floor its test used; null now
   * @param seconds the measured window, s (null in format 3)
   * @param op the operation with the largest share over the bound
   * @param requests that operation's requests in the window (unsent ones included)
   * @param over of those, over the bound
   * @param weight how much the window informed the local model at the estimate (kernel weight, 0-1;
   *     0 also for a client-limited window)
   * @param clientLimit why the client decided it; null when the store did
   */
  public record Probe(
      String step,
      long rateOps,
      String reason,
      String outcome,
      Double confidence,
      Double dispersion,
      Double seconds,
      String op,
      Long requests,
      Long over,
      Double weight,
      String clientLimit) {

    /** The window's share over the bound; null when not recorded (format 3). */
    public Double share() {
      return requests == null || over == null || requests == 0 ? null : (double) over / requests;
    }
  }

  /**
   * The local model at the estimate: {@code share = 1 / (1 + exp(-(intercept + slope * x)))} with
   * {@code x = ln(rate / center_ops)}, fitted with a kernel of half-width {@code bandwidth} in
   * ln(rate). Immutable.
   *
   * @param op the operation it describes (the one whose crossing is the capacity)
   * @param centerOps the kernel's centre, ops/s
   * @param bandwidth the kernel's half-width, in ln(rate)
   * @param intercept the line's intercept at the centre (logit of the share)
   * @param slope its slope per unit of ln(rate)
   * @param allowance the share allowed over the bound (1 - percentile)
   * @param blocks blocks the bootstrap drew from
   * @param blockS their least length, s
   * @param replicates bootstrap replicates
   */
  public record Model(
      String op,
      double centerOps,
      double bandwidth,
      double intercept,
      double slope,
      double allowance,
      int blocks,
      double blockS,
      int replicates) {

    /** The model's share over the bound at {@code rate}. */
    public double shareAt(double rate) {
      double z = intercept + slope * Math.log(rate / centerOps);
      return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
    }
  }

  /**
   * Where the estimate stood when its interval first closed (after the latency curve, or after
   * {@code afterS} measured seconds of probes), and the measured seconds more the search then
   * expected to need to reach its target (by the square-root law in the seconds that inform it).
   */
  public record Forecast(double capacity, double halfWidth, double moreS, double afterS) {}

  /**
   * One kind of background work. Immutable.
   *
   * @param kind {@code aof_rewrite}, {@code wt_checkpoint}, ...
   * @param periodS seconds from one to the next, on average
   * @param events how many the store's sampled steps recorded
   * @param inside how many fell inside the windows that decided the estimate
   * @param covered the deciding windows were, together, at least two of its cycles long
   */
  public record Cycle(String kind, double periodS, int events, int inside, boolean covered) {}

  /**
   * The share over the bound split by what caused it, at the capacity (since the split estimate).
   * Immutable.
   *
   * @param capacityOps the rate the parts are given at, ops/s
   * @param cleanShare the share over the bound of the clean seconds (no event's block) at the
   *     capacity
   * @param cleanCapacityOps where the clean share alone reaches the allowance: the store meets the
   *     objective between events up to there; null when nowhere near the rates measured
   * @param floorRateOps the harness floor's window nearest the capacity, ops/s; null without one
   * @param floorShare its share over the bound (the machine's and the client's part); null without
   * @param kinds each kind of background work, the largest part first
   * @param windows every window the store decided, its seconds by part
   */
  public record Split(
      String op,
      double capacityOps,
      double cleanShare,
      Double cleanCapacityOps,
      Double floorRateOps,
      Double floorShare,
      List<Kind> kinds,
      List<Window> windows) {
    public Split {
      kinds = kinds == null ? List.of() : List.copyOf(kinds);
      windows = windows == null ? List.of() : List.copyOf(windows);
    }

    /** The kind with the largest part of the share at the capacity; null without events. */
    public Kind largest() {
      return kinds.isEmpty() ? null : kinds.get(0);
    }

    /** Kind {@code k}'s part of the share over the bound at {@code rate}. */
    public double kindShareAt(Kind k, double rate) {
      return k.share() * growth("ops".equals(k.trigger()), rate / capacityOps);
    }

    /**
     * How a kind's part of the share grows with the rate, {@code r} times the rate it is given at:
     * its cost in proportion to the rate (a stall holds the requests that arrive during it), and
     * its frequency too when triggered by writes. The one statement of the law the estimator fits
     * with and every reader draws with.
     */
    public static double growth(boolean byWrites, double r) {
      return byWrites ? r * r : r;
    }

    /**
     * The clean seconds' share at {@code rate} from their line ({@code clean}: the record's model),
     * flat where its slope is not positive, as the estimate took it.
     */
    public static double cleanShareAt(Model clean, double rate) {
      return clean.shareAt(clean.slope() > 0 ? rate : clean.centerOps());
    }

    /** The modelled share over the bound at {@code rate}: the clean part and every kind's. */
    public double shareAt(Model clean, double rate) {
      double s = cleanShareAt(clean, rate);
      for (Kind k : kinds) {
        s += kindShareAt(k, rate);
      }
      return s;
    }
  }

  /**
   * One kind of background work's part at the capacity. Immutable.
   *
   * @param trigger {@code time} (on a timer: so many per second) or {@code ops} (after so much was
   *     written: more often at a higher rate)
   * @param events how many the store's sampled steps recorded
   * @param sampledS over how many seconds
   * @param blockFromS its block's first second, relative to the second the event was seen in
   * @param blockToS one past its last second, likewise
   * @param costed events whose block lay wholly inside a window the store decided: the cost's
   *     evidence
   * @param periodS seconds from one event to the next at the capacity; null when none
   * @param overPerEvent requests over the bound per event beyond the clean share, at the capacity
   * @param costS the same in seconds of the deciding operation's traffic
   * @param share its part of the share over the bound at the capacity
   */
  public record Kind(
      String kind,
      String trigger,
      int events,
      double sampledS,
      int blockFromS,
      int blockToS,
      int costed,
      Double periodS,
      double overPerEvent,
      double costS,
      double share) {}

  /**
   * One window's seconds by part: those in no event's block ({@code clean*}: their requests of
   * every operation, and those over the bound), and those in each kind's blocks. Immutable.
   */
  public record Window(
      String step,
      double rateOps,
      int cleanS,
      long cleanRequests,
      long cleanOver,
      List<WindowKind> kinds) {
    public Window {
      kinds = kinds == null ? List.of() : List.copyOf(kinds);
    }
  }

  /** A window's seconds in one kind's blocks, their events, requests and those over the bound. */
  public record WindowKind(String kind, long events, long seconds, long requests, long over) {}

  /**
   * Whether a kind of background work set the capacity, not the clean seconds (the store's own tail
   * between events): its part of the share over the bound at the capacity is at least theirs. The
   * one statement of the rule that the search's reason, the report and compare each say in words of
   * their own.
   */
  public static boolean kindSetCapacity(double kindShare, double cleanShare) {
    return kindShare >= cleanShare;
  }
}
