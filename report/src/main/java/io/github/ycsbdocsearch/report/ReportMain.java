package io.github.ycsbdocsearch.report;

import io.github.ycsbdocsearch.resultsformat.*;
import io.github.ycsbdocsearch.report.chart.*;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Command line: {@code ReportMain <run-dir>} rebuilds every derived file of a results folder (used by
 * {@code scripts/report.sh}). Exit codes: 0 done, 2 bad input (usage, not a results folder, malformed raw file),
 * 1 an I/O failure. Errors are one line on stderr.
 */
public final class ReportMain {

  static final int EXIT_OK = 0;
  static final int EXIT_IO = 1;
  static final int EXIT_BAD_INPUT = 2;

  private ReportMain() {
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the exit code (testable without exiting). */
  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length != 1 || args[0].startsWith("-")) {
      err.println("usage: ReportMain <run-dir>   (rebuilds summary.csv/json, percentiles, charts, report.html)");
      return EXIT_BAD_INPUT;
    }
    Path dir = Paths.get(args[0]);
    try {
      ReportWriter.write(dir);
      out.println("report: wrote " + dir.resolve(HtmlReport.FILE_NAME));
      return EXIT_OK;
    } catch (ResultsFormatException e) {
      err.println("report: " + Json.firstLine(e.getMessage()));
      return EXIT_BAD_INPUT;
    } catch (IOException e) {
      err.println("report: " + dir + ": " + Json.firstLine(String.valueOf(e.getMessage())));
      return EXIT_IO;
    }
  }
}
