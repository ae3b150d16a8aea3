package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.common.workload.KeyLayout;
import io.github.ycsbdocsearch.resultsformat.StepClients;
import io.github.ycsbdocsearch.resultsformat.YcsbOutput;
import io.github.ycsbdocsearch.sweep.exec.ChildResult;
import io.github.ycsbdocsearch.sweep.exec.CpuWindow;
import io.github.ycsbdocsearch.sweep.plan.ClientShare;
import java.time.Duration;
import java.util.Map;

/**
 * One client JVM of a step, as it ran: what a {@link ClientRunner} hands back, and all that the
 * verdict and the publisher read of a client. Immutable.
 *
 * @param host {@code local}, or the other client machine's {@code user@host}
 * @param clockOffsetMs that machine's clock minus this one's
 * @param cores its CPU over the window, JIT compiler left out; null when unknown
 * @param jitCores its JIT compiler threads' CPU; null when unknown
 * @param cpus the CPUs it may use (a local client: the pinning set all local clients share)
 * @param window a local client's CPU window (it also sampled the server); null for a remote one
 * @param setupError why the client never ran (its machine could not be prepared, twice), or null
 */
record ClientRun(
    ClientShare share,
    String host,
    long clockOffsetMs,
    ChildResult child,
    YcsbOutput out,
    Double cores,
    Double jitCores,
    int cpus,
    CpuWindow window,
    String setupError) {

  /** The host name of a client that ran on this machine. */
  static final String LOCAL = StepClients.LOCAL;

  boolean local() {
    return window != null || host.equals(LOCAL);
  }

  /** A client that never ran: its setup failed. */
  static ClientRun notStarted(ClientShare share, String host, YcsbOutput out, String why) {
    return new ClientRun(
        share,
        host,
        0,
        new ChildResult(-1, false, false, Duration.ZERO),
        out,
        null,
        null,
        0,
        null,
        why);
  }

  /** The records it inserted successfully (YCSB's {@code [INSERT], Return=OK} count). */
  long insertedOk() {
    return out.returnCounts().getOrDefault("INSERT", Map.of()).getOrDefault("OK", 0L);
  }

  /**
   * The keys it took from its insert sequence: every insert it reported, failed ones too (a failed
   * insert still used its key, and the store may hold it). A client that did not report (killed, or
   * ended before YCSB's report) may have taken its whole budget: the next step inserts past it.
   */
  KeyLayout.Taken taken() {
    if (out.overallRuntimeMs().isEmpty()) {
      return new KeyLayout.Taken(0, share.operationCount());
    }
    return KeyLayout.Taken.exactly(
        out.returnCounts().getOrDefault("INSERT", Map.of()).values().stream()
            .mapToLong(Long::longValue)
            .sum());
  }
}
