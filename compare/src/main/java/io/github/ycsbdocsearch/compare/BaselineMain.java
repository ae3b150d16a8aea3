package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Command line behind {@code scripts/make-baseline.sh}.
 *
 * <pre>
 * make-baseline [--light] OUT RUN RUN RUN...
 * </pre>
 * Exit codes: 0 baseline written; 1 an input run failed search verification (a baseline must prove identical answers);
 * 2 bad input (fewer than three runs, a folder that is not a results folder, workloads that differ, OUT not empty).
 *
 * <p>Each call of {@link #run} is independent; the class holds no state.
 */
public final class BaselineMain {

  static final String USAGE = String.join("\n",
      "usage: make-baseline.sh [--light] <out-dir> <run-dir> <run-dir> <run-dir>...",
      "Each run-dir is one repetition: a run folder or a folder of run folders (one per workload).",
      "Writes <out-dir>/noise.json (per step and metric, the spread over the runs), <out-dir>/baseline.json",
      "and a copy of the median run of each workload. --light leaves out raw HDR logs.");

  private BaselineMain() {
  }

  /**
   * @param args command line
   */
  public static void main(String[] args) {
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    System.exit(run(args, out, err));
  }

  /**
   * @param args command line
   * @param out progress and summary
   * @param err errors
   * @return the exit code
   */
  static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      boolean light = false;
      List<Path> paths = new ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "-h", "--help" -> {
            out.println(USAGE);
            return Comparison.EXIT_OK;
          }
          case "--light" -> light = true;
          default -> {
            if (args[i].startsWith("-")) {
              throw new BadInputException("unknown option " + args[i] + " (see --help)");
            }
            paths.add(Path.of(args[i]));
          }
        }
      }
      if (paths.isEmpty()) {
        throw new BadInputException("missing <out-dir> (see --help)");
      }
      List<ResultsSet> sets = BaselineBuilder.load(paths.subList(1, paths.size()));
      List<String> problems = BaselineBuilder.verificationProblems(sets);
      if (!problems.isEmpty()) {
        err.println("make-baseline: refusing a baseline from runs that do not verify:");
        problems.forEach(p -> err.println("  " + p));
        return Comparison.EXIT_REGRESSION;
      }
      JsonNode provenance = BaselineBuilder.build(paths.get(0), sets, light);
      summarize(paths.get(0), sets.size(), provenance, out);
      return Comparison.EXIT_OK;
    } catch (BadInputException e) {
      err.println("make-baseline: " + e.getMessage());
      return Comparison.EXIT_BAD_INPUT;
    } catch (IOException | java.io.UncheckedIOException e) {
      err.println("make-baseline: I/O error: " + Json.firstLine(e.getMessage()));
      return Comparison.EXIT_BAD_INPUT;
    }
  }

  private static void summarize(Path out, int runs, JsonNode provenance, PrintStream print) {
    print.println("Baseline written to " + out + " from " + runs + " runs:");
    for (Map.Entry<String, JsonNode> picked : provenance.get("picked").properties()) {
      print.println("  " + picked.getKey() + ": median run " + picked.getValue().get("run").asText());
    }
    print.println("  noise thresholds in " + out.resolve(NoiseModel.FILE_NAME));
  }
}
