package io.github.ycsbdocsearch.resultsformat.summarizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real YCSB log (an overloaded fixed-rate step of this suite) whose first interval HdrHistogram's
 * own log reader cannot decode: its header's range is smaller than its counts. Every interval must
 * still be read.
 */
class HdrLogDecodingTest {

  @Test
  void anIntervalWrittenWithTooSmallARangeIsReadWhole() throws IOException, URISyntaxException {
    Path hdr =
        Path.of(HdrLogDecodingTest.class.getResource("/hdr/Intended-READ.hdr").toURI()).getParent();
    StepHistograms h = StepHistograms.read(List.of(hdr), 0, 0);
    Histogram read = h.get("READ", LatencyKind.INTENDED, false);
    // 8,760 + 5,904 + 14,584 + 14,516 + 14,859 + 14,648 + 14,486 + 293 + 0, as the lines' payloads
    // hold.
    assertEquals(88_050, read.getTotalCount());
    assertTrue(
        read.getMaxValue() >= 341_000,
        "the first interval's 342 ms is kept: " + read.getMaxValue());
  }

  @Test
  void aLastLineCutMidWriteIsLeftOutAndTheLinesBeforeItAreKept(@TempDir Path dir)
      throws IOException, URISyntaxException {
    Path log = dir.resolve("hdr/Intended-READ.hdr");
    Files.createDirectories(log.getParent());
    Files.copy(
        Path.of(HdrLogDecodingTest.class.getResource("/hdr/Intended-READ.hdr").toURI()), log);
    // A writer killed mid-line: a timestamp, a length and half a payload, no newline.
    Files.writeString(
        log, "9.000,1.000,0.5,HISTFAAAA", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    Histogram read =
        StepHistograms.read(List.of(log.getParent()), 0, 0)
            .get("READ", LatencyKind.INTENDED, false);
    assertEquals(88_050, read.getTotalCount());
  }
}
