package io.github.ycsbdocsearch.sweep.plan;

import io.github.ycsbdocsearch.resultsformat.OpenLoop;
import java.util.ArrayList;
import java.util.List;

/**
 * One client JVM's part of a step driven by several: its threads, its offered rate, its operation
 * budget and its arrival schedule's seed. The parts add up to the step exactly (a remainder goes to
 * the first clients), so the step keeps its name, threads and rate whatever the number of clients.
 *
 * @param index the client's number (its folder {@code clients/<index>/})
 * @param step the step as this client runs it: its threads and rate
 * @param operationCount its share of YCSB's operation budget
 * @param openLoop its arrival schedule (null in a closed loop): the step's, with this client's seed
 */
public record ClientShare(int index, StepSpec step, long operationCount, OpenLoop openLoop) {

  /**
   * Seeds of two clients of one step lie this far apart; steps' seeds differ by their index (1, 2,
   * ...): no two schedules of a run share one. Client 0 keeps the step's, as a lone client.
   */
  public static final long SEED_STRIDE = 1_000_003L;

  /**
   * Splits a step among at most {@code clients} clients: as many as the step has threads (and, at a
   * fixed rate, requests per second), so that every client has at least one thread. Independent
   * Poisson schedules of rates that sum to the step's add up to one Poisson schedule at the step's
   * rate, so the store is offered the same arrival process however many clients send it.
   */
  public static List<ClientShare> split(
      StepSpec step, long operationCount, OpenLoop openLoop, int clients) {
    int k = Math.max(1, Math.min(clients, step.threads()));
    if (step.targetOps() > 0) {
      k = (int) Math.min(k, step.targetOps());
    }
    List<ClientShare> shares = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      StepSpec part =
          new StepSpec(
              step.index(),
              step.phase(),
              part(step.threads(), k, i),
              part(step.targetOps(), k, i),
              step.offeredFraction());
      OpenLoop schedule =
          openLoop == null
              ? null
              : new OpenLoop(
                  openLoop.arrivals(),
                  openLoop.seed() + i * SEED_STRIDE,
                  openLoop.lagThresholdUs(),
                  openLoop.slo(),
                  openLoop.rampS());
      shares.add(
          new ClientShare(i, part, Math.max(part.threads(), part(operationCount, k, i)), schedule));
    }
    return shares;
  }

  private static int part(int total, int k, int i) {
    return (int) part((long) total, k, i);
  }

  private static long part(long total, int k, int i) {
    return total / k + (i < total % k ? 1 : 0);
  }
}
