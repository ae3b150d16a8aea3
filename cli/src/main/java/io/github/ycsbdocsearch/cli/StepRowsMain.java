package io.github.ycsbdocsearch.cli;

import io.github.ycsbdocsearch.resultsformat.analysis.StepTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;

/**
 * {@code step-rows} ({@code bin/docsearch step-rows}): one CSV row per step of results folders
 * ({@link StepTable}), so that scripts select and group steps without reading step files themselves
 * (the known-answer benchmark's pacing fidelity). Declared once, here (help text:
 * docs/cli/step-rows-help.txt). One instance per call.
 */
@Command(
    name = "step-rows",
    header = "one CSV row per step of results folders (phase, rate, usable, throughput, send lag)",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = "bin/docsearch step-rows [--out FILE] <run-dir>...",
    description = {
      "Writes one CSV row per run x store x step, read through the results format module (every"
          + " format): the",
      "step's phase, threads, offered rate and fraction, status, whether it is usable (complete,"
          + " not client-bound,",
      "its rate sustained), throughput, operations, errors, send-lag p99, unsent requests and"
          + " client CPU.",
      "Columns:"
          + " run_dir,store,step,step_dir,phase,threads,target_ops,offered_fraction,status,usable,throughput_ops,",
      "operations,errors,send_lag_p99_us,unsent,client_cpu_cores (an absent figure is an empty"
          + " cell)"
    },
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer = {"", "Exit status: 0 done; 2 bad input (not a results folder, a malformed file)."})
public final class StepRowsMain extends CsvRowsCommand {

  @Override
  String csv(List<Path> runDirs) throws IOException {
    return StepTable.csv(StepTable.of(runDirs));
  }
}
