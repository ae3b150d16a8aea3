package io.github.ycsbdocsearch.sweep.plan;

import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.Phase;
import java.util.ArrayList;
import java.util.List;

/**
 * The steps of a store's sweep, phase by phase: the ramp (closed loop, one step per thread count,
 * until the peak), the explicit --rates, then the load phase at fractions of the peak (planned once
 * the peak is known), then the harness floor (BasicDB at every fixed-rate step's threads and rate).
 * Step numbers run on across phases: folder names are unique and a resumed run plans them again.
 */
public final class StepPlanner {

  /** Client threads of a fixed-rate step when no explicit thread list is given. */
  public static final int RATE_THREADS = 16;

  /** Least client threads of a fixed-rate step (the shared arrival schedule's pool). */
  public static final int MIN_LOAD_THREADS = 8;

  /** Most threads of a fixed-rate step: past this, they cost the client more than they give. */
  public static final int MAX_POOL_THREADS = 256;

  /** Pool size: the requests in flight at the bound (Little's law) times this, plus the least. */
  public static final double POOL_HEADROOM = 2.0;

  private StepPlanner() {}

  /** The ramp's steps, numbered from 1; none when the run asks only for explicit rates. */
  public static List<StepSpec> ramp(PlanSettings o) {
    List<StepSpec> out = new ArrayList<>();
    if (o.ramps()) {
      for (int t : o.threads().counts()) {
        out.add(StepSpec.ramp(out.size() + 1, t));
      }
    }
    return out;
  }

  /** The explicit --rates steps, numbered after {@code after}. */
  public static List<StepSpec> rates(PlanSettings o, int after) {
    List<StepSpec> out = new ArrayList<>();
    List<Integer> counts = o.threads().auto() ? List.of(RATE_THREADS) : o.threads().counts();
    for (int t : counts) {
      for (int r : o.rates()) {
        out.add(new StepSpec(after + out.size() + 1, Phase.RATES, t, r, null));
      }
    }
    return out;
  }

  /**
   * The soak step at {@code rate}, numbered after {@code after}, with the pool of its rate.
   *
   * @param fraction the rate as a fraction of the capacity; null when it is a --rates value
   */
  public static StepSpec soak(PlanSettings o, long rate, Double fraction, int after) {
    return new StepSpec(after + 1, Phase.SOAK, poolThreads(rate, o.slo()), rate, fraction);
  }

  /**
   * The fault's two steps at {@code rate}, numbered after {@code after}: its control (no fault),
   * then the step a server is killed in; both with the pool of the rate.
   *
   * @param fraction the rate as a fraction of the capacity; null when it is a --rates value
   */
  public static List<StepSpec> fault(PlanSettings o, long rate, Double fraction, int after) {
    int pool = poolThreads(rate, o.slo());
    return List.of(
        new StepSpec(after + 1, Phase.FAULT_CONTROL, pool, rate, fraction),
        new StepSpec(after + 2, Phase.FAULT, pool, rate, fraction));
  }

  /**
   * The latency curve's steps at each fraction of the peak, numbered after {@code after}, each with
   * the thread pool of its rate ({@link #poolThreads}): one arrival schedule is shared by the pool,
   * so a slow request never delays another, and the pool, not the peak's threads, bounds it.
   */
  public static List<StepSpec> curve(PlanSettings o, double peakOps, int after) {
    List<StepSpec> out = new ArrayList<>();
    for (double f : o.loadFractions()) {
      long rate = Math.max(1, Math.round(peakOps * f));
      out.add(
          new StepSpec(after + out.size() + 1, Phase.LOAD, poolThreads(rate, o.slo()), rate, f));
    }
    return out;
  }

  /**
   * The thread pool of a fixed-rate step at {@code rate} ops/s under the objective {@code slo}. By
   * Little's law a store that meets the bound B holds at most about rate x B requests in flight;
   * the pool holds {@link #POOL_HEADROOM} times that plus {@link #MIN_LOAD_THREADS}, so it runs dry
   * only when the store's latency is far past the bound (then the requests wait for a thread, and
   * their intended latency, counted from the scheduled arrival, charges that wait to the store),
   * between {@link #MIN_LOAD_THREADS} and {@link #MAX_POOL_THREADS}.
   */
  public static int poolThreads(long rate, Objective slo) {
    double inFlight = rate * (slo.boundUs() / 1e6);
    long n = (long) Math.ceil(POOL_HEADROOM * inFlight) + MIN_LOAD_THREADS;
    return (int) Math.min(MAX_POOL_THREADS, Math.max(MIN_LOAD_THREADS, n));
  }

  /** A floor step for each fixed-rate step, numbered after {@code after}. */
  public static List<StepSpec> floor(List<StepSpec> fixedRate, int after) {
    List<StepSpec> out = new ArrayList<>();
    for (StepSpec s : fixedRate) {
      out.add(
          new StepSpec(
              after + out.size() + 1,
              Phase.FLOOR,
              s.threads(),
              s.targetOps(),
              s.offeredFraction()));
    }
    return out;
  }
}
