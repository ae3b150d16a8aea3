package io.github.ycsbdocsearch.cli;

import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.RunMigration;
import io.github.ycsbdocsearch.resultsformat.analysis.HistoryRows;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code migrate} ({@code bin/docsearch migrate}): upgrades run folders written in an older format,
 * in place, by {@link RunMigration} (a nightly history by {@link HistoryRows#migrateHistory}), so
 * that the readers know one format. Declared once, here (help text: docs/cli/migrate-help.txt). One
 * instance per call.
 */
@Command(
    name = "migrate",
    header = "upgrade run folders written in an older format, in place, to the current one",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = "bin/docsearch migrate PATH...",
    // Lines broken by hand: picocli's wrapping would split a file name at its dot.
    description =
        """
        Rewrites what each run folder holds under a name from before the names were settled: <store>/saturation.json
        becomes capacity.json (a resumed folder's capacity.json wins), and a store's 'saturation' in summary.json and
        manifest.json becomes 'capacity', and the manifest's 'saturation_rule' becomes 'peak_rule'. Upgrades older
        versions: capacity.json to format 4 (format 1's peak under its current names, with 'ramp_only'), the run
        summary.json to format 2 (rows with their phase and verdict; format 1 with 'ramp_only' and
        'throughput_counts_composed_parts'), step summary.json to format 4 (the verdict recorded), step.json to
        format 3 (format 1's phase; a format-1 step gets its summary.json from its logs). Each file is
        written whole and renamed over the old one; a folder already current is left untouched. A nightly history
        (history.csv) is checked: its columns never changed. One line per PATH on stdout says what was done. The
        report, compare, runs and history-rows refuse an older folder and name this command (docs/results-format.md,
        "Format versions").\
        """,
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer = {
      "",
      "Exit status: 0 done; 2 bad input (a PATH that is neither a run folder nor a nightly"
          + " history, a malformed file):",
      "nothing is migrated when a PATH is neither."
    })
public final class MigrateMain implements Callable<Integer> {

  static final int EXIT_OK = 0;
  static final int EXIT_BAD_INPUT = 2;

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH",
      description = "a run folder (with manifest.json) or a nightly history file")
  List<Path> paths = new ArrayList<>();

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    for (Path p : paths) {
      if (!Files.isRegularFile(p) && !Files.isRegularFile(p.resolve(RunLayout.MANIFEST))) {
        err.printf(
            "%s: %s: neither a run folder (no %s) nor a history file%n",
            spec.name(), p, RunLayout.MANIFEST);
        return EXIT_BAD_INPUT;
      }
    }
    for (Path p : paths) {
      try {
        out.println(
            Files.isRegularFile(p) ? HistoryRows.migrateHistory(p) : RunMigration.migrate(p));
      } catch (IOException e) {
        err.println(spec.name() + ": " + Json.firstLine(e.getMessage()));
        return EXIT_BAD_INPUT;
      }
    }
    return EXIT_OK;
  }
}
