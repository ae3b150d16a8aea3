package io.github.ycsbdocsearch.resultsformat;

import io.github.ycsbdocsearch.resultsformat.summarizer.StepSummarizer;
import java.util.List;
import java.util.Locale;

/**
 * Who decided a fixed-rate window's verdict: the store, or the client. A window is the client's
 * only when the client decided its outcome:
 *
 * <ul>
 *   <li>its CPU was saturated over the window (more than {@link StepSummary#CLIENT_BOUND_SHARE} of
 *       the CPUs it may use, the JIT compiler's threads left out): it could not offer the rate; or
 *   <li>the objective's decision on intended latency (from the scheduled arrival) differs from the
 *       decision on latency from the actual send, while every request found a free thread in the
 *       window: the client's own late sends changed the verdict.
 * </ul>
 *
 * A window whose intended latency meets the objective is the store's pass, whatever the send lag
 * (intended latency already includes it). A store stall that holds every thread also delays sends:
 * with the pool exhausted in the window, the waits are the store's backlog and the window is the
 * store's, pass or fail. Send lag alone decides nothing: a stalled store delays sending too. A
 * step's {@code client_limit} is decided here alone ({@link #ofStep}), once, when its summary is
 * made; readers take it from the summary. Stateless.
 */
public final class ClientAttribution {

  private ClientAttribution() {}

  /**
   * Why the client decided the window, or null when the store did.
   *
   * @param cpuCores the client's CPU over the window, cores (JIT left out); null when unknown
   * @param cpus the CPUs it may use; null when unknown
   * @param intended the objective's decision on intended latency; null when the step has none
   * @param fromSend the decision on latency from the actual send; null when unknown
   * @param poolExhausted every client thread was busy at some moment of the window
   */
  public static String of(
      Double cpuCores,
      Integer cpus,
      ObjectiveVerdict.Decision intended,
      ObjectiveVerdict.Decision fromSend,
      boolean poolExhausted) {
    if (cpuCores != null
        && cpus != null
        && cpus > 0
        && cpuCores > StepSummary.CLIENT_BOUND_SHARE * cpus) {
      return String.format(
          Locale.ROOT, "client CPU %.2f of %d CPUs (JIT compiler left out)", cpuCores, cpus);
    }
    if (intended == null
        || fromSend == null
        || intended == ObjectiveVerdict.Decision.PASS
        || intended == fromSend
        || poolExhausted) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "late sends changed the verdict with threads free: %s on intended latency, %s from the"
            + " send",
        intended.jsonName(),
        fromSend.jsonName());
  }

  /**
   * Why the client limited the step, or null: the step's {@code client_limit}, decided here when
   * its summary is made ({@link StepSummarizer}). It used more than {@link
   * StepSummary#CLIENT_BOUND_SHARE} of its CPUs (JIT compiler threads left out; with several
   * clients, the CPUs they share or any other machine's), or its late sends changed the objective's
   * verdict while every request found a free thread in the window.
   */
  public static String ofStep(
      StepRecord info,
      Pacing pacing,
      List<StepClients.Client> clients,
      ObjectiveVerdict objective) {
    String cpu = of(info.clientCpuCores(), info.clientCpus(), null, null, false);
    if (cpu != null) {
      return cpu;
    }
    String machine = busyClientMachine(clients);
    if (machine != null) {
      return machine;
    }
    if (pacing == null || objective == null) {
      return null;
    }
    return of(
        null,
        null,
        objective.decision(),
        objective.decisionFromSend(),
        pacing.poolRanOutInWindow());
  }

  /**
   * A client machine whose CPUs were busier than {@link StepSummary#CLIENT_BOUND_SHARE}, or null:
   * the local clients together on the CPUs they share, each other machine on its own (the step's
   * sum over all machines can hide one).
   */
  private static String busyClientMachine(List<StepClients.Client> clients) {
    double local = 0;
    int localCpus = 0;
    for (StepClients.Client c : clients) {
      if (c.clientCpuCores() == null) {
        continue;
      }
      if (StepClients.LOCAL.equals(c.host())) {
        local += c.clientCpuCores();
        localCpus = c.clientCpus();
      } else if (c.clientCpus() > 0
          && c.clientCpuCores() > StepSummary.CLIENT_BOUND_SHARE * c.clientCpus()) {
        return String.format(
            Locale.ROOT,
            "client %d (%s): CPU %.2f of %d CPUs (JIT compiler left out)",
            c.index(),
            c.host(),
            c.clientCpuCores(),
            c.clientCpus());
      }
    }
    return localCpus > 0 && local > StepSummary.CLIENT_BOUND_SHARE * localCpus
        ? String.format(
            Locale.ROOT,
            "local clients: CPU %.2f of %d CPUs (JIT compiler left out)",
            local,
            localCpus)
        : null;
  }
}
