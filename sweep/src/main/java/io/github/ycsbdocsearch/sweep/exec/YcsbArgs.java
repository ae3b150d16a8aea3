package io.github.ycsbdocsearch.sweep.exec;

import io.github.ycsbdocsearch.common.workload.ArrivalConfig;
import io.github.ycsbdocsearch.resultsformat.OpenLoop;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.sweep.plan.StepSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The arguments of unmodified YCSB 0.17.0 {@code site.ycsb.Client} for the load and for one step.
 * Property order matters: YCSB applies {@code -P} files in order, then every {@code -p} over them,
 * so the workload file comes first, the connection file (kept out of the results: it may hold
 * credentials) second, the user's {@code -p} values and the runner's own last. Stateless.
 */
public final class YcsbArgs {
  /** Sub-folder of the step folder (YCSB's working directory) that receives the interval logs. */
  public static final String HDR_DIR = RunLayout.HDR_DIR + "/";

  private YcsbArgs() {}

  /**
   * {@code -load} with {@code threads} threads and {@code records} records; not measured. The
   * operation count is passed because CoreWorkload reads it even when loading (its zipfian key
   * chooser is sized from it).
   */
  public static List<String> load(
      String dbClass,
      Path workload,
      Path connection,
      int threads,
      int records,
      long operationCount,
      Map<String, String> userProps) {
    List<String> a = new ArrayList<>(List.of("-load"));
    common(a, dbClass, workload, connection, threads, records, userProps);
    prop(a, "operationcount", String.valueOf(operationCount));
    return a;
  }

  /**
   * One measured step: runs {@code runSeconds} (warm-up included) or until {@code operationCount}
   * operations, writing one HDR interval log per operation and latency kind each second into {@code
   * hdr/} of the working directory. A fixed-rate step with a shared {@code openLoop} (null: none)
   * offers its rate through the workload's one shared arrival schedule ({@code
   * docsearch.arrivals.*}) instead of YCSB's {@code -target}, which gives every thread its own
   * periodic schedule (bursts when threads start together, and a slow request delays only its own
   * thread's later ones, so spare threads absorb nothing).
   */
  public static List<String> step(
      String dbClass,
      Path workload,
      Path connection,
      StepSpec step,
      int runSeconds,
      int records,
      long operationCount,
      Map<String, String> userProps,
      OpenLoop openLoop) {
    List<String> a = new ArrayList<>(List.of("-t"));
    if (step.targetOps() > 0 && (openLoop == null || !openLoop.shared())) {
      a.add("-target");
      a.add(String.valueOf(step.targetOps()));
    }
    common(a, dbClass, workload, connection, step.threads(), records, userProps);
    if (step.targetOps() > 0 && openLoop != null && openLoop.shared()) {
      prop(a, "docsearch.arrivals.rate", String.valueOf(step.targetOps()));
      prop(a, "docsearch.arrivals.process", openLoop.arrivals());
      prop(a, ArrivalConfig.SEED, String.valueOf(openLoop.seed()));
      prop(a, "docsearch.arrivals.lag_threshold_us", String.valueOf(openLoop.lagThresholdUs()));
      prop(a, ArrivalConfig.RAMP_S, String.valueOf(openLoop.rampS()));
    }
    // operationcount=0 does NOT mean "unlimited" in 0.17.0: Client caps the thread count at the
    // operation count and starts zero threads. A large count plus maxexecutiontime bounds the step
    // by time instead.
    prop(a, "operationcount", String.valueOf(operationCount));
    prop(a, "maxexecutiontime", String.valueOf(runSeconds));
    prop(a, "measurementtype", "hdrhistogram");
    prop(a, "hdrhistogram.fileoutput", "true");
    prop(a, "hdrhistogram.output.path", HDR_DIR);
    prop(a, "measurement.interval", "both");
    return a;
  }

  private static void common(
      List<String> a,
      String dbClass,
      Path workload,
      Path connection,
      int threads,
      int records,
      Map<String, String> userProps) {
    a.addAll(List.of("-db", dbClass, "-P", workload.toString(), "-P", connection.toString()));
    a.addAll(List.of("-threads", String.valueOf(threads), "-s"));
    prop(a, "status.interval", "1");
    prop(a, "recordcount", String.valueOf(records));
    userProps.forEach(
        (k, v) -> {
          if (!k.equals("operationcount")) {
            prop(a, k, v);
          }
        });
  }

  private static void prop(List<String> a, String key, String value) {
    a.add("-p");
    a.add(key + "=" + value);
  }
}
