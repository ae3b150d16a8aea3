package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.compare.NoiseFile.Spread;
import io.github.ycsbdocsearch.compare.NoiseFile.StoreNoise;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The spreads stored with a baseline in {@code noise.json}, turned into thresholds by {@link NoisePolicy}. Format 2
 * keeps a spread per step and metric; a format-1 file (one spread per metric, its noisiest step's) is still read,
 * its spreads then apply to every step and are marked so. Lookups that find nothing fall back to the defaults,
 * marked as such. Immutable after loading.
 */
public final class NoiseModel {

  /** File name beside the baseline's run folders. */
  public static final String FILE_NAME = "noise.json";
  /** The format-1 name of the peak metric. */
  private static final String FORMAT1_PEAK = "max_throughput";

  private final Path file;
  private final NoiseFile noise;
  private final JsonNode format1;
  private final int runs;

  private NoiseModel(Path file, NoiseFile noise, JsonNode format1, int runs) {
    this.file = file;
    this.noise = noise;
    this.format1 = format1;
    this.runs = runs;
  }

  /**
   * The model of a baseline folder's {@code noise.json}, or a defaults-only model when there is none.
   *
   * @throws BadInputException when {@code noise.json} exists but is malformed or of an unknown format
   */
  public static NoiseModel load(Path baselineDir) throws BadInputException {
    Path file = baselineDir.resolve(FILE_NAME);
    if (!Files.isRegularFile(file)) {
      return new NoiseModel(null, null, null, 0);
    }
    try {
      JsonNode root = Json.readObject(file);
      int format = root.path("format").asInt(1);
      if (!root.path("noise").isObject()) {
        throw new BadInputException(file + ": no 'noise' object (expected noise.<store>.<workload>)");
      }
      if (format == 1) {
        return new NoiseModel(file, null, root.get("noise"), root.path("runs").size());
      }
      if (format != NoiseFile.FORMAT) {
        throw new BadInputException(file + ": format " + format + " is not supported (1 to " + NoiseFile.FORMAT + ")");
      }
      NoiseFile parsed = Json.read(file, NoiseFile.class);
      return new NoiseModel(file, parsed, null, parsed.runs() == null ? 0 : parsed.runs().size());
    } catch (ResultsFormatException e) {
      throw new BadInputException(Json.firstLine(e.getMessage()), e);
    }
  }

  /** Whether the baseline has a {@code noise.json}. */
  public boolean present() {
    return file != null;
  }

  /** The file read, or null. */
  public Path file() {
    return file;
  }

  /** How many runs the baseline was measured over (0 without a file). */
  public int runs() {
    return runs;
  }

  /** The file's format (0 without a file). */
  public int format() {
    return file == null ? 0 : noise != null ? NoiseFile.FORMAT : 1;
  }

  /**
   * The threshold of a headline metric.
   *
   * @param metric {@link NoisePolicy#CAPACITY_METRIC} or {@link NoisePolicy#PEAK_METRIC}
   * @param z      the multiplier of the multiple-comparison rule
   */
  public Threshold throughput(String store, String workload, String metric, double z) {
    Optional<Spread> spread;
    if (format1 != null) {
      spread = metric.equals(NoisePolicy.PEAK_METRIC) ? format1(store, workload, FORMAT1_PEAK) : Optional.empty();
    } else {
      spread = storeNoise(store, workload)
          .map(s -> metric.equals(NoisePolicy.CAPACITY_METRIC) ? s.capacityOps() : s.peakOps());
    }
    return threshold(spread, false, NoisePolicy.THROUGHPUT_FLOOR, NoisePolicy.THROUGHPUT_DEFAULT, z);
  }

  /**
   * The threshold of a latency percentile at one step.
   *
   * @param z the multiplier of the multiple-comparison rule
   */
  public Threshold latency(String store, String workload, StepKey step, String op, LatencyKind kind,
                           Percentile percentile, double z) {
    String metric = NoisePolicy.latencyMetric(op, kind, percentile);
    Optional<Spread> spread = format1 != null ? format1(store, workload, metric)
        : storeNoise(store, workload).map(StoreNoise::steps).map(s -> s.get(step.label())).map(m -> m.get(metric));
    return threshold(spread, format1 != null, NoisePolicy.LATENCY_FLOOR, NoisePolicy.latencyDefault(percentile), z);
  }

  private Optional<StoreNoise> storeNoise(String store, String workload) {
    if (noise == null || noise.noise() == null) {
      return Optional.empty();
    }
    Map<String, StoreNoise> byWorkload = noise.noise().get(store);
    return Optional.ofNullable(byWorkload == null ? null : byWorkload.get(workload));
  }

  private Optional<Spread> format1(String store, String workload, String metric) {
    JsonNode entry = format1.path(store).path(workload).path(metric);
    JsonNode cv = entry.path("cv");
    return cv.isNumber() ? Optional.of(new Spread(cv.asDouble(), entry.path("runs").asInt(0), Double.NaN))
        : Optional.empty();
  }

  private Threshold threshold(Optional<Spread> spread, boolean allSteps, double floor, double fallback, double z) {
    if (file == null) {
      return Threshold.byDefault(fallback, Threshold.Source.DEFAULT_NO_NOISE_FILE);
    }
    if (spread.isEmpty() || !(spread.get().cv() >= 0)) {
      return Threshold.byDefault(fallback, Threshold.Source.DEFAULT_NOT_MEASURED);
    }
    Spread s = spread.get();
    return new Threshold(NoisePolicy.threshold(s.cv(), floor, z),
        allSteps ? Threshold.Source.MEASURED_ALL_STEPS : Threshold.Source.MEASURED, s.cv(), s.runs());
  }
}
