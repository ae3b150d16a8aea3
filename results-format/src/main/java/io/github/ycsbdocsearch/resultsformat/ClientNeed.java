package io.github.ycsbdocsearch.resultsformat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How many client machines of the run's size a store needed, from what the client paid per
 * operation ({@link StepSummary#clientCpuUsPerOp}, its CPU over the window, JIT compiler left out,
 * per operation): at the closed-loop peak, the median over the store's complete ramp steps that the
 * client did not limit; at the capacity, the median over the fixed-rate windows near it (within
 * {@value #NEAR_CAPACITY} of it either way, the nearest three when none is), which is what offering
 * the capacity costs (an open-loop request costs the client more than a closed-loop one, and the
 * cost per operation falls as the rate rises). The harness floor's cost (BasicDB at the curve's
 * rates) is beside them. A machine is counted as enough up to {@value #TARGET_SHARE} of its CPUs
 * busy: beyond that its threads wait for a CPU and the latencies are partly the client's.
 * Immutable.
 *
 * @param cpuUsPerOp client CPU microseconds per operation in the closed loop; null when no step
 *     says
 * @param peakOps the closed-loop peak; null without one
 * @param peakLowerBound the peak is only a lower bound (the ramp was cut short, e.g. by the client)
 * @param cpusPerMachine the CPUs of one client machine (locally: the client's pinning set)
 * @param machinesRun the client machines the run had
 * @param machinesNeeded machines of that size the peak needed; null when unknown
 * @param openLoopUsPerOp client CPU microseconds per operation of the fixed-rate windows near the
 *     capacity; null when there is no capacity or no such window says
 * @param floorUsPerOp the harness floor's (BasicDB at the same rates and threads); null without one
 * @param capacityOps the capacity; null without one
 * @param machinesForCapacity machines of that size that offering the capacity needs; null when
 *     unknown
 */
public record ClientNeed(
    String store,
    Double cpuUsPerOp,
    Double peakOps,
    boolean peakLowerBound,
    int cpusPerMachine,
    int machinesRun,
    Integer machinesNeeded,
    Double openLoopUsPerOp,
    Double floorUsPerOp,
    Double capacityOps,
    Integer machinesForCapacity) {

  /** Share of a client machine's CPUs counted as usable. */
  public static final double TARGET_SHARE = 0.75;

  /** Windows within this share of the capacity, either way, are near it. */
  public static final double NEAR_CAPACITY = 0.25;

  /** The store's need, or null when the run says nothing of its client's CPU. */
  public static ClientNeed of(StoreRun s) throws ResultsFormatException {
    List<StepSummary> measured =
        s.usableSteps(Phase.RAMP).stream()
            .filter(x -> x.clientCpuUsPerOp() != null && x.clientCpus() != null)
            .toList();
    if (measured.isEmpty()) {
      return null;
    }
    Double cost = median(measured.stream().map(StepSummary::clientCpuUsPerOp).toList());
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
    StoreCapacity sat = s.capacity();
    Double peak = sat == null ? null : sat.peakOps();
    Double capacity = sat == null ? null : sat.capacityOps();
    Double open = capacity == null ? null : median(nearCapacity(s, capacity));
    Double floor =
        median(
            s.completeSteps(Phase.FLOOR).stream()
                .map(StepSummary::clientCpuUsPerOp)
                .filter(Objects::nonNull)
                .toList());
    return new ClientNeed(
        s.name(),
        cost,
        peak,
        RampShape.peakLowerBound(s),
        cpus,
        machines,
        machinesFor(peak, cost, cpus),
        open,
        floor,
        capacity,
        machinesFor(capacity, open, cpus));
  }

  /**
   * What the fixed-rate windows the client did not limit paid near the capacity: within {@link
   * #NEAR_CAPACITY} of it, else the three nearest by rate ratio.
   */
  private static List<Double> nearCapacity(StoreRun s, double capacity) {
    List<StepSummary> offered = new ArrayList<>();
    for (Phase p : List.of(Phase.LOAD, Phase.SEARCH, Phase.RATES)) {
      offered.addAll(s.completeSteps(p));
    }
    List<StepSummary> known =
        offered.stream()
            .filter(x -> !x.clientBound() && x.clientCpuUsPerOp() != null && x.targetOps() > 0)
            .sorted(Comparator.comparingDouble(x -> Math.abs(Math.log(x.targetOps() / capacity))))
            .toList();
    List<StepSummary> near =
        known.stream()
            .filter(x -> Math.abs(x.targetOps() / capacity - 1) <= NEAR_CAPACITY)
            .toList();
    return (near.isEmpty() ? known.stream().limit(3).toList() : near)
        .stream().map(StepSummary::clientCpuUsPerOp).toList();
  }

  private static Integer machinesFor(Double rate, Double usPerOp, int cpus) {
    return rate == null || usPerOp == null
        ? null
        : (int) Math.max(1, Math.ceil(rate * usPerOp / (1e6 * TARGET_SHARE * Math.max(1, cpus))));
  }

  /** The median, rounded to 0.1; null for none. */
  private static Double median(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int m = v.length;
    if (m == 0) {
      return null;
    }
    double med = m % 2 == 1 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
    return Numbers.round(med, 1);
  }

  /** Whether the run had the machines its peak needed (false for a lower bound not lifted). */
  public boolean enough() {
    return machinesNeeded != null && machinesNeeded <= machinesRun && !peakLowerBound;
  }

  private static int machineCount(StepClients clients) {
    return (int) clients.clients().stream().map(StepClients.Client::host).distinct().count();
  }
}
