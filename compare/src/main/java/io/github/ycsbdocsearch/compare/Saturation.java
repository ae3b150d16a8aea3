package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A store's {@code saturation.json}: the step the sweep chose as its maximum sustainable throughput.
 *
 * <p>Immutable, safe to share.
 *
 * @param store store name
 * @param threads thread count of the chosen step
 * @param throughputOps throughput of the chosen step, ops/s
 * @param reason why that step was chosen, as the sweep wrote it (may be empty)
 */
public record Saturation(String store, int threads, double throughputOps, String reason) {

  /** File name inside a store folder. */
  public static final String FILE_NAME = "saturation.json";

  /**
   * @param file a {@code saturation.json}
   * @param store the store folder it was found in
   * @return the parsed file
   * @throws BadInputException when a required field is missing
   * @throws IOException when the file cannot be read
   */
  public static Saturation read(Path file, String store) throws BadInputException, IOException {
    JsonNode node = Json.read(file);
    double throughput = Json.number(file, node, "throughput_ops");
    int threads = (int) Json.number(node, "threads", 0);
    JsonNode reason = node.get("reason");
    return new Saturation(store, threads, throughput, reason == null || reason.isNull() ? "" : reason.asText());
  }
}
