package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Outcome;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Probe;
import java.util.List;

/**
 * Judges a fixed-rate step as a capacity probe, in this order: a step that did not complete, or
 * whose errors passed the error bound, fails; an unsustained step (requests due but never sent, or
 * under 95 % achieved) fails unless the client limited it; otherwise the objective's exceedance
 * test decides, pooled over every probe at the same rate (an extended probe adds its counts to the
 * first one's). A client-limited step (client CPU, or sends late while threads were free) keeps
 * only a clear pass: late sends only add to the intended latency the store is charged with, so a
 * store that passes despite them passes; any other result of such a step is {@link
 * Outcome#CLIENT_LIMITED}, never the store's number.
 *
 * <p>The test counts a window's requests as fewer independent ones when its slow requests came in
 * bursts, and at least as few as the store's burstiest step so far ({@code burstFloor}, see {@link
 * Objective#withDispersionAtLeast}): a window that happened to hold none of a store's occasional
 * stalls is weak evidence, not a certain pass. Stateless.
 */
final class ProbeJudge {
  private ProbeJudge() {}

  /**
   * The outcome of the probes at one rate.
   *
   * @param atRate every complete-or-failed probe at this rate, oldest first (one, or more after
   *     extensions)
   * @param forced decide PASS or FAIL even when the test is inconclusive (by the point estimate)
   * @param burstFloor the dispersion every probe's counts are judged with at least ({@link
   *     #burstOf}, the largest of the store's steps so far; 1 = none)
   */
  static Probe judge(double rate, List<StepResult> atRate, boolean forced, double burstFloor) {
    boolean clientLimited = false;
    for (StepResult r : atRate) {
      // A failed step is an observation, not an estimate: its failure is certain.
      if (r.status() != StepStatus.COMPLETE || r.summary().isEmpty()) {
        return new Probe(rate, Outcome.FAIL, 1.0);
      }
      StepSummary s = r.summary().get();
      if (s.clientBound()) {
        // Requests the client could not send on time are its own, not the store's: judged below.
        clientLimited = true;
        if (Boolean.FALSE.equals(s.rateSustained()) || s.objective() == null) {
          return new Probe(rate, Outcome.CLIENT_LIMITED, Double.NaN);
        }
        continue;
      }
      if (Boolean.FALSE.equals(s.rateSustained())) {
        return new Probe(rate, Outcome.FAIL, 1.0);
      }
      if (s.objective() == null) {
        return new Probe(rate, Outcome.FAIL, Double.NaN);
      }
    }
    Objective pooled =
        Objective.pool(
            atRate.stream()
                .map(r -> r.summary().get().objective().withDispersionAtLeast(burstFloor))
                .toList());
    if (clientLimited) {
      // Only a decided pass survives the client's handicap; a forced or failed verdict may be the
      // client's doing.
      return pooled.decision() == Objective.Decision.PASS
          ? new Probe(rate, Outcome.PASS, pooled.confidence())
          : new Probe(rate, Outcome.CLIENT_LIMITED, Double.NaN);
    }
    Objective.Decision d = forced ? pooled.forcedDecision() : pooled.decision();
    // Not a conditional expression: mixing double and Double in one would unbox a null confidence.
    double conf = Double.NaN;
    if (forced) {
      conf = pooled.forcedConfidence();
    } else if (pooled.confidence() != null) {
      conf = pooled.confidence();
    }
    Outcome o =
        switch (d) {
          case PASS -> Outcome.PASS;
          case FAIL -> Outcome.FAIL;
          case INCONCLUSIVE -> Outcome.INCONCLUSIVE;
        };
    return new Probe(rate, o, conf);
  }

  /**
   * The store's burstiness a step showed ({@link Objective#burstDispersion}), 1 when it shows
   * nothing of the store: it did not complete, has no objective, or the client limited it (its
   * bursts may be the client's).
   */
  static double burstOf(StepResult r) {
    if (r.status() != StepStatus.COMPLETE || r.summary().isEmpty()) {
      return 1;
    }
    StepSummary s = r.summary().get();
    return s.clientBound() || s.objective() == null ? 1 : s.objective().burstDispersion();
  }
}
