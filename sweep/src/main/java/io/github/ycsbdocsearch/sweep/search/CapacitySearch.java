package io.github.ycsbdocsearch.sweep.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The capacity search: the highest offered rate whose probe meets the latency objective, found by
 * bound-then-bisect (the MLPerf LoadGen server scenario's shape) over probes that the caller runs.
 * Pure logic, no I/O: it is told each probe's outcome and says which rate to probe next, so it is
 * tested on synthetic outcomes.
 *
 * <ul>
 *   <li><b>Bracket.</b> {@code hi} is the lowest rate that failed (or, lower, a client-limited rate
 *       above the last pass); {@code lo} the highest rate below {@code hi} that passed. A rate is
 *       failed when any probe at it failed: a non-monotone curve (80 % fails, 90 % passes) never
 *       yields 90 %.
 *   <li><b>Bound.</b> With no failure yet, the next probe doubles {@code lo} up to the ceiling (a
 *       pass there is a lower bound); with no pass yet, it halves {@code hi} down to the floor (a
 *       failure there: no capacity).
 *   <li><b>Bisect</b> at the geometric midpoint until {@code hi / lo - 1 <= resolution}.
 *   <li><b>Extend</b> an inconclusive probe: the same rate again, the caller pools both probes'
 *       counts; after {@code maxExtensions} the caller decides by the point estimate ({@link
 *       Next#forced()}). The extensions are part of their probe's one decision: they do not spend
 *       the probe budget, so a search near the knee, where probes are often inconclusive, still
 *       reaches its confirmation.
 *   <li><b>Confirm</b> the final {@code lo} with one more probe; if it fails, {@code lo} becomes a
 *       failure and the search goes on below it.
 * </ul>
 *
 * Rates are whole ops/s: a bracket with no whole rate inside counts as converged. Not thread-safe.
 */
public final class CapacitySearch {

  /** A probe's outcome as the caller judged it. */
  public enum Outcome {
    PASS,
    FAIL,
    INCONCLUSIVE,
    CLIENT_LIMITED
  }

  /** Why a probe is asked for. */
  public enum Reason {
    BOUND_UP,
    BOUND_DOWN,
    BISECT,
    EXTEND,
    CONFIRM;

    /** Lowercase name for results files. */
    public String jsonName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * The next probe.
   *
   * @param rate offered rate, ops/s
   * @param reason why
   * @param forced an extension after which no more are allowed: the caller must decide PASS or FAIL
   */
  public record Next(double rate, Reason reason, boolean forced) {}

  /**
   * A judged probe.
   *
   * @param rate offered rate, ops/s
   * @param outcome the judgement
   * @param confidence confidence of a PASS or FAIL decision (1 - p-value), NaN when not known
   */
  public record Probe(double rate, Outcome outcome, double confidence) {}

  /**
   * Settings. Immutable.
   *
   * @param resolution relative width of the final bracket, e.g. 0.02
   * @param floorRate lowest rate probed (below it: no capacity)
   * @param ceilingRate highest rate probed (a pass there is a lower bound)
   * @param maxProbes decided probes this search may ask for (curve seeds not counted): an
   *     inconclusive probe and its extensions count as one, since together they are one decision on
   *     more samples; 0 = the seeds' bracket only
   * @param maxExtensions extra probes for an inconclusive rate
   */
  public record Settings(
      double resolution, double floorRate, double ceilingRate, int maxProbes, int maxExtensions) {
    public Settings {
      if (!(resolution > 0)
          || !(floorRate > 0)
          || !(ceilingRate >= floorRate)
          || maxProbes < 0
          || maxExtensions < 0) {
        throw new IllegalArgumentException("bad capacity search settings");
      }
    }
  }

  /**
   * What the search found. Immutable.
   *
   * @param capacity the highest passing rate below every failure (empty: none passed)
   * @param lo the bracket's low end (= capacity), empty when none passed
   * @param hi the bracket's high end, empty when nothing failed (capacity is then a lower bound)
   * @param lowerBound the capacity is only a lower bound (nothing above it failed, or what stopped
   *     it was the client)
   * @param converged the bracket is within the resolution and its low end was confirmed
   * @param confidence the least confidence of the decisions at the bracket's two ends, NaN when
   *     unknown
   * @param probes probes asked for, extensions included (curve seeds not counted)
   * @param reason how it ended, for people
   */
  public record Result(
      OptionalDouble capacity,
      OptionalDouble lo,
      OptionalDouble hi,
      boolean lowerBound,
      boolean converged,
      double confidence,
      int probes,
      String reason) {}

  private final Settings settings;

  /** Rate to its decided outcome: FAIL wins over PASS at the same rate. */
  private final TreeMap<Double, Probe> decided = new TreeMap<>();

  private final List<Probe> history = new ArrayList<>();
  private Next pending;
  private int extensions;
  private int probes;
  private int decisions;
  private boolean confirmed;
  private Double confirmedRate;
  private Double confirmingRate;

  public CapacitySearch(Settings settings) {
    this.settings = settings;
  }

  /**
   * Seeds the bracket with already-run probes (the latency curve's fixed fractions); not counted as
   * probes.
   */
  public void seed(List<Probe> curve) {
    curve.forEach(this::decide);
  }

  /** The next probe to run, or empty when the search is over. */
  public Optional<Next> next() {
    if (pending != null) {
      return Optional.of(pending);
    }
    if (decisions >= settings.maxProbes()) {
      return Optional.empty();
    }
    OptionalDouble hi = hi();
    OptionalDouble lo = lo();
    Next n;
    if (lo.isEmpty() && hi.isEmpty()) {
      n = new Next(Math.round(settings.ceilingRate()), Reason.BOUND_DOWN, false);
    } else if (hi.isEmpty()) {
      if (lo.getAsDouble() >= settings.ceilingRate()) {
        return Optional.empty();
      }
      n =
          new Next(
              Math.round(Math.min(settings.ceilingRate(), 2 * lo.getAsDouble())),
              Reason.BOUND_UP,
              false);
    } else if (lo.isEmpty()) {
      if (hi.getAsDouble() <= settings.floorRate()) {
        return Optional.empty();
      }
      n =
          new Next(
              Math.round(Math.max(settings.floorRate(), hi.getAsDouble() / 2)),
              Reason.BOUND_DOWN,
              false);
    } else if (hi.getAsDouble() / lo.getAsDouble() - 1 > settings.resolution()
        && splittable(lo, hi)) {
      n =
          new Next(
              Math.round(Math.sqrt(lo.getAsDouble() * hi.getAsDouble())), Reason.BISECT, false);
    } else if (!confirmed || confirmedRate == null || confirmedRate != lo.getAsDouble()) {
      n = new Next(lo.getAsDouble(), Reason.CONFIRM, false);
      confirmingRate = lo.getAsDouble();
    } else {
      return Optional.empty();
    }
    pending = n;
    return Optional.of(n);
  }

  /** The outcome of the probe {@link #next()} asked for. */
  public void offer(Probe p) {
    if (pending == null) {
      throw new IllegalStateException("no probe was asked for");
    }
    Next asked = pending;
    probes++;
    history.add(p);
    if (p.outcome() == Outcome.INCONCLUSIVE) {
      if (asked.forced()) {
        throw new IllegalStateException("a forced probe must be decided");
      }
      extensions++;
      pending = new Next(asked.rate(), Reason.EXTEND, extensions >= settings.maxExtensions());
      if (settings.maxExtensions() == 0) {
        throw new IllegalStateException("inconclusive with no extension allowed: decide the probe");
      }
      return;
    }
    extensions = 0;
    pending = null;
    decisions++;
    decide(p);
    if (confirmingRate != null && confirmingRate == asked.rate()) {
      confirmedRate = asked.rate();
      confirmed = p.outcome() == Outcome.PASS;
      confirmingRate = null;
    }
  }

  private void decide(Probe p) {
    if (p.outcome() == Outcome.INCONCLUSIVE) {
      return;
    }
    Probe before = decided.get(p.rate());
    if (before == null || before.outcome() == Outcome.PASS) {
      decided.put(p.rate(), p);
    }
  }

  /** Whether a whole rate lies strictly between the bracket's ends (rates are whole ops/s). */
  private static boolean splittable(OptionalDouble lo, OptionalDouble hi) {
    long mid = Math.round(Math.sqrt(lo.getAsDouble() * hi.getAsDouble()));
    return mid > lo.getAsDouble() && mid < hi.getAsDouble();
  }

  /**
   * The bracket's high end: the lowest failed rate, or, lower still, the lowest client-limited rate
   * above the highest pass below that failure. A client-limited probe says nothing of the store:
   * below a clean pass it is ignored, above one it caps the search (the capacity is then a lower
   * bound).
   */
  private OptionalDouble hi() {
    OptionalDouble fail =
        decided.values().stream()
            .filter(p -> p.outcome() == Outcome.FAIL)
            .mapToDouble(Probe::rate)
            .min();
    OptionalDouble pass = passBelow(fail);
    OptionalDouble client =
        decided.values().stream()
            .filter(p -> p.outcome() == Outcome.CLIENT_LIMITED)
            .mapToDouble(Probe::rate)
            .filter(
                r ->
                    (pass.isEmpty() || r > pass.getAsDouble())
                        && (fail.isEmpty() || r < fail.getAsDouble()))
            .min();
    return client.isPresent() ? client : fail;
  }

  /** The highest passing rate below {@link #hi()}. */
  private OptionalDouble lo() {
    return passBelow(hi());
  }

  private OptionalDouble passBelow(OptionalDouble limit) {
    return decided.values().stream()
        .filter(p -> p.outcome() == Outcome.PASS)
        .filter(p -> limit.isEmpty() || p.rate() < limit.getAsDouble())
        .mapToDouble(Probe::rate)
        .max();
  }

  /** What the search found so far (the final answer once {@link #next()} is empty). */
  public Result result() {
    OptionalDouble lo = lo();
    OptionalDouble hi = hi();
    boolean hiByClient =
        hi.isPresent() && decided.get(hi.getAsDouble()).outcome() == Outcome.CLIENT_LIMITED;
    boolean lowerBound = lo.isPresent() && (hi.isEmpty() || hiByClient);
    boolean converged =
        lo.isPresent()
            && hi.isPresent()
            && (hi.getAsDouble() / lo.getAsDouble() - 1 <= settings.resolution() + 1e-12
                || !splittable(lo, hi))
            && confirmed
            && confirmedRate != null
            && confirmedRate == lo.getAsDouble();
    double conf = Double.NaN;
    if (lo.isPresent()) {
      conf = decided.get(lo.getAsDouble()).confidence();
    }
    if (hi.isPresent() && !hiByClient) {
      // Unknown at either end makes the bracket's confidence unknown (NaN propagates through min).
      conf = Math.min(conf, decided.get(hi.getAsDouble()).confidence());
    }
    String reason;
    if (lo.isEmpty()) {
      reason =
          hi.isPresent() && hi.getAsDouble() <= settings.floorRate() * (1 + 1e-9)
              ? String.format(
                  Locale.ROOT,
                  "no capacity: even %.0f ops/s (the search's floor) failed the objective",
                  settings.floorRate())
              : "no capacity: no probed rate met the objective";
    } else if (hiByClient) {
      reason =
          String.format(
              Locale.ROOT,
              "lower bound: the client limited the probe at %.0f ops/s",
              hi.getAsDouble());
    } else if (hi.isEmpty()) {
      reason =
          String.format(
              Locale.ROOT,
              "lower bound: the top of the search's range (%.0f ops/s) met the objective",
              settings.ceilingRate());
    } else if (converged) {
      reason =
          String.format(
              Locale.ROOT,
              "converged: bracket [%.0f, %.0f] ops/s within %.1f %%, low end confirmed",
              lo.getAsDouble(),
              hi.getAsDouble(),
              100 * settings.resolution());
    } else {
      reason =
          String.format(
              Locale.ROOT,
              "not converged after %d decided probes: bracket [%.0f, %.0f] ops/s",
              decisions,
              lo.getAsDouble(),
              hi.getAsDouble());
    }
    return new Result(lo, lo, hi, lowerBound, converged, conf, probes, reason);
  }

  /** Every probe offered, in order (seeds excluded). */
  public List<Probe> history() {
    return List.copyOf(history);
  }
}
