package io.github.ycsbdocsearch.cli;

import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.resultsformat.ResultsFormatException;
import io.github.ycsbdocsearch.resultsformat.RunOverview;
import io.github.ycsbdocsearch.resultsformat.StoreCapacity;
import io.github.ycsbdocsearch.resultsformat.analysis.HistoryRows;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code runs} ({@code bin/docsearch runs [DIR]}): the past runs of a results folder, one line
 * each, as Rally's {@code list races} lists races. Each run is read through {@link RunOverview}
 * (the results format's reader), never by parsing its files here. Declared once, here (help text:
 * docs/cli/runs-help.txt). One instance per call.
 */
@Command(
    name = "runs",
    header = "the past runs of a results folder, one line each (time, workload, stores, status)",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = "bin/docsearch runs [DIR]",
    description = {
      "Lists each run folder of DIR (default: results/; or DIR itself when it is one), oldest"
          + " first, one line each:",
      "  <started (UTC)>  <workload>  [tags KEY=VALUE,...]  <store>: <capacity> (95 %% <interval>)"
          + " ...  <status>  <folder>",
      "The capacity is each store's under the run's objective ('>= N' when it is a lower bound; 'no"
          + " capacity (peak N)'",
      "when the store met no objective or ran no fixed rate, with the ramp's peak); the interval is"
          + " the capacity's 95 %%",
      "interval ('open' above a lower bound; left out when the run has none). A store whose sweep"
          + " did not complete",
      "shows its status after its name. Tags appear for runs that were given some."
    },
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer = {
      "",
      "Exit status: 0 listed (an empty folder too, said on stderr); 1 a run folder could not be"
          + " read (said on stderr,",
      "the others listed); 2 DIR is not a folder."
    })
public final class RunsMain implements Callable<Integer> {

  static final int EXIT_OK = 0;
  static final int EXIT_UNREADABLE = 1;
  static final int EXIT_BAD_INPUT = 2;

  @Parameters(
      arity = "0..1",
      paramLabel = "DIR",
      description = "a folder of run folders, or one run folder (default: results/)")
  Path dir = Path.of("results");

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      if (!Files.isDirectory(dir)) {
        err.println(spec.name() + ": " + dir + ": not a folder");
        return EXIT_BAD_INPUT;
      }
      List<Path> runs;
      try {
        runs = HistoryRows.runFolders(dir);
      } catch (ResultsFormatException e) {
        err.println(spec.name() + ": no run folders in " + dir + " (./run-sweep.sh writes them)");
        return EXIT_OK;
      }
      boolean allRead = true;
      for (Path run : runs) {
        try {
          out.println(line(RunOverview.read(run)));
        } catch (IOException e) {
          err.println(spec.name() + ": " + run + ": " + Json.firstLine(e.getMessage()));
          allRead = false;
        }
      }
      return allRead ? EXIT_OK : EXIT_UNREADABLE;
    } catch (IOException e) {
      err.println(spec.name() + ": I/O error: " + Json.firstLine(String.valueOf(e.getMessage())));
      return EXIT_BAD_INPUT;
    }
  }

  /** A run's line: fields apart by two spaces, a missing one as {@code -}. */
  static String line(RunOverview run) {
    Manifest m = run.manifest();
    List<String> fields = new ArrayList<>();
    fields.add(orDash(m.startedUtc()));
    fields.add(orDash(m.workloadName()));
    if (!m.tags().isEmpty()) {
      fields.add(
          m.tags().entrySet().stream()
              .map(e -> e.getKey() + "=" + e.getValue())
              .collect(Collectors.joining(",", "tags ", "")));
    }
    List<String> stores = run.stores().stream().map(RunsMain::store).toList();
    fields.add(stores.isEmpty() ? "no stores" : String.join("; ", stores));
    fields.add(orDash(m.status()));
    fields.add(run.dir().getFileName().toString());
    return String.join("  ", fields);
  }

  /** {@code basicdb: 3575 ops/s (95 % [3377, 3814])}, with the store's status when not complete. */
  private static String store(RunOverview.Store s) {
    String name =
        Manifest.STATUS_COMPLETE.equals(s.status()) ? s.name() : s.name() + " " + s.status();
    StoreCapacity c = s.capacity();
    if (c == null) {
      return name + ": no capacity file";
    }
    if (c.capacityOps() == null) {
      // The peak says how far the ramp got; a run of the ramp alone sought no capacity.
      return name
          + ": "
          + (c.capacitySought() ? "no capacity" : "no capacity sought")
          + (c.peakOps() == null ? "" : " (peak " + ops(c.peakOps()) + ")");
    }
    String capacity =
        (Boolean.TRUE.equals(c.capacityLowerBound()) ? ">= " : "") + ops(c.capacityOps());
    String interval = c.capacityBracket();
    return name + ": " + capacity + (interval == null ? "" : " (95 % " + interval + ")");
  }

  private static String ops(double v) {
    return String.format(Locale.ROOT, "%.0f ops/s", v);
  }

  private static String orDash(String s) {
    return s == null || s.isBlank() ? "-" : s;
  }
}
