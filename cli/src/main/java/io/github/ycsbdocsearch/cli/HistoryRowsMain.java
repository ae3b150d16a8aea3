package io.github.ycsbdocsearch.cli;

import io.github.ycsbdocsearch.resultsformat.analysis.HistoryRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;

/**
 * {@code history-rows} ({@code bin/docsearch history-rows}): the rows the nightly run history keeps
 * of results folders, as CSV ({@link HistoryRows}; {@code scripts/perf-history.sh add} and {@code
 * scripts/bench-reproducibility.sh} read them). Declared once, here (help text:
 * docs/cli/history-rows-help.txt). One instance per call.
 */
@Command(
    name = "history-rows",
    header =
        "the rows the nightly run history keeps of results folders, as CSV (scripts/perf-history.sh"
            + " add)",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = "bin/docsearch history-rows [--out FILE] <run-dir>...",
    // Lines broken by hand: picocli's wrapping would split a file name at its dot (capacity.|json).
    description =
        """
        Writes one CSV row per run x store x step x operation x latency kind x metric, read through the results format
        module (migrated folders: bin/docsearch migrate): per store peak_ops and capacity_ops (capacity.json); intended
        p50, p99 and p99.9 at each load step, keyed by its offered fraction (load-50pct); a run migrated from format 1
        (the ramp alone): service p50 and p99 of the closed-loop steps, keyed by threads (t4). Steps that are not usable
        (failed, client-bound, rate not sustained), the harness floor, all-requests rows and unsupported percentiles are
        left out (docs/nightly.md).
        Columns: run_id,date,commit,dirty,cpu_model,cpu_count,format,workload,store,step,op,latency_kind,metric,value\
        """,
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer = {
      "",
      "Exit status: 0 done (a run with nothing to keep gives the header alone); 2 bad input (not a "
          + "results folder, a malformed file)."
    })
public final class HistoryRowsMain extends CsvRowsCommand {

  @Override
  String csv(List<Path> runDirs) throws IOException {
    return HistoryRows.csv(HistoryRows.of(runDirs));
  }
}
