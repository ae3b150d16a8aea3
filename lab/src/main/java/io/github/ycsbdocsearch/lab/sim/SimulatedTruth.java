package io.github.ycsbdocsearch.lab.sim;

import io.github.ycsbdocsearch.common.Exponential;
import io.github.ycsbdocsearch.common.data.Seeds;
import io.github.ycsbdocsearch.lab.Mm1Server;
import java.util.SplittableRandom;

/**
 * A scenario's true capacity where no closed form exists (a server that stalls): the long-run share
 * of requests over the bound at a rate, from one long simulation (the server's own clock, requests
 * sent at their arrival), and the rate where it equals the allowance, by bisection on the same
 * random numbers at every rate (so the share is monotone in the rate). Stateless.
 */
public final class SimulatedTruth {
  /** Requests of one evaluation of the long-run share: 10^8, about two days of simulated time. */
  public static final long REQUESTS = 100_000_000L;

  private SimulatedTruth() {}

  /** The share of {@code requests} Poisson arrivals at {@code rate} that took over the bound. */
  public static double share(Scenario sc, double rate, long requests, long seed) {
    Mm1Server server = sc.server(seed);
    SplittableRandom arrivals = new SplittableRandom(Seeds.mix(seed, 2));
    long bound = Math.round(sc.boundMs() * 1e6);
    double t = 0;
    double gap = 1e9 / rate;
    long over = 0;
    for (long i = 0; i < requests; i++) {
      t += Exponential.seconds(arrivals, 1) * gap;
      long arrival = (long) t;
      if (server.admit(arrival) - arrival > bound) {
        over++;
      }
    }
    return (double) over / requests;
  }

  /** The rate whose long-run share equals the allowance, within {@code tolerance} ops/s. */
  public static double capacity(Scenario sc, long requests, long seed, double tolerance) {
    double lo = 1;
    double hi = sc.mu();
    while (hi - lo > tolerance) {
      double mid = (lo + hi) / 2;
      if (share(sc, mid, requests, seed) > sc.allowance()) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return (lo + hi) / 2;
  }
}
