package io.github.ycsbdocsearch.sweep.exec;

import java.time.Duration;
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
        () -> {
          long total = 0;
          for (long pid : pids) {
            Optional<Long> n =
                ProcessHandle.of(pid)
                    .flatMap(h -> h.info().totalCpuDuration())
                    .map(Duration::toNanos);
            if (n.isEmpty()) {
              return Optional.empty();
            }
            total += n.get();
          }
          return Optional.of(total);
        });
  }

  /** What a remote store reports (StoreProbe#serverCpuNanos). */
  public static ServerCpu storeReported(Supplier<OptionalLong> reported) {
    return new ServerCpu(
        "store-reported",
        () -> {
          OptionalLong v = reported.get();
          return v.isPresent() ? Optional.of(v.getAsLong()) : Optional.empty();
        });
  }
}
