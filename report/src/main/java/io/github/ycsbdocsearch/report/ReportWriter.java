package io.github.ycsbdocsearch.report;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Rebuilds every derived file of a results folder from its raw files (manifest.json, step.json files, HDR interval
 * logs, saturation.json, verification.json): each step's {@code percentiles/}, {@code summary.csv},
 * {@code summary.json}, {@code charts/*.svg} and {@code report.html}. Each file is written atomically. Stateless;
 * two writers must not work on the same folder at once.
 */
public final class ReportWriter {

  /** Folder of the chart files, inside the results folder. */
  public static final String CHARTS_DIR = "charts";

  private ReportWriter() {
  }

  /**
   * Rebuilds every derived file of a results folder.
   *
   * @param runDir the results folder
   * @throws ResultsFormatException when the folder is not a results folder or a raw file is malformed
   * @throws IOException            when a file cannot be read or written
   */
  public static void write(Path runDir) throws IOException {
    RunFolder run = RunFolder.read(runDir);
    for (StoreRun store : run.stores()) {
      for (StoreRun.LoadedStep step : store.steps()) {
        PercentileFiles.write(step.dir(), step.histograms());
      }
    }
    List<SummaryRow> rows = SummaryRow.of(run.allSteps());
    AtomicFiles.writeString(runDir.resolve(SummaryCsv.FILE_NAME), SummaryCsv.format(rows));
    AtomicFiles.writeString(runDir.resolve(SummaryJson.FILE_NAME), SummaryJson.format(run, rows));
    StorePalette palette = new StorePalette(run.storeNames());
    List<ReportChart> charts = charts(run, palette);
    writeCharts(runDir.resolve(CHARTS_DIR), charts);
    AtomicFiles.writeString(runDir.resolve(HtmlReport.FILE_NAME), HtmlReport.render(run, rows, charts, palette));
  }

  /** Every chart of the report that has data, in page order within each section. */
  static List<ReportChart> charts(RunFolder run, StorePalette palette) {
    List<ReportChart> charts = new ArrayList<>();
    charts.add(ThroughputChart.build(run, palette));
    List<String> ops = run.operations();
    ops.forEach(op -> charts.add(LatencyCharts.latencyVsThroughput(run, palette, op)));
    ops.forEach(op -> charts.add(SpectrumChart.build(run, palette, op)));
    if (LatencyCharts.anyFixedRate(run)) {
      ops.forEach(op -> charts.add(LatencyCharts.serviceVsIntended(run, palette, op)));
    }
    return charts.stream().filter(ReportChart::hasData).toList();
  }

  /** Replaces the chart files: old ones of operations no longer in the run must not linger. */
  private static void writeCharts(Path dir, List<ReportChart> charts) throws IOException {
    if (Files.isDirectory(dir)) {
      try (DirectoryStream<Path> old = Files.newDirectoryStream(dir, "*.svg")) {
        for (Path p : old) {
          Files.delete(p);
        }
      }
    }
    for (ReportChart c : charts) {
      AtomicFiles.writeString(dir.resolve(c.fileName()), c.svg());
    }
  }
}
