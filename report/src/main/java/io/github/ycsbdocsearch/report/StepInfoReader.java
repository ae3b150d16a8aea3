package io.github.ycsbdocsearch.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/** Reads a {@code step.json} into a {@link StepInfo}. Stateless, thread-safe. */
final class StepInfoReader {

  static final String FILE_NAME = "step.json";
  static final int SUPPORTED_FORMAT = 1;

  private StepInfoReader() {
  }

  static StepInfo read(Path stepDir) throws ResultsFormatException {
    Path file = stepDir.resolve(FILE_NAME);
    JsonNode n = Json.readObject(file);
    int format = n.path("format").asInt(SUPPORTED_FORMAT);
    if (format != SUPPORTED_FORMAT) {
      throw new ResultsFormatException(file + ": format " + format + " is not supported (expected "
          + SUPPORTED_FORMAT + ")");
    }
    for (String required : new String[] {"store", "threads", "warmup_s"}) {
      if (!n.hasNonNull(required)) {
        throw new ResultsFormatException(file + ": missing field '" + required + "'");
      }
    }
    double warmup = n.get("warmup_s").asDouble(-1);
    if (warmup < 0) {
      throw new ResultsFormatException(file + ": warmup_s must be a number >= 0");
    }
    return new StepInfo(format, n.get("store").asText(), Json.text(n, "workload", ""), n.path("index").asInt(0),
        n.get("threads").asInt(), n.path("target_ops").asLong(0), warmup, n.path("duration_s").asDouble(0),
        Json.text(n, "status", "unknown"), Json.text(n, "started_utc", ""), Json.text(n, "ended_utc", ""),
        n.path("exit_code").asInt(-1), Json.text(n, "error", null));
  }
}
