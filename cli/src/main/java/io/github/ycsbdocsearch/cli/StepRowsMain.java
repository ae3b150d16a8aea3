package io.github.ycsbdocsearch.cli;

import io.github.ycsbdocsearch.resultsformat.analysis.StepTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code step-rows} ({@code bin/docsearch step-rows}): one CSV row per step of results folders
 * ({@link StepTable}), or with {@code --operations} one per step and latency row, so that scripts
 * select and group steps without reading step files themselves (the known-answer benchmark's pacing
 * fidelity, the client-cost benchmark's open-loop latency). Declared once, here (help text:
 * docs/cli/step-rows-help.txt). One instance per call.
 */
@Command(
    name = "step-rows",
    header = "one CSV row per step of results folders (phase, rate, usable, throughput, send lag)",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = "bin/docsearch step-rows [--operations] [--out FILE] <run-dir>...",
    // Lines broken by hand: picocli's wrapping would split a file name at its dot.
    description =
        """
        Writes one CSV row per run x store x step, read through the results format module (every format): the
        step's phase, threads, offered rate and fraction, status, whether it is usable (complete, not client-bound,
        its rate sustained), throughput, operations, errors, send-lag p99, unsent requests, client CPU, send-lag p50
        and max, and on the simulated store mm1 the fit of the arrivals its server saw to an exponential
        and how late the host woke its completed requests (mm1-arrivals.json), and YCSB's own [OVERALL] ops/s
        (ycsb.out of each client, summed; warm-up included); last, on mm1, the p99 of how long the host held
        its requests (send lag plus wake lateness) and the capacity of M/M/1 with those delays under the step's \
        objective.
        Columns: run_dir,store,step,step_dir,phase,threads,target_ops,offered_fraction,status,usable,throughput_ops,
        operations,errors,send_lag_p99_us,unsent,client_cpu_cores,send_lag_p50_us,send_lag_max_us,mm1_gaps,
        mm1_mean_gap_us,mm1_cv,mm1_ks_d,mm1_stephens,mm1_stephens_critical_5pct,mm1_exponential_rejected,
        mm1_completion_late_p99_us,mm1_completion_late_max_us,ycsb_overall_ops,mm1_host_delay_p99_us,
        mm1_host_capacity_ops (an absent figure is an empty cell)\
        """,
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer = {"", "Exit status: 0 done; 2 bad input (not a results folder, a malformed file)."})
public final class StepRowsMain extends CsvRowsCommand {

  @Option(
      names = "--operations",
      description = {
        "one row per step x operation x latency kind x request set instead (the step's",
        "summary.json rows; a step without rows has none): the step's columns, then",
        "op,latency_kind,requests,count,p50_us,p90_us,p99_us,p999_us,max_us"
      })
  boolean operations;

  @Override
  String csv(List<Path> runDirs) throws IOException {
    return operations
        ? StepTable.csvWithOperations(StepTable.withOperations(runDirs))
        : StepTable.csv(StepTable.of(runDirs));
  }
}
