package io.github.ycsbdocsearch.sweep.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The content of {@code <store>/saturation.json}: the max-sustainable step (the highest-throughput step within the
 * error and latency bounds) and why the sweep ended. The step fields are null when no step qualified. Immutable.
 */
@JsonPropertyOrder({"store", "max_sustainable_index", "threads", "throughput_ops", "reason"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Saturation(String store, Integer maxSustainableIndex, Integer threads, Double throughputOps,
                         String reason) {
  /** File name inside a store's folder. */
  public static final String FILE_NAME = "saturation.json";
}
