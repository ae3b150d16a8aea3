package io.github.ycsbdocsearch.cli;

import io.github.ycsbdocsearch.resultsformat.analysis.FaultTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;

/**
 * {@code fault-rows} ({@code bin/docsearch fault-rows}): one CSV row per store of results folders
 * that ran a fault step ({@link FaultTable}), so that the node-lost-under-load benchmark ({@code
 * scripts/bench-fault.sh}) tabulates them without reading fault-summary.json itself. Declared once,
 * here (help text: docs/cli/fault-rows-help.txt). One instance per call.
 */
@Command(
    name = "fault-rows",
    header =
        "one CSV row per store of results folders that ran a fault step (failures, gaps, recovery,"
            + " writes lost)",
    usageHelpWidth = 118,
    mixinStandardHelpOptions = true,
    sortOptions = false,
    customSynopsis = "bin/docsearch fault-rows [--out FILE] <run-dir>...",
    // Lines broken by hand: picocli's wrapping would split a file name at its dot.
    description =
        """
        Writes one CSV row per run x store with a fault summary (fault-summary.json, --fault), read through the results
        format module: the durability profile, the offered rate, the failures after the kill by operation type
        ('READ 12, UPDATE 9'), the longest gap without a success (s) and between two acknowledged writes (ms), the
        intended p99 before the kill, whether and how soon after the kill p99 was back within 2x of it, the
        acknowledged writes, how many were lost (absent or stale), not read back (unread), found with an older
        value (stale) and errored or timed out (indeterminate: either outcome allowed), what the profile may lose, and
        how many were in logs that are not whole or of clients that did not exit 0 (unknown: any makes the loss \
        unknown).
        Columns: run_dir,store,profile,target_ops,failed_after_kill,longest_gap_s,longest_ack_gap_ms,pre_fault_p99_us,
        recovered,recovery_s,acked_writes,acked_writes_lost,acked_writes_read_back_failed,acked_writes_stale,
        acked_writes_indeterminate,may_lose,acked_writes_unknown (an absent figure is an empty cell; the acked_writes
        columns are empty when the write stream did not run; acked_writes_unknown in summaries written before it)\
        """,
    parameterListHeading = "%n",
    optionListHeading = "%nOptions:%n",
    footer = {
      "",
      "Exit status: 0 done (no store that ran a fault step gives the header alone); 2 bad input"
          + " (not a results",
      "folder, a malformed file)."
    })
public final class FaultRowsMain extends CsvRowsCommand {

  @Override
  String csv(List<Path> runDirs) throws IOException {
    return FaultTable.csv(FaultTable.of(runDirs));
  }
}
