package io.github.ycsbdocsearch.report;

import io.github.ycsbdocsearch.report.html.HtmlReport;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code report} ({@code scripts/report.sh}, {@code bin/docsearch report}): rebuilds every derived
 * file of a results folder. Declared here (help: docs/cli/report-help.txt). One instance per call.
 */
@Command(
    name = "report",
    header = "rebuild a results folder's summaries, charts and report.html (scripts/report.sh)",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    customSynopsis = "report.sh <run-dir>",
    // Lines broken by hand: picocli's wrapping would split a file name at its dot (capacity.|json).
    description = {
      "Rebuilds every derived file of a results folder (summary.csv, summary.json,"
          + " <store>/steps/*/percentiles/, charts/,",
      "report.html) from its raw files (manifest.json, step.json and each step's summary.json, HDR"
          + " interval logs,",
      "capacity.json, verification.json). Safe to re-run; each file is replaced atomically."
    },
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer = {
      "",
      "Exit status: 0 done; 1 an I/O failure; 2 bad input (not a results folder, a malformed raw"
          + " file)."
    })
public final class ReportMain implements Callable<Integer> {

  static final int EXIT_OK = 0;
  static final int EXIT_IO = 1;
  static final int EXIT_BAD_INPUT = 2;

  @Parameters(paramLabel = "<run-dir>", description = "a results folder: results/<UTC>-<workload>")
  Path dir;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    try {
      ReportWriter.write(dir);
      cl.getOut().println("report: wrote " + dir.resolve(HtmlReport.FILE_NAME));
      return EXIT_OK;
    } catch (ResultsFormatException e) {
      cl.getErr().println("report: " + Json.firstLine(e.getMessage()));
      return EXIT_BAD_INPUT;
    } catch (IOException e) {
      cl.getErr().println("report: " + dir + ": " + Json.firstLine(String.valueOf(e.getMessage())));
      return EXIT_IO;
    }
  }
}
