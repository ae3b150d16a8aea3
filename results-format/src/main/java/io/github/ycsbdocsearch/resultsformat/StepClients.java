package io.github.ycsbdocsearch.resultsformat;

import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The clients of a step driven by several client JVMs ({@code clients.json} in the step folder):
 * each client's share of the step and when it really started. The step's own numbers come from all
 * clients' logs merged ({@link StepHistograms}); this says who they were. Immutable.
 *
 * @param startAtEpochMs the agreed wall-clock instant every client waited for before its first
 *     request (the runner's clock)
 * @param startSpreadMs how far apart the clients really started: the latest client's start minus
 *     the earliest's, each as the client itself noted it on leaving the barrier ({@code started-at}
 *     in its folder), moved into the runner's clock by its clock offset; null when a client did not
 *     note it (a workload class without the barrier, a client that never started, or a step written
 *     before the barrier)
 * @param startedApart whether the clients started more than {@value #START_SPREAD_LIMIT_MS} ms
 *     apart: the merged step is then not one load offered at once; null when the spread is unknown
 * @param clients one entry per client, in order
 */
public record StepClients(
    long startAtEpochMs, Long startSpreadMs, Boolean startedApart, List<Client> clients) {

  /** A step whose clients started further apart than this is marked ({@code started_apart}). */
  public static final long START_SPREAD_LIMIT_MS = 50;

  /** The clients, with the spread of the given real starts (runner's clock; null: unknown). */
  public static StepClients withStarts(
      long startAtEpochMs, List<Long> realStartsMs, List<Client> clients) {
    if (realStartsMs.isEmpty() || realStartsMs.stream().anyMatch(Objects::isNull)) {
      return new StepClients(startAtEpochMs, null, null, clients);
    }
    long spread =
        realStartsMs.stream().mapToLong(Long::longValue).max().getAsLong()
            - realStartsMs.stream().mapToLong(Long::longValue).min().getAsLong();
    return new StepClients(startAtEpochMs, spread, spread > START_SPREAD_LIMIT_MS, clients);
  }

  /**
   * One client.
   *
   * @param index its number, the folder {@code clients/<index>/}
   * @param host where it ran ({@code local}: a JVM on the runner's machine)
   * @param threads its share of the step's threads
   * @param targetOps its share of the offered rate (0 in a closed loop)
   * @param arrivalsSeed its arrival schedule's seed (every client's differs: the sum of independent
   *     Poisson schedules is the step's Poisson schedule)
   * @param startOffsetMs its first log's start after the earliest client's (ms); null when it
   *     logged nothing
   * @param clockOffsetMs its clock's offset from the runner's (ms; 0 on the runner's own machine)
   * @param exitCode its exit code; null when it was stopped or timed out
   * @param operations operations it reported (YCSB's own count, warm-up included)
   * @param clientCpuCores the CPU cores it used over the window, JIT compiler left out; null when
   *     unknown
   * @param clientJitCpuCores its JIT compiler threads' cores over the window; null when unknown
   * @param clientCpus the CPUs it may use (local clients share the runner's client CPUs)
   */
  public record Client(
      int index,
      String host,
      int threads,
      long targetOps,
      Long arrivalsSeed,
      Long startOffsetMs,
      long clockOffsetMs,
      Integer exitCode,
      long operations,
      Double clientCpuCores,
      Double clientJitCpuCores,
      int clientCpus) {}

  /** The host of a client on the runner's own machine. */
  public static final String LOCAL = "local";

  public StepClients {
    clients = List.copyOf(clients);
  }

  /** Writes {@code clients.json} into the step folder. */
  public void writeTo(Path stepDir) {
    AtomicFiles.writeJson(stepDir.resolve(RunLayout.CLIENTS_JSON), this);
  }

  /** The step's clients; empty for a step of one client (no clients.json). */
  public static Optional<StepClients> read(Path stepDir) throws ResultsFormatException {
    return Json.readIfPresent(stepDir.resolve(RunLayout.CLIENTS_JSON), StepClients.class);
  }
}
