package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.resultsformat.StepStatus;
import io.github.ycsbdocsearch.resultsformat.StepSummary;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Outcome;
import io.github.ycsbdocsearch.sweep.search.CapacitySearch.Probe;
import java.util.List;

/**
 * Judges a fixed-rate step as a capacity probe, in this order: a step that did not complete, or whose errors passed
 * the error bound, fails; a client-limited step (client CPU, or sends late while threads were free) is
 * {@link Outcome#CLIENT_LIMITED}, never the store's number; an unsustained step (requests due but never sent, or
 * under 95 % achieved) fails; otherwise the objective's exceedance test decides, pooled over every probe at the same
 * rate (an extended probe adds its counts to the first one's). Stateless.
 */
final class ProbeJudge {
  private ProbeJudge() {
  }

  /**
   * The outcome of the probes at one rate.
   *
   * @param atRate every complete-or-failed probe at this rate, oldest first (one, or more after extensions)
   * @param forced decide PASS or FAIL even when the test is inconclusive (by the point estimate)
   */
  static Probe judge(double rate, List<StepResult> atRate, boolean forced) {
    for (StepResult r : atRate) {
      // A failed or unsustained step is an observation, not an estimate: its failure is certain.
      if (r.status() != StepStatus.COMPLETE || r.summary().isEmpty()) {
        return new Probe(rate, Outcome.FAIL, 1.0);
      }
      StepSummary s = r.summary().get();
      if (s.clientBound()) {
        return new Probe(rate, Outcome.CLIENT_LIMITED, Double.NaN);
      }
      if (Boolean.FALSE.equals(s.rateSustained())) {
        return new Probe(rate, Outcome.FAIL, 1.0);
      }
      if (s.objective() == null) {
        return new Probe(rate, Outcome.FAIL, Double.NaN);
      }
    }
    Objective pooled = Objective.pool(atRate.stream().map(r -> r.summary().get().objective()).toList());
    Objective.Decision d = forced ? pooled.forcedDecision() : pooled.decision();
    // Not a conditional expression: mixing double and Double in one would unbox a null confidence.
    double conf = Double.NaN;
    if (forced) {
      conf = pooled.forcedConfidence();
    } else if (pooled.confidence() != null) {
      conf = pooled.confidence();
    }
    Outcome o = switch (d) {
      case PASS -> Outcome.PASS;
      case FAIL -> Outcome.FAIL;
      case INCONCLUSIVE -> Outcome.INCONCLUSIVE;
    };
    return new Probe(rate, o, conf);
  }
}
