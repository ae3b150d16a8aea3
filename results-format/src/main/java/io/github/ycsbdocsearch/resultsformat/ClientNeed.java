package io.github.ycsbdocsearch.resultsformat;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How many client machines of the run's size a store needed at its peak, from what the client paid
 * per operation: the median, over the store's complete capacity steps that the client did not
 * limit, of its CPU cores over the window (JIT compiler left out) divided by the throughput. A
 * machine is counted as enough up to {@value #TARGET_SHARE} of its CPUs busy: beyond that its
 * threads wait for a CPU and the latencies are partly the client's. Immutable.
 *
 * @param store the store
 * @param cpuUsPerOp client CPU microseconds per operation; null when no step says
 * @param peakOps the closed-loop peak; null without one
 * @param peakLowerBound the peak is only a lower bound (the ramp was cut short, e.g. by the client)
 * @param cpusPerMachine the CPUs of one client machine (locally: the client's pinning set)
 * @param machinesRun the client machines the run had
 * @param machinesNeeded machines of that size the peak needed; null when unknown
 */
public record ClientNeed(
    String store,
    Double cpuUsPerOp,
    Double peakOps,
    boolean peakLowerBound,
    int cpusPerMachine,
    int machinesRun,
    Integer machinesNeeded) {

  /** Share of a client machine's CPUs counted as usable. */
  public static final double TARGET_SHARE = 0.75;

  /** The store's need, or null when the run says nothing of its client's CPU. */
  public static ClientNeed of(StoreRun s) throws ResultsFormatException {
    List<StepSummary> measured =
        s.completeSteps(Phase.CAPACITY).stream()
            .filter(
                x ->
                    !x.clientBound()
                        && x.clientCpuCores() != null
                        && x.clientCpus() != null
                        && x.throughputOps() > 0)
            .toList();
    if (measured.isEmpty()) {
      return null;
    }
    double[] costs =
        measured.stream()
            .mapToDouble(x -> 1e6 * x.clientCpuCores() / x.throughputOps())
            .sorted()
            .toArray();
    int m = costs.length;
    double cost = m % 2 == 1 ? costs[m / 2] : (costs[m / 2 - 1] + costs[m / 2]) / 2;
    int machines = 1;
    int cpus = measured.get(0).clientCpus();
    for (StoreRun.Step step : s.steps()) {
      Optional<StepClients> clients = StepClients.read(step.dir());
      if (clients.isPresent()) {
        machines = Math.max(machines, machineCount(clients.get()));
        // The local set counts once; the step's client_cpus adds each other machine's.
        cpus = clients.get().clients().get(0).clientCpus();
      }
    }
    Saturation sat = s.saturation();
    Double peak = sat == null ? null : sat.peak();
    Integer needed =
        peak == null
            ? null
            : (int) Math.max(1, Math.ceil(peak * cost / (1e6 * TARGET_SHARE * Math.max(1, cpus))));
    return new ClientNeed(
        s.name(),
        Math.round(cost * 10) / 10.0,
        peak,
        sat != null && Boolean.TRUE.equals(sat.peakLowerBound()),
        cpus,
        machines,
        needed);
  }

  /**
   * Whether the run had the machines its peak needed (false too when the peak is a lower bound it
   * could not lift).
   */
  public boolean enough() {
    return machinesNeeded != null && machinesNeeded <= machinesRun && !peakLowerBound;
  }

  private static int machineCount(StepClients clients) {
    Set<String> hosts = new HashSet<>();
    clients.clients().forEach(c -> hosts.add(c.host()));
    return hosts.size();
  }
}
