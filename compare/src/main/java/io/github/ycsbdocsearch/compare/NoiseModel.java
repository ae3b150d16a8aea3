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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The spreads stored with a baseline in {@code noise.json}, turned into thresholds by {@link
 * NoisePolicy}. Format 2 keeps a spread per step and metric; each is moderated toward the pooled
 * spread of its percentile over the store's metrics and steps (the headline's over the workload's
 * stores). A format-1 file (one spread per metric, its noisiest step's) is still read: its spread
 * stands for every step, as the pooled one, and is marked so. Lookups that find nothing fall back
 * to the defaults, marked as such. Immutable after loading.
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
   * The model of a baseline folder's {@code noise.json}, or a defaults-only model when there is
   * none.
   *
   * @throws BadInputException when {@code noise.json} exists but is malformed or of an unknown
   *     format
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
        throw new BadInputException(
            file + ": no 'noise' object (expected noise.<store>.<workload>)");
      }
      if (format == 1) {
        return new NoiseModel(file, null, root.get("noise"), root.path("runs").size());
      }
      if (format != NoiseFile.FORMAT) {
        throw new BadInputException(
            file + ": format " + format + " is not supported (1 to " + NoiseFile.FORMAT + ")");
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
   * The threshold of a headline metric. Its spread is moderated toward the same metric's pooled
   * spread over the workload's stores.
   *
   * @param metric {@link NoisePolicy#CAPACITY_METRIC} or {@link NoisePolicy#PEAK_METRIC}
   * @param alpha family-wise false-alarm rate
   * @param m metrics judged in the comparison
   */
  public Threshold throughput(String store, String workload, String metric, double alpha, int m) {
    Function<StoreNoise, Spread> pick =
        s -> metric.equals(NoisePolicy.CAPACITY_METRIC) ? s.capacityOps() : s.peakOps();
    if (format1 != null) {
      boolean peak = metric.equals(NoisePolicy.PEAK_METRIC);
      List<Spread> pool = new ArrayList<>();
      format1
          .fieldNames()
          .forEachRemaining(s -> format1(s, workload, FORMAT1_PEAK).ifPresent(pool::add));
      return threshold(
          peak ? format1(store, workload, FORMAT1_PEAK) : Optional.empty(),
          pool,
          Threshold.Source.MEASURED,
          NoisePolicy.THROUGHPUT_FLOOR,
          NoisePolicy.THROUGHPUT_DEFAULT,
          alpha,
          m);
    }
    List<Spread> pool = new ArrayList<>();
    if (noise != null && noise.noise() != null) {
      noise
          .noise()
          .values()
          .forEach(
              byWorkload -> {
                StoreNoise s = byWorkload.get(workload);
                if (s != null && pick.apply(s) != null) {
                  pool.add(pick.apply(s));
                }
              });
    }
    return threshold(
        storeNoise(store, workload).map(pick),
        pool,
        Threshold.Source.MEASURED,
        NoisePolicy.THROUGHPUT_FLOOR,
        NoisePolicy.THROUGHPUT_DEFAULT,
        alpha,
        m);
  }

  /**
   * The threshold of a latency percentile at one step. Its spread is moderated toward the pooled
   * spread of that percentile over the store's operations, latency kinds and steps in the workload.
   *
   * @param alpha family-wise false-alarm rate
   * @param m metrics judged in the comparison
   */
  public Threshold latency(
      String store,
      String workload,
      StepKey step,
      String op,
      LatencyKind kind,
      Percentile percentile,
      double alpha,
      int m) {
    String metric = NoisePolicy.latencyMetric(op, kind, percentile);
    double fallback = NoisePolicy.latencyDefault(percentile);
    if (format1 != null) {
      // A format-1 spread is the metric's noisiest step's: it stands for every step, as the pooled
      // spread.
      Optional<Spread> spread = format1(store, workload, metric);
      return threshold(
          spread,
          spread.map(List::of).orElse(List.of()),
          Threshold.Source.MEASURED_ALL_STEPS,
          NoisePolicy.LATENCY_FLOOR,
          fallback,
          alpha,
          m);
    }
    Map<String, Map<String, Spread>> steps =
        storeNoise(store, workload).map(StoreNoise::steps).orElse(Map.of());
    // The pool: every spread of this percentile in the store's workload (all operations, kinds and
    // steps), so that
    // a metric measured at one or two steps still has a prior, and one noisy step weighs little.
    String suffix = metric.substring(metric.lastIndexOf('.'));
    List<Spread> pool =
        steps.values().stream()
            .flatMap(byMetric -> byMetric.entrySet().stream())
            .filter(e -> e.getKey().endsWith(suffix))
            .map(Map.Entry::getValue)
            .toList();
    Map<String, Spread> own = steps.get(step.label());
    return threshold(
        Optional.ofNullable(own == null ? null : own.get(metric)),
        pool,
        Threshold.Source.MEASURED,
        NoisePolicy.LATENCY_FLOOR,
        fallback,
        alpha,
        m);
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
    return cv.isNumber()
        ? Optional.of(new Spread(cv.asDouble(), entry.path("runs").asInt(0), Double.NaN))
        : Optional.empty();
  }

  private Threshold threshold(
      Optional<Spread> spread,
      List<Spread> pool,
      Threshold.Source source,
      double floor,
      double fallback,
      double alpha,
      int m) {
    if (file == null) {
      return Threshold.byDefault(fallback, Threshold.Source.DEFAULT_NO_NOISE_FILE);
    }
    if (spread.isEmpty() || !(spread.get().cv() >= 0)) {
      return Threshold.byDefault(fallback, Threshold.Source.DEFAULT_NOT_MEASURED);
    }
    Spread s = spread.get();
    int df = Math.max(1, s.runs() - 1);
    double cv = s.cv();
    double pooled = pooled(pool);
    if (source == Threshold.Source.MEASURED_ALL_STEPS
        || (pool.size() >= 2 && Double.isFinite(pooled))) {
      cv =
          source == Threshold.Source.MEASURED_ALL_STEPS
              ? s.cv()
              : NoisePolicy.moderated(s.cv(), s.runs(), pooled);
      df += NoisePolicy.PRIOR_DF;
    }
    double t = NoisePolicy.multiplier(alpha, m, df);
    return new Threshold(NoisePolicy.threshold(cv, floor, t), source, cv, s.runs(), t);
  }

  /** The degrees-of-freedom-weighted root mean square of the spreads. */
  private static double pooled(List<Spread> pool) {
    double sum = 0;
    int df = 0;
    for (Spread s : pool) {
      int d = Math.max(1, s.runs() - 1);
      sum += d * s.cv() * s.cv();
      df += d;
    }
    return df == 0 ? Double.NaN : Math.sqrt(sum / df);
  }
}
