package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The clients of a step driven by several client JVMs ({@code clients.json} in the step folder):
 * each client's share of the step and when it really started. The step's own numbers come from all
 * clients' logs merged ({@link StepHistograms}); this says who they were. Immutable.
 *
 * @param startAtEpochMs the agreed wall-clock instant every client waited for before its first
 *     request
 * @param clients one entry per client, in order
 */
@JsonPropertyOrder({"start_at_epoch_ms", "clients"})
@JsonIgnoreProperties(ignoreUnknown = true)
public record StepClients(long startAtEpochMs, List<Client> clients) {

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
  @JsonPropertyOrder({
    "index",
    "host",
    "threads",
    "target_ops",
    "arrivals_seed",
    "start_offset_ms",
    "clock_offset_ms",
    "exit_code",
    "operations",
    "client_cpu_cores",
    "client_jit_cpu_cores",
    "client_cpus"
  })
  @JsonIgnoreProperties(ignoreUnknown = true)
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
    Path f = stepDir.resolve(RunLayout.CLIENTS_JSON);
    return Files.isRegularFile(f) ? Optional.of(Json.read(f, StepClients.class)) : Optional.empty();
  }
}
