package io.github.ycsbdocsearch.cli;

import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.RunFolderCheck;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code check-run} ({@code bin/docsearch check-run}): whether run folders are whole, by {@link
 * RunFolderCheck}, so that {@code scripts/aws-results.sh check|verify} reads no file of a run
 * folder itself (it keeps the copy's own marker and checksums). Declared once, here (help text:
 * docs/cli/check-run-help.txt). One instance per call.
 */
@Command(
    name = "check-run",
    header =
        "whether run folders are whole: manifest, summary, every step's HDR logs, the servers'"
            + " files",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = "bin/docsearch check-run [--servers N] [--clients N] RUN_DIR...",
    // Lines broken by hand: picocli's wrapping would split a file name at its dot.
    description =
        """
        Reads each run folder's files through the results format module, as the report and compare read them:
        manifest.json and summary.json must parse (an unfinished run has none: finish it with ./run-sweep.sh --resume,
        or write it with scripts/report.sh), every step folder (<store>/steps/*/) must hold its HDR logs (hdr/*.hdr; \
        with
        several clients, those clients.json lists, each its clients/<i>/hdr/*.hdr), every servers/<IP>/store.json must
        be a JSON object. Prints each problem on stdout, one line each ('<path>: what is wrong'), nothing for a folder
        that passes; a server folder without machine-fingerprint.json is a warning on stderr. scripts/aws-results.sh
        check and verify run it on the run folders a cluster's fetch brings home (the copy's checksums are theirs).\
        """,
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer = {
      "",
      "Exit status: 0 every folder passed; 1 a folder has a problem (the lines on stdout); 2 bad"
          + " arguments."
    })
public final class CheckRunMain implements Callable<Integer> {

  static final int EXIT_OK = 0;
  static final int EXIT_PROBLEM = 1;

  @Parameters(arity = "1..*", paramLabel = "RUN_DIR", description = "a run folder")
  List<Path> dirs = new ArrayList<>();

  @Spec CommandSpec spec;

  @Option(
      names = "--servers",
      paramLabel = "N",
      description =
          "expect N servers/<IP>/ folders in every run, each with store.json and logs.tar.gz"
              + " (default 0: none required)")
  int servers;

  @Option(
      names = "--clients",
      paramLabel = "N",
      description =
          "the run had N clients: expect N - 1 remote-clients/<IP>/ folders (default 0: none"
              + " required)")
  int clients;

  @Override
  public Integer call() {
    for (int n : new int[] {servers, clients}) {
      if (n < 0) {
        // Handled as a malformed argument: one line, exit 2 (Docsearch).
        throw new ParameterException(
            spec.commandLine(), "--servers and --clients need a whole number of 0 or more");
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean passed = true;
    for (Path dir : dirs) {
      RunFolderCheck.Result r;
      try {
        r = RunFolderCheck.check(dir, servers, clients);
      } catch (IOException e) {
        r =
            new RunFolderCheck.Result(
                List.of(dir + ": cannot be read: " + Json.firstLine(e.getMessage())), List.of());
      }
      r.problems().forEach(out::println);
      r.warnings().forEach(w -> err.println(spec.name() + ": warning: " + w));
      passed &= r.passed();
    }
    return passed ? EXIT_OK : EXIT_PROBLEM;
  }
}
