package io.github.ycsbdocsearch.cli;

import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A command that writes rows of results folders as CSV ({@code history-rows}, {@code step-rows},
 * {@code fault-rows}): the folders as parameters, {@code --out FILE} or stdout, one line and exit 2
 * on a folder the results format cannot read.
 */
abstract class CsvRowsCommand implements Callable<Integer> {

  static final int EXIT_OK = 0;
  static final int EXIT_BAD_INPUT = 2;

  @Parameters(
      arity = "1..*",
      paramLabel = "<run-dir>",
      description =
          "a results folder (results/<UTC>-<workload>) or a folder of them, one per workload")
  List<Path> dirs = new ArrayList<>();

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "write the CSV to FILE (replaced) instead of stdout")
  Path out;

  @Spec CommandSpec spec;

  /** The CSV of the folders, header first. */
  abstract String csv(List<Path> runDirs) throws IOException;

  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    String name = spec.name();
    try {
      String csv = csv(dirs);
      if (out == null) {
        cl.getOut().print(csv);
        cl.getOut().flush();
      } else {
        AtomicFiles.writeString(out, csv);
      }
      return EXIT_OK;
    } catch (ResultsFormatException e) {
      cl.getErr().println(name + ": " + Json.firstLine(e.getMessage()));
      return EXIT_BAD_INPUT;
    } catch (IOException | UncheckedIOException e) {
      cl.getErr().println(name + ": I/O error: " + Json.firstLine(String.valueOf(e.getMessage())));
      return EXIT_BAD_INPUT;
    }
  }
}
