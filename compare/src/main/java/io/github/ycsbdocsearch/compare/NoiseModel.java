package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The regression thresholds stored with a baseline in {@code noise.json} (written by {@link NoiseEstimator}):
 * {@code noise.<store>.<workload>.<metric> = {cv, runs, threshold, ...}}. Lookups that find nothing fall back to the
 * defaults of {@link NoisePolicy}, marked as such.
 *
 * <p>Immutable after loading, safe to share between threads.
 */
public final class NoiseModel {

  /** File name beside the baseline's run folders. */
  public static final String FILE_NAME = "noise.json";

  private final Path file;
  private final JsonNode noise;
  private final int runs;
  private final double k;

  private NoiseModel(Path file, JsonNode noise, int runs, double k) {
    this.file = file;
    this.noise = noise;
    this.runs = runs;
    this.k = k;
  }

  /**
   * @param baselineDir a baseline folder (or any results folder)
   * @return the model from its {@code noise.json}, or a defaults-only model when there is none
   * @throws BadInputException when {@code noise.json} exists but is malformed
   * @throws IOException when it cannot be read
   */
  public static NoiseModel load(Path baselineDir) throws BadInputException, IOException {
    Path file = baselineDir.resolve(FILE_NAME);
    if (!Files.isRegularFile(file)) {
      return new NoiseModel(null, null, 0, Double.NaN);
    }
    JsonNode root = Json.read(file);
    JsonNode noise = root.get("noise");
    if (noise == null || !noise.isObject()) {
      throw new BadInputException(file + ": no 'noise' object (expected noise.<store>.<workload>.<metric>)");
    }
    JsonNode runList = root.get("runs");
    int runs = runList != null && runList.isArray() ? runList.size() : (int) Json.number(root, "runs", 0);
    return new NoiseModel(file, noise, runs, Json.number(root, "k", Double.NaN));
  }

  /** @return true when the baseline has a {@code noise.json} */
  public boolean present() {
    return file != null;
  }

  /** @return the file read, or {@code null} */
  public Path file() {
    return file;
  }

  /** @return how many runs the baseline was measured over (0 without a file) */
  public int runs() {
    return runs;
  }

  /** @return the multiplier the thresholds were derived with (NaN without a file) */
  public double k() {
    return k;
  }

  /**
   * @param store store
   * @param workload workload
   * @return threshold for the store's maximum sustainable throughput
   * @throws BadInputException when the entry exists but has no numeric threshold
   */
  public Threshold throughput(String store, String workload) throws BadInputException {
    return lookup(store, workload, NoisePolicy.THROUGHPUT_METRIC, NoisePolicy.THROUGHPUT_DEFAULT);
  }

  /**
   * @param store store
   * @param workload workload
   * @param op operation
   * @param latencyKind service or intended
   * @param percentile percentile
   * @return threshold for that latency percentile
   * @throws BadInputException when the entry exists but has no numeric threshold
   */
  public Threshold latency(String store, String workload, String op, String latencyKind, Percentile percentile)
      throws BadInputException {
    return lookup(store, workload, NoisePolicy.latencyMetric(op, latencyKind, percentile),
        NoisePolicy.latencyDefault(percentile));
  }

  private Threshold lookup(String store, String workload, String metric, double fallback) throws BadInputException {
    if (noise == null) {
      return Threshold.byDefault(fallback, Threshold.Source.DEFAULT_NO_NOISE_FILE);
    }
    JsonNode entry = noise.path(store).path(workload).path(metric);
    if (entry.isMissingNode() || entry.isNull()) {
      return Threshold.byDefault(fallback, Threshold.Source.DEFAULT_NOT_MEASURED);
    }
    double threshold = Json.number(file, entry, "threshold");
    if (!(threshold > 0)) {
      throw new BadInputException(file + ": threshold of " + store + "/" + workload + "/" + metric
          + " must be > 0, found " + threshold);
    }
    return new Threshold(threshold, Threshold.Source.MEASURED, Json.number(entry, "cv", Double.NaN),
        (int) Json.number(entry, "runs", 0));
  }
}
