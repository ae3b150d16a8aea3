package io.github.ycsbdocsearch.resultsformat.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The analysis sits above the records: a source of the records' package ({@code resultsformat},
 * here and in results-schema, which Maven already keeps from seeing this module) that named an
 * {@code analysis} type would make the file format depend on how it is judged.
 */
class AnalysisLayerTest {

  private static final Path RECORD_SOURCES =
      Path.of("src/main/java/io/github/ycsbdocsearch/resultsformat");

  @Test
  void theRecordsNameNothingOfTheAnalysis() throws IOException {
    assertTrue(Files.isDirectory(RECORD_SOURCES), "run from the module folder");
    List<String> offenders;
    try (Stream<Path> files = Files.list(RECORD_SOURCES)) {
      offenders =
          files
              .filter(f -> f.toString().endsWith(".java"))
              .filter(AnalysisLayerTest::namesTheAnalysis)
              .map(f -> f.getFileName().toString())
              .sorted()
              .toList();
    }
    assertEquals(
        List.of(),
        offenders,
        "record sources that use io.github.ycsbdocsearch.resultsformat.analysis");
  }

  private static boolean namesTheAnalysis(Path source) {
    try {
      return Files.readString(source).contains("io.github.ycsbdocsearch.resultsformat.analysis");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
