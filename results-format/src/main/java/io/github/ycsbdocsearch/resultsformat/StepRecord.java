package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The content of {@code step.json} (docs/results-format.md): what ran, under which conditions, and
 * how it ended. The load phase uses the same shape with index 0. Older files are refused: {@link
 * RunMigration} upgrades them. Immutable.
 *
 * @param offeredFraction load phase: the offered rate as a fraction of the ramp's peak, else null
 * @param clientCpuCores CPU the YCSB client JVM used over the measured window, in cores (null when
 *     not measured)
 * @param clientCpus CPUs the client may use (its pinning set, else the machine's)
 * @param serverCpuCores CPU the store's server processes used over the window, in cores (local
 *     stores), or null
 * @param serverCpuSource where {@code serverCpuCores} came from ({@code local-processes}), or null
 * @param clientJitCpuCores CPU the client's JIT compiler threads used over the window, in cores:
 *     left out of {@code clientCpuCores}, recorded to show whether the client was still compiling
 *     (null when not measured, and in files before format 3)
 * @param openLoop fixed-rate steps: the arrival schedule and the objective (null otherwise, and
 *     before format 3)
 */
public record StepRecord(
    int format,
    String store,
    String workload,
    int index,
    int threads,
    long targetOps,
    int warmupS,
    int durationS,
    StepStatus status,
    String startedUtc,
    String endedUtc,
    Integer exitCode,
    String error,
    Phase phase,
    Double offeredFraction,
    Double clientCpuCores,
    Integer clientCpus,
    Double serverCpuCores,
    String serverCpuSource,
    Double clientJitCpuCores,
    OpenLoop openLoop) {
  /** Version of the step.json layout written now. */
  public static final int FORMAT = 3;

  public boolean fixedRate() {
    return targetOps > 0;
  }

  public boolean complete() {
    return status == StepStatus.COMPLETE;
  }

  /** A copy with another status and error (the runner decides after reading the logs). */
  public StepRecord withStatus(StepStatus newStatus, String newError) {
    return new StepRecord(
        format,
        store,
        workload,
        index,
        threads,
        targetOps,
        warmupS,
        durationS,
        newStatus,
        startedUtc,
        endedUtc,
        exitCode,
        newError,
        phase,
        offeredFraction,
        clientCpuCores,
        clientCpus,
        serverCpuCores,
        serverCpuSource,
        clientJitCpuCores,
        openLoop);
  }

  /** Reads {@code <dir>/step.json}; empty when it is missing or unreadable (an unfinished step). */
  public static Optional<StepRecord> readFrom(Path dir) {
    try {
      return Files.isRegularFile(dir.resolve(RunLayout.STEP_JSON))
          ? Optional.of(read(dir))
          : Optional.empty();
    } catch (ResultsFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * Reads {@code <dir>/step.json}.
   *
   * @throws ResultsFormatException when it is missing, malformed or of another format
   */
  public static StepRecord read(Path dir) throws ResultsFormatException {
    Path file = dir.resolve(RunLayout.STEP_JSON);
    StepRecord r = Json.read(file, StepRecord.class);
    RunMigration.requireFormat(file, Math.max(1, r.format()), FORMAT); // 0: no field, format 1
    if (r.store() == null || r.threads() <= 0 || r.warmupS() < 0 || r.status() == null) {
      throw new ResultsFormatException(
          file + ": needs store, threads > 0, warmup_s >= 0 and status");
    }
    return r;
  }

  /** Writes {@code <dir>/step.json} atomically. */
  public void writeTo(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
    AtomicFiles.writeJson(dir.resolve(RunLayout.STEP_JSON), this);
  }
}
