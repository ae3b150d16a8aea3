package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code compare} ({@code scripts/compare-results.sh}, {@code bin/docsearch compare}): compares two
 * result sets, or with {@code --describe} digests one. Its options are declared once, here; picocli
 * parses them and writes {@code --help} (checked in as docs/cli/compare-help.txt). The report it
 * prints is Markdown ({@link MarkdownReport}), which reads as text too; {@code --markdown} appends
 * the same report (so it can target {@code $GITHUB_STEP_SUMMARY}); {@code --json} and {@code --csv}
 * replace their files. One instance per call.
 */
@Command(
    name = "compare",
    header =
        "compare two result sets, flag changes beyond the runs' own noise"
            + " (scripts/compare-results.sh)",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = {
      "compare-results.sh [--json FILE] [--csv FILE] [--charts DIR] [--markdown FILE] [--alpha A]",
      "                          <baseline-dir> <new-dir>",
      "       compare-results.sh --describe [--markdown FILE] <results-dir>"
    },
    // Lines broken by hand: picocli's wrapping would split a file name at its dot (summary.|json).
    description = {
      "Compares a new result set with a baseline and says what changed beyond the two runs' own"
          + " measured noise. A dir is",
      "a run folder (results/<UTC>-<workload>) or a folder of run folders, one per workload; each"
          + " run's summary.json is",
      "read (format 2; an older one is refused until bin/docsearch migrate upgrades it).",
      "A store's capacity and peak are judged against the 95 %% intervals both runs recorded,"
          + " widened so that the chance of",
      "any false regression in the whole comparison is at most A (Bonferroni; compare/README.md);"
          + " figures without an",
      "interval in both runs (latency percentiles, older runs), against conservative defaults,"
          + " marked as such."
    },
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer = {
      "",
      "Exit status: 0 no regression; 1 regression or verification failure; 2 bad input; 3 failed"
          + " run: a store of the new run has no result (no qualifying step, or no capacity where"
          + " the baseline has one) and nothing regressed. A store without a result is never a"
          + " regression."
    })
public final class CompareMain implements Callable<Integer> {

  @Parameters(
      arity = "1..2",
      paramLabel = "<dir>",
      description = "the baseline and the new result set (one result set with --describe)")
  List<Path> paths = new ArrayList<>();

  @Option(
      names = "--describe",
      description = "write a Markdown digest of one result set instead of comparing")
  boolean describe;

  @Option(
      names = "--json",
      paramLabel = "FILE",
      description =
          "write every aligned row with change, threshold, source, verdict and the rule (replaces"
              + " FILE)")
  Path json;

  @Option(
      names = "--csv",
      paramLabel = "FILE",
      description =
          "write the same rows as CSV for a spreadsheet: a header, then one row per figure (each"
              + " store's headline, each latency percentile, each error rate; replaces FILE)")
  Path csv;

  @Option(
      names = "--charts",
      paramLabel = "DIR",
      description =
          "write the two runs' latency-vs-offered-load charts overlaid, one per store and operation"
              + " in both, each as SVG, CSV and a Vega-Lite spec drawing it from the CSV")
  Path charts;

  @Option(
      names = "--markdown",
      paramLabel = "FILE",
      description = "append the Markdown report to FILE (e.g. \"$GITHUB_STEP_SUMMARY\")")
  Path markdown;

  @Option(
      names = "--alpha",
      paramLabel = "A",
      defaultValue = NoisePolicy.ALPHA_DEFAULT_TEXT,
      description =
          "false-alarm budget of the whole comparison, between 0 and 1 (default: ${DEFAULT-VALUE})")
  double alpha;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      check();
      if (describe) {
        String text = RunSummaryMarkdown.render(ResultsSet.load(paths.get(0)));
        if (markdown == null) {
          out.print(text);
        } else {
          append(markdown, text);
        }
        return Comparison.EXIT_OK;
      }
      ResultsSet baseline = ResultsSet.load(paths.get(0));
      ResultsSet current = ResultsSet.load(paths.get(1));
      Comparison comparison = ResultsComparer.compare(baseline, current, alpha);
      String report = MarkdownReport.render(comparison);
      out.print(report);
      if (json != null) {
        AtomicFiles.writeJson(json, JsonReport.toJson(comparison));
      }
      if (csv != null) {
        AtomicFiles.writeString(csv, CsvReport.render(comparison));
      }
      if (markdown != null) {
        append(markdown, report);
      }
      if (charts != null) {
        out.print(overlays(OverlayCharts.write(baseline, current, charts)));
      }
      return comparison.exitCode();
    } catch (BadInputException e) {
      err.println("compare: " + e.getMessage());
      return Comparison.EXIT_BAD_INPUT;
    } catch (IOException | UncheckedIOException e) {
      err.println("compare: I/O error: " + Json.firstLine(e.getMessage()));
      return Comparison.EXIT_BAD_INPUT;
    } finally {
      out.flush(); // the reports are printed whole, not line by line
    }
  }

  /** The lines that name the overlay charts written, or say why there are none. */
  private String overlays(List<String> written) {
    if (written.isEmpty()) {
      return "\nNo overlay chart: no store and operation has fixed-rate steps in both runs.\n";
    }
    StringBuilder text =
        new StringBuilder("\nOverlay charts in ")
            .append(charts)
            .append(" (each .svg with its data, .csv, and Vega-Lite spec, .vl.json):\n");
    written.forEach(name -> text.append("  ").append(name).append('\n'));
    return text.toString();
  }

  /** What picocli cannot say by itself: how many folders each form takes, --alpha's range. */
  private void check() throws BadInputException {
    int expected = describe ? 1 : 2;
    if (paths.size() != expected) {
      throw new BadInputException(
          "expected " + expected + " folder(s), got " + paths.size() + " (see --help)");
    }
    if (describe && (json != null || csv != null || charts != null)) {
      throw new BadInputException(
          (json != null ? "--json" : csv != null ? "--csv" : "--charts")
              + " is for comparisons, not --describe (see --help)");
    }
    if (!(alpha > 0 && alpha < 1)) {
      throw new BadInputException("--alpha needs a number between 0 and 1, got '" + alpha + "'");
    }
  }

  private static void append(Path file, String text) throws IOException {
    Files.writeString(
        file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }
}
