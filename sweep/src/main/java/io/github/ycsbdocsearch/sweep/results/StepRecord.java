package io.github.ycsbdocsearch.sweep.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The content of {@code step.json} (docs/results-format.md): what ran and how it ended. The load phase uses the same
 * shape with index 0. Immutable.
 */
@JsonPropertyOrder({"format", "store", "workload", "index", "threads", "target_ops", "warmup_s", "duration_s",
    "status", "started_utc", "ended_utc", "exit_code", "error"})
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record StepRecord(int format, String store, String workload, int index, int threads, int targetOps,
                         int warmupS, int durationS, StepStatus status, String startedUtc, String endedUtc,
                         Integer exitCode, String error) {
  /** Version of the step.json layout. */
  public static final int FORMAT = 1;
  /** File name inside a step folder. */
  public static final String FILE_NAME = "step.json";

  /** Reads {@code <dir>/step.json}; empty when it is missing or unreadable (an unfinished step). */
  public static Optional<StepRecord> readFrom(Path dir) {
    Path f = dir.resolve(FILE_NAME);
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Json.MAPPER.readValue(f.toFile(), StepRecord.class));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Writes {@code <dir>/step.json} atomically. */
  public void writeTo(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
    AtomicFiles.writeJson(dir.resolve(FILE_NAME), this);
  }
}
