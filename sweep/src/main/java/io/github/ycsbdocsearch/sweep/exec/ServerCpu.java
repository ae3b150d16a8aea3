package io.github.ycsbdocsearch.sweep.exec;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * Where a step reads the store's CPU time from: the local server processes (their kernel counters),
 * what a remote store reports about itself, or nowhere (BasicDB). Immutable.
 *
 * @param source recorded as {@code server_cpu_source}; null when there is none
 * @param nanos CPU nanoseconds used so far, summed over the servers; empty when it cannot be read
 *     now
 */
public record ServerCpu(String source, Supplier<Optional<Long>> nanos) {

  /** No server to measure. */
  public static final ServerCpu NONE = new ServerCpu(null, Optional::empty);

  /** The local server processes with these PIDs (all must be readable). */
  public static ServerCpu localProcesses(List<Long> pids) {
    if (pids.isEmpty()) {
      return NONE;
    }
    return new ServerCpu(
        "local-processes",
        () ->
            pids.stream()
                .map(CpuWindow::cpuNanos)
                .reduce(Optional.of(0L), (a, b) -> a.flatMap(x -> b.map(y -> x + y))));
  }

  /** What a remote store reports (StoreProbe#serverCpuNanos). */
  public static ServerCpu storeReported(Supplier<OptionalLong> reported) {
    return new ServerCpu("store-reported", () -> reported.get().stream().boxed().findFirst());
  }
}
