package io.github.ycsbdocsearch.report;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes an HdrHistogram interval log the way YCSB 0.17.0's {@code OneMeasurementHdrHistogram} does (comment,
 * format version, {@code #[StartTime:]}, base time = start time so interval timestamps are relative, legend, one
 * line per interval), with HdrHistogram's own {@link HistogramLogWriter}. Used to generate test and sample folders.
 * Not thread-safe.
 */
final class YcsbStyleLogWriter implements Closeable {

  private final PrintStream out;
  private final HistogramLogWriter writer;

  /**
   * @param file    the log file to create
   * @param name    the measurement name YCSB would log for (e.g. READ, Intended-READ)
   * @param startMs the log's start time, epoch milliseconds
   */
  YcsbStyleLogWriter(Path file, String name, long startMs) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    OutputStream stream = Files.newOutputStream(file);
    out = new PrintStream(stream, false, "UTF-8");
    writer = new HistogramLogWriter(out);
    writer.outputComment("[Logging for: " + name + "]");
    writer.outputLogFormatVersion();
    writer.outputStartTime(startMs);
    writer.setBaseTime(startMs);
    writer.outputLegend();
  }

  /** Writes one interval holding {@code histogram}, from {@code startMs} to {@code endMs} (epoch ms). */
  void interval(Histogram histogram, long startMs, long endMs) {
    histogram.setStartTimeStamp(startMs);
    histogram.setEndTimeStamp(endMs);
    writer.outputIntervalHistogram(histogram);
  }

  /** Writes one interval holding the given latencies in microseconds. */
  void interval(long startMs, long endMs, long... latenciesUs) {
    Histogram h = new Histogram(3);
    for (long v : latenciesUs) {
      h.recordValue(v);
    }
    interval(h, startMs, endMs);
  }

  @Override
  public void close() throws IOException {
    out.close();
    if (out.checkError()) {
      throw new IOException("could not write an HdrHistogram log");
    }
  }
}
