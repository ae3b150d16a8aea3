package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code noise} ({@code scripts/make-noise-reference.sh}, {@code bin/docsearch noise}; {@code
 * baseline} and {@code make-baseline.sh} before): builds a noise reference, the baseline that
 * compare-results.sh compares with, from three or more repeated runs. Options declared once, here
 * (help text: docs/cli/noise-help.txt). One instance per call.
 */
@Command(
    name = "noise",
    header =
        "build a noise reference from >= 3 repeated runs "
            + "(scripts/make-noise-reference.sh; was 'baseline')",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = "make-noise-reference.sh [--light] <out-dir> <run-dir> <run-dir> <run-dir>...",
    description = {
      "Builds a noise reference (a baseline for compare-results.sh) from >= 3 repeated runs: the"
          + " median run of each workload plus noise.json, the run-to-run spread that"
          + " compare-results.sh turns into regression thresholds.",
      "Each run-dir is one repetition: a run folder (results/<UTC>-<workload>) or a folder of run"
          + " folders, one per workload; all must hold the same workloads.",
      "noise.json keeps, per store and workload, the coefficient of variation of capacity_ops and"
          + " peak_ops and, per step and latency metric, that step's own (compare/README.md)."
    },
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer = {
      "",
      "Exit status: 0 written; 1 an input run failed search verification (a baseline must prove"
          + " identical answers); 2 bad input (fewer than three runs, not a results folder,"
          + " workloads that differ, out-dir not empty)."
    })
public final class BaselineMain implements Callable<Integer> {

  @Parameters(
      index = "0",
      paramLabel = "<out-dir>",
      description = "where the baseline goes (new or empty)")
  Path outDir;

  @Parameters(
      index = "1..*",
      arity = "0..*",
      paramLabel = "<run-dir>",
      description = "one repetition each")
  List<Path> runs = new ArrayList<>();

  @Option(names = "--light", description = "leave raw HDR logs and YCSB output out of the copy")
  boolean light;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    return build(spec.commandLine().getOut(), spec.commandLine().getErr());
  }

  private int build(PrintWriter out, PrintWriter err) {
    try {
      List<ResultsSet> sets = BaselineBuilder.load(runs);
      List<String> problems = BaselineBuilder.verificationProblems(sets);
      if (!problems.isEmpty()) {
        err.println("noise: refusing a noise reference from runs that do not verify:");
        problems.forEach(p -> err.println("  " + p));
        return Comparison.EXIT_REGRESSION;
      }
      JsonNode provenance = BaselineBuilder.build(outDir, sets, light);
      summarize(outDir, sets.size(), provenance, out);
      return Comparison.EXIT_OK;
    } catch (BadInputException e) {
      err.println("noise: " + e.getMessage());
      return Comparison.EXIT_BAD_INPUT;
    } catch (IOException | UncheckedIOException e) {
      err.println("noise: I/O error: " + Json.firstLine(e.getMessage()));
      return Comparison.EXIT_BAD_INPUT;
    }
  }

  private static void summarize(Path out, int runs, JsonNode provenance, PrintWriter print) {
    print.println("Baseline written to " + out + " from " + runs + " runs:");
    for (Map.Entry<String, JsonNode> picked : provenance.get("picked").properties()) {
      print.println(
          "  " + picked.getKey() + ": median run " + picked.getValue().get("run").asText());
    }
    print.println("  noise thresholds in " + out.resolve(NoiseModel.FILE_NAME));
  }
}
