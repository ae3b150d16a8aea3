package io.github.ycsbdocsearch.sweep.search;

import java.util.List;
import java.util.SplittableRandom;

/** Synthetic windows for the estimator's and the search's tests. */
final class Windows {
  private Windows() {}

  /**
   * A window of {@code seconds} at {@code rate} whose requests are each over the bound with
   * probability {@code share} (independently; {@code random} null: exactly the expected count).
   */
  static RateWindow of(
      String step, double rate, int seconds, double share, SplittableRandom random) {
    long[] n = new long[seconds];
    long[] k = new long[seconds];
    for (int i = 0; i < seconds; i++) {
      n[i] = Math.round(rate);
      if (random == null) {
        k[i] = Math.round(n[i] * share);
      } else {
        for (long j = 0; j < n[i]; j++) {
          if (random.nextDouble() < share) {
            k[i]++;
          }
        }
      }
    }
    return new RateWindow(
        step, rate, seconds, List.of(new RateWindow.OpSeconds("READ", n, k)), null);
  }

  /** The same window, client-limited. */
  static RateWindow limited(RateWindow w, String why) {
    return new RateWindow(w.step(), w.rateOps(), w.seconds(), w.ops(), why);
  }

  /** An M/M/1 queue's share over a 20 ms bound at μ = 1000/s: e^-(μ-λ)B, capped at 1. */
  static double mm1(double rate) {
    return rate >= 1000 ? 1 : Math.exp(-(1000 - rate) * 0.02);
  }
}
