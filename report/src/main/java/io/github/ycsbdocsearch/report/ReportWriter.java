package io.github.ycsbdocsearch.report;

import io.github.ycsbdocsearch.report.charts.CapacityChart;
import io.github.ycsbdocsearch.report.charts.FaultCharts;
import io.github.ycsbdocsearch.report.charts.LatencyCharts;
import io.github.ycsbdocsearch.report.charts.ReportChart;
import io.github.ycsbdocsearch.report.charts.SpectrumChart;
import io.github.ycsbdocsearch.report.charts.StorePalette;
import io.github.ycsbdocsearch.report.charts.ThroughputChart;
import io.github.ycsbdocsearch.report.charts.TimeSeriesCharts;
import io.github.ycsbdocsearch.report.html.HtmlReport;
import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.HdrLogName;
import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.StepRecord;
import io.github.ycsbdocsearch.resultsformat.StepTimeSeries;
import io.github.ycsbdocsearch.resultsformat.StoreRun;
import io.github.ycsbdocsearch.resultsformat.SummaryCsv;
import io.github.ycsbdocsearch.resultsformat.SummaryJson;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Rebuilds every derived file of a results folder from its raw files (manifest.json, step.json
 * files, HDR interval logs, capacity.json, verification.json): each step's {@code percentiles/},
 * {@code summary.csv}, {@code summary.json}, {@code charts/} (each chart's SVG, CSV and Vega-Lite
 * specification) and {@code report.html}. Each file is written atomically. Stateless; two writers
 * must not work on the same folder at once.
 */
public final class ReportWriter {

  /** Ticks per half distance to 100%: the detail of HdrHistogram's percentile output. */
  static final int TICKS_PER_HALF_DISTANCE = 5;

  private ReportWriter() {}

  /**
   * @throws ResultsFormatException when the folder is not a results folder or a raw file is
   *     malformed
   * @throws IOException when a file cannot be read or written
   */
  public static void write(Path runDir) throws IOException {
    RunFolder run = RunFolder.read(runDir);
    // The logs are read once: for the percentile files, and for the fixed-rate steps' seconds.
    Map<Path, StepTimeSeries> seconds = new HashMap<>();
    for (StoreRun store : run.stores()) {
      for (StoreRun.Step step : store.steps()) {
        StepRecord info = StepRecord.read(step.dir());
        StepHistograms hist =
            StepHistograms.read(RunLayout.hdrDirs(step.dir()), info.warmupS(), info.durationS());
        writePercentiles(step.dir().resolve(RunLayout.PERCENTILES_DIR), hist);
        if (step.summary().fixedRate()) {
          seconds.put(step.dir(), StepTimeSeries.of(hist, info.warmupS()));
        }
      }
    }
    List<SummaryRow> rows = run.rows();
    AtomicFiles.writeString(runDir.resolve(RunLayout.SUMMARY_CSV), SummaryCsv.format(rows));
    SummaryJson.of(run).writeTo(runDir);
    StorePalette palette = new StorePalette(run.storeNames());
    List<ReportChart> charts = charts(run, palette, seconds);
    writeCharts(runDir.resolve(RunLayout.CHARTS_DIR), charts);
    AtomicFiles.writeString(
        runDir.resolve(RunLayout.REPORT_HTML), HtmlReport.render(run, rows, charts, palette));
  }

  /** Every chart of the report that has data, in page order within each section. */
  static List<ReportChart> charts(
      RunFolder run, StorePalette palette, Map<Path, StepTimeSeries> seconds) throws IOException {
    List<ReportChart> charts = new ArrayList<>();
    List<String> ops = run.operations();
    charts.addAll(CapacityChart.build(run, palette));
    ops.forEach(op -> charts.add(LatencyCharts.latencyVsOfferedLoad(run, palette, op)));
    charts.add(ThroughputChart.build(run, palette));
    ops.forEach(op -> charts.add(LatencyCharts.latencyVsThroughput(run, palette, op)));
    for (String op : ops) {
      charts.add(SpectrumChart.build(run, palette, op));
    }
    if (LatencyCharts.anyFixedRate(run)) {
      ops.forEach(op -> charts.add(LatencyCharts.serviceVsIntended(run, palette, op)));
    }
    charts.addAll(TimeSeriesCharts.build(run, palette, seconds));
    charts.addAll(FaultCharts.build(run, palette, seconds));
    return charts.stream().filter(ReportChart::hasData).toList();
  }

  /**
   * Replaces a step's {@code percentiles/<log>.txt}: HdrHistogram's own percentile distribution of
   * each interval log merged after warm-up, values in microseconds, one file per non-empty log
   * ({@code READ.txt}, {@code Intended-READ.txt}, {@code READ-FAILED.txt}...). HdrHistogram formats
   * numbers with Locale.US, so decimals are '.' under any locale.
   */
  private static void writePercentiles(Path dir, StepHistograms histograms) throws IOException {
    deleteOld(dir, "*.txt");
    for (Map.Entry<HdrLogName, Histogram> e : histograms.merged().entrySet()) {
      if (e.getValue().getTotalCount() > 0) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
          e.getValue().outputPercentileDistribution(out, TICKS_PER_HALF_DISTANCE, 1.0);
        }
        AtomicFiles.writeString(
            dir.resolve(e.getKey().baseName() + ".txt"), bytes.toString(StandardCharsets.UTF_8));
      }
    }
  }

  /** Each chart's SVG, CSV and Vega-Lite specification, in place of the old ones. */
  private static void writeCharts(Path dir, List<ReportChart> charts) throws IOException {
    deleteOld(
        dir,
        "*{" + RunLayout.CHART_SVG + "," + RunLayout.CHART_CSV + "," + RunLayout.CHART_SPEC + "}");
    for (ReportChart c : charts) {
      c.writeTo(dir);
    }
  }

  /**
   * Deletes files matching {@code glob}: ones of operations, charts or logs gone must not linger.
   */
  private static void deleteOld(Path dir, String glob) throws IOException {
    if (Files.isDirectory(dir)) {
      try (DirectoryStream<Path> old = Files.newDirectoryStream(dir, glob)) {
        for (Path p : old) {
          Files.delete(p);
        }
      }
    }
  }
}
