package io.github.ycsbdocsearch.resultsformat;

import io.github.ycsbdocsearch.resultsformat.ObjectiveVerdict.Decision;

/**
 * Decides a latency objective "percentile p of latency <= bound" as a statistical test rather than
 * by comparing one sample percentile with the bound.
 *
 * <p>Why. The objective holds exactly when at most a = 1 - p of all requests take longer than the
 * bound. A step sees n requests of which k did (failures count as over: a failed request did not
 * get its answer in time), and k is Bin(n, q) for the true exceedance q. Comparing k / n with a
 * flips with noise whenever q is near a, and says "pass" on 50 requests with none over although 50
 * requests cannot show a 1 % rate. So the test has an indifference zone [q0, q1] = [a / 1.25, a *
 * 1.25] around a, inside which either answer is acceptable, and decides only with {@link #ALPHA}
 * risk outside it:
 *
 * <ul>
 *   <li>PASS when P(X <= k | n, q1) <= alpha: had a share q1 of the requests been over, so few
 *       would be unlikely;
 *   <li>FAIL when P(X >= k | n, q0) <= alpha: had only q0 been over, so many would be unlikely;
 *   <li>both (a large n with k inside the zone): by k / n <= a; neither: INCONCLUSIVE (more
 *       requests needed).
 * </ul>
 *
 * <p>Stateless, thread-safe.
 */
public final class ExceedanceTest {

  /** Risk of a wrong PASS (true exceedance >= q1) or a wrong FAIL (true exceedance <= q0). */
  public static final double ALPHA = 0.05;

  /** Indifference zone half-width, a factor on the allowed share: q0 = a / 1.25, q1 = a * 1.25. */
  public static final double INDIFFERENCE = 1.25;

  /**
   * One decision. Immutable.
   *
   * @param decision PASS, FAIL or INCONCLUSIVE
   * @param exceeding k: requests over the bound, failures included
   * @param requests n: all requests
   * @param observedFraction k / n (0 when n is 0)
   * @param pValue the p-value of the decision taken: P(X <= k | n, q1) for PASS, P(X >= k | n, q0)
   *     for FAIL; for INCONCLUSIVE the smaller of the two (how close the nearer decision came)
   * @param minSamples the fewest requests with which a PASS is possible at all (with none over the
   *     bound)
   */
  public record Result(
      Decision decision,
      long exceeding,
      long requests,
      double observedFraction,
      double pValue,
      long minSamples) {

    /** 1 - {@link #pValue()}. */
    public double confidence() {
      return 1 - pValue;
    }
  }

  private ExceedanceTest() {}

  /**
   * Tests "percentile {@code p} of latency <= bound" on {@code exceeding} requests over the bound
   * out of {@code requests}.
   *
   * @param p percentile as a fraction, e.g. 0.99; the zone must stay a probability (p > 0.2)
   */
  public static Result test(double p, long exceeding, long requests) {
    double allowed = allowed(p);
    if (requests < 0 || exceeding < 0 || exceeding > requests) {
      throw new IllegalArgumentException(
          "need 0 <= exceeding <= requests, got " + exceeding + " of " + requests);
    }
    double q0 = allowed / INDIFFERENCE;
    double q1 = allowed * INDIFFERENCE;
    double passP = Binomial.cdf(exceeding, requests, q1);
    double failP = Binomial.upperTail(exceeding, requests, q0);
    double observed = requests == 0 ? 0.0 : (double) exceeding / requests;
    boolean pass = passP <= ALPHA;
    boolean fail = failP <= ALPHA;
    if (pass && fail) {
      pass = observed <= allowed;
      fail = !pass;
    }
    Decision d = pass ? Decision.PASS : fail ? Decision.FAIL : Decision.INCONCLUSIVE;
    double pValue = pass ? passP : fail ? failP : Math.min(passP, failP);
    return new Result(d, exceeding, requests, observed, pValue, minSamples(p));
  }

  /** Fewest requests that can PASS: the smallest n with P(X <= 0 | n, q1) <= alpha (p99: 239). */
  public static long minSamples(double p) {
    return Binomial.minTrialsForNone(allowed(p) * INDIFFERENCE, ALPHA);
  }

  private static double allowed(double p) {
    if (!(p > 0 && p < 1) || (1 - p) * INDIFFERENCE >= 1) {
      throw new IllegalArgumentException(
          "percentile must be a fraction in (" + (1 - 1 / INDIFFERENCE) + ", 1), got " + p);
    }
    return 1 - p;
  }
}
