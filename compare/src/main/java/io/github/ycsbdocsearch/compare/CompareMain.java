package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Command line behind {@code scripts/compare-results.sh}.
 *
 * <pre>
 * compare [--json FILE] [--markdown FILE] [--alpha A] BASELINE NEW   compare two result sets; exit 0 ok, 1 regression,
 *                                                                    2 bad input
 * compare --describe [--markdown FILE] RESULTS           Markdown digest of one result set (for a CI job summary)
 * </pre>
 * {@code --markdown} appends (so it can target {@code $GITHUB_STEP_SUMMARY}); {@code --json} replaces its file.
 *
 * <p>Each call of {@link #run} is independent; the class holds no state.
 */
public final class CompareMain {

  static final String USAGE = String.join("\n",
      "usage: compare-results.sh [--json FILE] [--markdown FILE] [--alpha A] <baseline-dir> <new-dir>",
      "       compare-results.sh --describe [--markdown FILE] <results-dir>",
      "A dir is a run folder (results/<UTC>-<workload>) or a folder of run folders, one per workload.",
      "Thresholds come from the per-step spreads in <baseline-dir>/noise.json (scripts/make-baseline.sh), scaled so",
      "that the chance of any false regression in the whole comparison is at most A (default "
          + NoisePolicy.ALPHA_DEFAULT + "); without noise.json, marked defaults.",
      "Exit: 0 no regression, 1 regression or verification failure, 2 bad input.");

  private CompareMain() {
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
   * @param out where the report goes
   * @param err where errors go
   * @return the exit code
   */
  static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      Options options = Options.parse(args);
      if (options.help()) {
        out.println(USAGE);
        return Comparison.EXIT_OK;
      }
      if (options.describe()) {
        ResultsSet set = ResultsSet.load(options.paths().get(0));
        String markdown = RunSummaryMarkdown.render(set);
        if (options.markdown() == null) {
          out.print(markdown);
        } else {
          append(options.markdown(), markdown);
        }
        return Comparison.EXIT_OK;
      }
      Path baselineDir = options.paths().get(0);
      ResultsSet baseline = ResultsSet.load(baselineDir);
      ResultsSet current = ResultsSet.load(options.paths().get(1));
      Comparison comparison = ResultsComparer.compare(baseline, current, NoiseModel.load(baselineDir),
          options.alpha());
      out.print(TextReport.render(comparison));
      if (options.json() != null) {
        AtomicFiles.writeJson(options.json(), JsonReport.toJson(comparison));
      }
      if (options.markdown() != null) {
        append(options.markdown(), MarkdownReport.render(comparison));
      }
      return comparison.exitCode();
    } catch (BadInputException e) {
      err.println("compare-results: " + e.getMessage());
      return Comparison.EXIT_BAD_INPUT;
    } catch (IOException | java.io.UncheckedIOException e) {
      err.println("compare-results: I/O error: " + Json.firstLine(e.getMessage()));
      return Comparison.EXIT_BAD_INPUT;
    }
  }

  private static void append(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  /** Parsed command line. */
  private record Options(boolean help, boolean describe, Path json, Path markdown, double alpha, List<Path> paths) {

    static Options parse(String[] args) throws BadInputException {
      boolean help = false;
      boolean describe = false;
      Path json = null;
      Path markdown = null;
      double alpha = NoisePolicy.ALPHA_DEFAULT;
      List<Path> paths = new ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "-h", "--help" -> help = true;
          case "--describe" -> describe = true;
          case "--json" -> json = Path.of(value(args, ++i, "--json"));
          case "--markdown" -> markdown = Path.of(value(args, ++i, "--markdown"));
          case "--alpha" -> alpha = alpha(value(args, ++i, "--alpha"));
          default -> {
            if (args[i].startsWith("-")) {
              throw new BadInputException("unknown option " + args[i] + " (see --help)");
            }
            paths.add(Path.of(args[i]));
          }
        }
      }
      int expected = describe ? 1 : 2;
      if (!help && paths.size() != expected) {
        throw new BadInputException("expected " + expected + " folder(s), got " + paths.size() + " (see --help)");
      }
      if (describe && json != null) {
        throw new BadInputException("--json is for comparisons, not --describe (see --help)");
      }
      return new Options(help, describe, json, markdown, alpha, paths);
    }

    private static double alpha(String text) throws BadInputException {
      try {
        double a = Double.parseDouble(text);
        if (a > 0 && a < 1) {
          return a;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new BadInputException("--alpha needs a number between 0 and 1, got '" + text + "'");
    }

    private static String value(String[] args, int index, String option) throws BadInputException {
      if (index >= args.length) {
        throw new BadInputException(option + " needs a value (see --help)");
      }
      return args[index];
    }
  }
}
