package io.github.ycsbdocsearch.report.summary;

import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import io.github.ycsbdocsearch.resultsformat.HdrLogName;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepHistograms;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Writes a step's {@code percentiles/<log>.txt}: HdrHistogram's own percentile distribution of each
 * interval log merged after warm-up, values in microseconds, one file per non-empty log ({@code
 * READ.txt}, {@code Intended-READ.txt}, {@code READ-FAILED.txt}...). Stateless, thread-safe for
 * distinct steps.
 */
public final class PercentileFiles {

  static final String DIR = RunLayout.PERCENTILES_DIR;

  /** Ticks per half distance to 100%: the detail of HdrHistogram's percentile output. */
  static final int TICKS_PER_HALF_DISTANCE = 5;

  private PercentileFiles() {}

  public static void write(Path stepDir, StepHistograms histograms) throws IOException {
    Path dir = stepDir.resolve(DIR);
    deleteOldFiles(dir);
    for (Map.Entry<HdrLogName, Histogram> e : histograms.merged().entrySet()) {
      if (e.getValue().getTotalCount() > 0) {
        AtomicFiles.writeString(
            dir.resolve(e.getKey().baseName() + ".txt"), distribution(e.getValue()));
      }
    }
  }

  /**
   * HdrHistogram's own output; it formats numbers with Locale.US, so decimals are '.' under any
   * locale.
   */
  static String distribution(Histogram h) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      h.outputPercentileDistribution(out, TICKS_PER_HALF_DISTANCE, 1.0);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static void deleteOldFiles(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (DirectoryStream<Path> old = Files.newDirectoryStream(dir, "*.txt")) {
      for (Path p : old) {
        Files.delete(p);
      }
    }
  }
}
