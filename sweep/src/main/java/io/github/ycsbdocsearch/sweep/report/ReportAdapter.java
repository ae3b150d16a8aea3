package io.github.ycsbdocsearch.sweep.report;

import io.github.ycsbdocsearch.report.LatencyKind;
import io.github.ycsbdocsearch.report.OperationSummary;
import io.github.ycsbdocsearch.report.Percentile;
import io.github.ycsbdocsearch.report.ReportWriter;
import io.github.ycsbdocsearch.report.StepSummarizer;
import io.github.ycsbdocsearch.report.StepSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The runner's only door to the report module: summarize a finished step (so the sweep and the report agree on
 * every number: same warm-up rule, same throughput), and build the derived files of a run folder. Stateless,
 * thread-safe.
 */
public final class ReportAdapter {

  /**
   * What a finished step measured, warm-up excluded.
   *
   * @param stepDir   the step folder, holding {@code step.json} (the report reads the warm-up there) and {@code hdr/}
   * @param fixedRate the step ran at a target rate: its p99 is taken from the intended latency, not service time
   * @throws UncheckedIOException when the folder cannot be read or a log is malformed
   */
  public StepMetrics summarize(Path stepDir, boolean fixedRate) {
    StepSummary s;
    try {
      s = StepSummarizer.summarize(stepDir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot summarize " + stepDir + ": " + e.getMessage(), e);
    }
    LatencyKind kind = fixedRate ? LatencyKind.INTENDED : LatencyKind.SERVICE;
    long worst = -1;
    String worstOp = "";
    for (OperationSummary op : s.operations()) {
      if (op.kind() != kind || op.latency().isEmpty()) {
        continue;
      }
      OptionalLong p99 = op.latency().get().percentileUs(Percentile.P99);
      if (p99.isPresent() && p99.getAsLong() > worst) {
        worst = p99.getAsLong();
        worstOp = op.op();
      }
    }
    return new StepMetrics(s.throughputOps(), s.totalOps(), s.totalErrors(), s.measuredSeconds(),
        worst < 0 ? OptionalLong.empty() : OptionalLong.of(worst), worstOp);
  }

  /**
   * Builds the run folder's derived files (summary.csv/json, percentile files, charts, report.html).
   *
   * @throws UncheckedIOException when a raw file cannot be read or a derived one written
   */
  public void writeReport(Path runDir) {
    try {
      ReportWriter.write(runDir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot build the report of " + runDir + ": " + e.getMessage(), e);
    }
  }
}
