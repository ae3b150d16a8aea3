package io.github.ycsbdocsearch.resultsformat;

import java.nio.file.Path;

/**
 * A client's {@code cpu.json} ({@link RunLayout#REMOTE_CPU}) on another machine: what {@code
 * scripts/lib/remote-client.sh} measured of the client JVM over the step's window, fetched into the
 * client's folder. Read by the runner, which records it in the step ({@code step.json}'s client
 * CPU). Immutable.
 *
 * @param clientCpuCores the client JVM's CPU over the window, cores; null when not measured
 * @param clientJitCpuCores of those, its JIT compiler threads'; null when not measured
 * @param clientCpus the machine's CPUs; 0 when not known
 */
public record RemoteCpu(Double clientCpuCores, Double clientJitCpuCores, int clientCpus) {

  /** Nothing known, as when the client ended before its window. */
  public static final RemoteCpu UNKNOWN = new RemoteCpu(null, null, 0);

  /** A client folder's {@code cpu.json}; {@link #UNKNOWN} if missing or unreadable (step kept). */
  public static RemoteCpu read(Path clientDir) {
    try {
      return Json.readIfPresent(clientDir.resolve(RunLayout.REMOTE_CPU), RemoteCpu.class)
          .orElse(UNKNOWN);
    } catch (ResultsFormatException e) {
      return UNKNOWN;
    }
  }
}
