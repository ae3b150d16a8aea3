package io.github.ycsbdocsearch.resultsformat;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a finished YCSB 0.17.0 client printed, read from its {@code ycsb.out} and {@code ycsb.err},
 * and the checks that its exit code cannot be trusted for: YCSB exits 0 when a transaction throws
 * (before printing results), when the DB class is unknown, and it carries on with fewer threads
 * when a thread's {@code init()} fails. Immutable.
 *
 * @param overallRuntimeMs {@code [OVERALL], RunTime(ms)}; empty when YCSB stopped before reporting
 * @param overallThroughput {@code [OVERALL], Throughput(ops/sec)} (warm-up included)
 * @param returnCounts per operation, per status name, from the {@code [OP], Return=STATUS, N} lines
 * @param initializedThreads client threads whose DB {@code init()} succeeded (DBWrapper's line on
 *     stderr)
 * @param threadInitFailed a thread's workload {@code initThread} threw
 * @param firstProblem the first error line YCSB or a binding printed, to explain a failure
 */
public record YcsbOutput(
    OptionalLong overallRuntimeMs,
    OptionalDouble overallThroughput,
    Map<String, Map<String, Long>> returnCounts,
    int initializedThreads,
    boolean threadInitFailed,
    Optional<String> firstProblem) {
  private static final Pattern RETURN =
      Pattern.compile("^\\[([^\\]]+)\\], Return=([^,]+), (\\d+)$");
  private static final Pattern OVERALL =
      Pattern.compile("^\\[OVERALL\\], (RunTime\\(ms\\)|Throughput\\(ops/sec\\)), " + "(.+)$");
  private static final String DB_INIT_DONE = "DBWrapper: report latency for each error is";
  private static final Pattern EXCEPTION =
      Pattern.compile(
          "^(Exception in thread .*|Caused by:"
              + " .*|(?:[a-zA-Z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)(?::.*)?)$");
  private static final Pattern YCSB_ERROR =
      Pattern.compile(
          "^(Unknown DB .*|Error initializing datastore bindings.*|Unable to open the properties"
              + " file.*|Unknown option .*|Missing property.*|Failed check required.*|Could not"
              + " (?:find exporter|export measurements).*)$");
  private static final int MAX_PROBLEM_CHARS = 300;

  public YcsbOutput {
    returnCounts = Collections.unmodifiableMap(returnCounts);
  }

  /** Reads both files (a missing file reads as empty). */
  public static YcsbOutput read(Path stdout, Path stderr) {
    Parse p = new Parse();
    p.scan(stdout);
    p.scan(stderr);
    return new YcsbOutput(
        p.runtime,
        p.throughput,
        p.returns,
        p.inits,
        p.workloadInitFailed,
        Optional.ofNullable(p.problem)
            .map(
                s ->
                    s.length() > MAX_PROBLEM_CHARS
                        ? s.substring(0, MAX_PROBLEM_CHARS) + "..."
                        : s));
  }

  /**
   * YCSB's own {@code [OVERALL]} throughput of a step folder ({@code ycsb.out} of each of its
   * {@link RunLayout#clientOutputDirs}), summed over its clients: the figure YCSB prints, warm-up
   * included, which a benchmark of the runner compares with a direct YCSB run. Empty when a client
   * printed none.
   */
  public static OptionalDouble stepThroughput(Path stepDir) {
    double sum = 0;
    for (Path dir : RunLayout.clientOutputDirs(stepDir)) {
      OptionalDouble one =
          read(dir.resolve(RunLayout.YCSB_OUT), dir.resolve(RunLayout.YCSB_ERR))
              .overallThroughput();
      if (one.isEmpty()) {
        return OptionalDouble.empty();
      }
      sum += one.getAsDouble();
    }
    return OptionalDouble.of(sum);
  }

  /** Operations YCSB counted, all statuses, without its own CLEANUP pseudo-operation. */
  public long totalOperations() {
    return returnCounts.entrySet().stream()
        .filter(e -> !e.getKey().equals("CLEANUP"))
        .flatMap(e -> e.getValue().values().stream())
        .mapToLong(Long::longValue)
        .sum();
  }

  /**
   * Why this run cannot be trusted, or empty when it can.
   *
   * @param expectedThreads client threads YCSB should have started
   */
  public Optional<String> failure(int expectedThreads) {
    String why = firstProblem.map(p -> ": " + p).orElse("");
    if (overallRuntimeMs.isEmpty()) {
      return Optional.of(
          "YCSB stopped before reporting results (a DB or workload error ends it with exit code 0)"
              + why);
    }
    if (initializedThreads < expectedThreads) {
      return Optional.of(
          "only %s of %s client threads initialised%s"
              .formatted(initializedThreads, expectedThreads, why));
    }
    if (threadInitFailed) {
      return Optional.of("a client thread's workload initialisation failed" + why);
    }
    if (totalOperations() == 0) {
      return Optional.of("no operation completed" + why);
    }
    return Optional.empty();
  }

  /** Accumulates while scanning; confined to {@link #read}. */
  private static final class Parse {
    private OptionalLong runtime = OptionalLong.empty();
    private OptionalDouble throughput = OptionalDouble.empty();
    private final Map<String, Map<String, Long>> returns = new LinkedHashMap<>();
    private int inits;
    private boolean workloadInitFailed;
    private String problem;

    void scan(Path file) {
      if (!Files.isRegularFile(file)) {
        return;
      }
      try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        String line;
        while ((line = r.readLine()) != null) {
          line(line.strip());
        }
      } catch (IOException e) {
        problem = problem == null ? "cannot read " + file + ": " + e.getMessage() : problem;
      }
    }

    private void line(String line) {
      Matcher m = RETURN.matcher(line);
      if (m.matches()) {
        returns
            .computeIfAbsent(m.group(1), k -> new LinkedHashMap<>())
            .merge(m.group(2), Long.parseLong(m.group(3)), Long::sum);
        return;
      }
      m = OVERALL.matcher(line);
      if (m.matches()) {
        overall(m.group(1), m.group(2));
        return;
      }
      if (line.startsWith(DB_INIT_DONE)) {
        inits++;
      } else if (line.startsWith("site.ycsb.WorkloadException")) {
        workloadInitFailed = true;
      }
      if (problem == null
          && (EXCEPTION.matcher(line).matches() || YCSB_ERROR.matcher(line).matches())) {
        problem = line;
      }
    }

    private void overall(String what, String value) {
      try {
        if (what.startsWith("RunTime")) {
          runtime = OptionalLong.of(Long.parseLong(value.trim()));
        } else {
          throughput = OptionalDouble.of(Double.parseDouble(value.trim()));
        }
      } catch (NumberFormatException e) {
        problem = problem == null ? "unreadable [OVERALL] line: " + value : problem;
      }
    }
  }
}
