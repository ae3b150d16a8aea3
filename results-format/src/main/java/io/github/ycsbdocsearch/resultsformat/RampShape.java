package io.github.ycsbdocsearch.resultsformat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How a closed-loop ramp's throughput went around its peak, by the ramp's own noise test: a step
 * <em>grew</em> when it beat the best step before it by more than the growth margin and, where both
 * have a 95 % confidence interval, its interval's low end clears the best's high end; it is
 * <em>surely not higher</em> when even its interval's high end does not beat the best by the margin
 * (without an interval: its throughput does not). A step that is neither sits within the noise.
 *
 * <p>The sweep's stopping rule ({@code PeakDetector}) and the report's wording of the peak both
 * read the ramp through this, so the page says what the ramp decided: the peak is a lower bound
 * only when the last step grew, and a ramp whose last steps sat within the noise of the peak is
 * named a plateau, not growth.
 *
 * @param peak the highest-throughput step
 * @param rising the last step grew: throughput was still rising where the ramp ended
 * @param bestBeforePeak the best step before the peak, or null when the peak was the first step
 * @param afterPeak the steps after the peak, in ramp order (none is higher than the peak)
 * @param withinNoise those of {@code afterPeak} not surely below the peak
 */
public record RampShape(
    StepSummary peak,
    boolean rising,
    StepSummary bestBeforePeak,
    List<StepSummary> afterPeak,
    List<StepSummary> withinNoise) {

  /** Least growth over the best step that counts as growing, percent (the sweep's default). */
  public static final double GROWTH_PCT = 5.0;

  public RampShape {
    afterPeak = List.copyOf(afterPeak);
    withinNoise = List.copyOf(withinNoise);
  }

  /**
   * The shape of a ramp's complete steps, in ramp order; empty when there is none.
   *
   * @param growthPct least growth over the best step that counts as growing, percent
   */
  public static Optional<RampShape> of(List<StepSummary> steps, double growthPct) {
    StepSummary best = null;
    StepSummary bestBeforeBest = null;
    int bestIndex = -1;
    boolean lastGrew = false;
    for (int i = 0; i < steps.size(); i++) {
      StepSummary s = steps.get(i);
      lastGrew = best == null || grew(s, best, growthPct);
      if (best == null || s.throughputOps() > best.throughputOps()) {
        bestBeforeBest = best;
        best = s;
        bestIndex = i;
      }
    }
    if (best == null) {
      return Optional.empty();
    }
    List<StepSummary> after = steps.subList(bestIndex + 1, steps.size());
    List<StepSummary> noisy = new ArrayList<>();
    for (StepSummary s : after) {
      if (!surelyNotHigher(s, best, growthPct)) {
        noisy.add(s);
      }
    }
    return Optional.of(new RampShape(best, lastGrew, bestBeforeBest, after, noisy));
  }

  /**
   * The shape of a store's ramp (its complete steps), when its peak is the one capacity.json names;
   * empty without capacity.json, a ramp step or that agreement.
   */
  public static Optional<RampShape> ofPeak(StoreRun store) {
    StoreCapacity sat = store.capacity();
    if (sat == null || sat.peakOps() == null) {
      return Optional.empty();
    }
    return of(store.completeSteps(Phase.RAMP), GROWTH_PCT)
        .filter(r -> sat.isPeakStep(r.peak().step()));
  }

  /**
   * Whether the store's peak is only a lower bound: capacity.json's {@code peak_lower_bound},
   * except where the ramp's steps show a plateau. Files written before the ramp asked its last step
   * to grow flagged last steps within the noise of the peak as still growing (issue 44's
   * Elasticsearch ramp, 5,434 then 5,047 and 4,808 ops/s); a client-bound ramp keeps its flag.
   */
  public static boolean peakLowerBound(StoreRun store) {
    StoreCapacity sat = store.capacity();
    if (sat == null || !Boolean.TRUE.equals(sat.peakLowerBound())) {
      return false;
    }
    boolean clientBound =
        store.completeSteps(Phase.RAMP).stream().anyMatch(StepSummary::clientBound);
    return clientBound || ofPeak(store).map(r -> !r.plateau()).orElse(true);
  }

  /** Growth: above the best by the growth margin and, where both are known, by the CIs. */
  public static boolean grew(StepSummary step, StepSummary best, double growthPct) {
    if (step.throughputOps() <= best.throughputOps() * (1 + growthPct / 100.0)) {
      return false;
    }
    List<Double> ci = step.throughputCi95();
    List<Double> bestCi = best.throughputCi95();
    return ci == null || bestCi == null || ci.get(0) > bestCi.get(1);
  }

  /**
   * Significantly not higher: even the high end of the step's 95 % interval does not beat the best
   * step by the growth margin (without an interval: the point estimate does not).
   */
  public static boolean surelyNotHigher(StepSummary step, StepSummary best, double growthPct) {
    double bar = best.throughputOps() * (1 + growthPct / 100.0);
    List<Double> ci = step.throughputCi95();
    return ci == null ? step.throughputOps() <= bar : ci.get(1) <= bar;
  }

  /**
   * Throughput levelled off rather than rising or clearly falling: the ramp's last step did not
   * grow, and no step after the peak was surely below it.
   */
  public boolean plateau() {
    return !rising && withinNoise.size() == afterPeak.size();
  }

  /**
   * What the ramp did at and after the peak, in words, e.g. {@code peak 5,434 ops/s at 16 threads;
   * throughput fell at 32 and 64 threads, within noise of the peak: a plateau, not growth}.
   */
  public String words() {
    if (rising) {
      return "throughput was still growing at the last step";
    }
    return String.format(
            Locale.ROOT,
            "peak %,.0f ops/s at %s%s%s",
            peak.throughputOps(),
            threads(List.of(peak)),
            afterPeak.isEmpty() ? ", " : "; ",
            afterPeakWords())
        + (plateau() ? ": a plateau, not growth" : "");
  }

  /**
   * The steps after the peak in words, e.g. {@code throughput fell at 32 and 64 threads, within
   * noise of the peak}; for a peak at the last step, the best step before it, which the peak did
   * not surely beat.
   */
  public String afterPeakWords() {
    if (afterPeak.isEmpty()) {
      return bestBeforePeak == null
          ? "the only step"
          : String.format(
              Locale.ROOT,
              "the last step, within noise of %,.0f ops/s at %s",
              bestBeforePeak.throughputOps(),
              threads(List.of(bestBeforePeak)));
    }
    // A step as high as the peak (never higher: the peak is the highest) did not fall.
    boolean allLower = afterPeak.stream().allMatch(s -> s.throughputOps() < peak.throughputOps());
    String fell =
        "throughput " + (allLower ? "fell" : "was no higher") + " at " + threads(afterPeak);
    if (withinNoise.isEmpty()) {
      return fell;
    }
    if (withinNoise.size() == afterPeak.size()) {
      return fell + ", within noise of the peak";
    }
    return fell + " (at " + threads(withinNoise) + " within noise of the peak)";
  }

  /** "1 thread", "32 and 64 threads", "32, 64 and 128 threads". */
  private static String threads(List<StepSummary> steps) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < steps.size(); i++) {
      if (i > 0) {
        out.append(i == steps.size() - 1 ? " and " : ", ");
      }
      out.append(steps.get(i).threads());
    }
    return out + (steps.size() == 1 && steps.get(0).threads() == 1 ? " thread" : " threads");
  }
}
