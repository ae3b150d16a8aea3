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
 * Outcome#CLIENT_LIMITED}, never the store's number. Stateless.
 */
final class ProbeJudge {
  private ProbeJudge() {}

  /**
   * The outcome of the probes at one rate.
   *
   * @param atRate every complete-or-failed probe at this rate, oldest first (one, or more after
   *     extensions)
   * @param forced decide PASS or FAIL even when the test is inconclusive (by the point estimate)
   */
  static Probe judge(double rate, List<StepResult> atRate, boolean forced) {
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
        Objective.pool(atRate.stream().map(r -> r.summary().get().objective()).toList());
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
}
