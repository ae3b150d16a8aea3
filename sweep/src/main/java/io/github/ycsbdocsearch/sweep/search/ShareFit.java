package io.github.ycsbdocsearch.sweep.search;

/**
 * Local logistic regression of the share of requests over the bound against the logarithm of the
 * offered rate: {@code logit p = a + b x} with {@code x = ln(rate / center)}, each block weighted
 * by a tricube kernel of half-width {@code bandwidth} around {@code center} (times how often a
 * bootstrap replicate drew it), fitted by binomial maximum likelihood (Newton's method with step
 * halving). A weak normal prior on the slope keeps the fit finite when the blocks separate
 * perfectly (every block below a rate clean, every block above all over). Stateless.
 */
public final class ShareFit {
  /** Prior on the slope b: centred here (an M/M/1 queue at p99 <= 20 ms has about 15) ... */
  static final double SLOPE_PRIOR = 10;

  /** ... with this standard deviation: weak, it only matters when the data say nothing. */
  static final double SLOPE_PRIOR_SD = 40;

  private static final int MAX_ITERATIONS = 60;

  private ShareFit() {}

  /**
   * A fitted line. Immutable.
   *
   * @param a intercept at the centre
   * @param b slope per unit of ln(rate)
   * @param converged Newton's method converged
   */
  public record Line(double a, double b, boolean converged) {
    /** The x where the fitted share equals {@code share}; NaN when the slope is not positive. */
    public double crossing(double share) {
      return b > 0 ? (logit(share) - a) / b : Double.NaN;
    }

    public double share(double x) {
      return sigmoid(a + b * x);
    }
  }

  /** Tricube kernel weight of {@code x} at half-width {@code h} (0 outside). */
  static double kernel(double x, double h) {
    if (Double.isInfinite(h)) {
      return 1;
    }
    double u = Math.abs(x) / h;
    if (u >= 1) {
      return 0;
    }
    double c = 1 - u * u * u;
    return c * c * c;
  }

  /**
   * Fits the line to blocks.
   *
   * @param x ln(rate / centre) of each block
   * @param n requests of each block
   * @param k over the bound of each block
   * @param w each block's weight (kernel times multiplicity)
   * @param start a starting intercept (the logit of the allowance is a good one)
   */
  static Line fit(double[] x, long[] n, long[] k, double[] w, double start) {
    double a = start;
    double b = SLOPE_PRIOR;
    double ll = logLikelihood(x, n, k, w, a, b);
    boolean converged = false;
    double prior = 1 / (SLOPE_PRIOR_SD * SLOPE_PRIOR_SD);
    for (int it = 0; it < MAX_ITERATIONS && !converged; it++) {
      double ga = 0;
      double gb = 0;
      double haa = 1e-9;
      double hab = 0;
      double hbb = prior;
      for (int i = 0; i < x.length; i++) {
        if (w[i] == 0 || n[i] == 0) {
          continue;
        }
        double p = sigmoid(a + b * x[i]);
        double r = w[i] * (k[i] - n[i] * p);
        ga += r;
        gb += r * x[i];
        double v = w[i] * n[i] * p * (1 - p);
        haa += v;
        hab += v * x[i];
        hbb += v * x[i] * x[i];
      }
      gb -= (b - SLOPE_PRIOR) * prior;
      double det = haa * hbb - hab * hab;
      if (!(det > 0)) {
        break;
      }
      double da = (hbb * ga - hab * gb) / det;
      double db = (haa * gb - hab * ga) / det;
      double scale = Math.max(Math.abs(da) / 5, Math.abs(db) / 50);
      if (scale > 1) {
        da /= scale;
        db /= scale;
      }
      double step = 1;
      double next = Double.NEGATIVE_INFINITY;
      for (int half = 0; half < 30; half++) {
        next = logLikelihood(x, n, k, w, a + step * da, b + step * db);
        if (next >= ll - 1e-12) {
          break;
        }
        step /= 2;
      }
      if (!(next >= ll - 1e-12)) {
        break;
      }
      a += step * da;
      b += step * db;
      converged = Math.abs(step * da) < 1e-9 && Math.abs(step * db) < 1e-7;
      ll = next;
    }
    return new Line(a, b, converged);
  }

  private static double logLikelihood(
      double[] x, long[] n, long[] k, double[] w, double a, double b) {
    double ll = 0;
    for (int i = 0; i < x.length; i++) {
      if (w[i] == 0 || n[i] == 0) {
        continue;
      }
      double eta = a + b * x[i];
      // k log p + (n - k) log(1 - p), with log p = -log(1 + e^-eta), log(1 - p) = -log(1 + e^eta)
      ll -= w[i] * (k[i] * softplus(-eta) + (n[i] - k[i]) * softplus(eta));
    }
    double d = b - SLOPE_PRIOR;
    return ll - d * d / (2 * SLOPE_PRIOR_SD * SLOPE_PRIOR_SD);
  }

  /** log(1 + e^z) without overflow. */
  private static double softplus(double z) {
    return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
  }

  static double sigmoid(double z) {
    return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
  }

  static double logit(double p) {
    return Math.log(p / (1 - p));
  }
}
