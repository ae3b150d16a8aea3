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
 * The analysis sits above the records: a source of the records' package ({@code resultsformat})
 * that named an {@code analysis} type would make the file format depend on how it is judged.
 *
 * <p>Where the line is drawn: what is computed from finished files (history rows, the step table,
 * the fault analysis) is analysis; what a file records when it is written stays below, in the
 * records' package, because the writer and the readers' format-1 upgrade ({@code RunFolder}
 * summarizes such a step from its logs) both make it: a step's {@code summary.json} and the verdict
 * against the objective in it ({@code StepSummarizer} through {@code ObjectiveJudge}). Those two
 * are named here; no other source of the package (a record above all) decides a verdict itself.
 */
class AnalysisLayerTest {

  private static final Path RECORD_SOURCES =
      Path.of("src/main/java/io/github/ycsbdocsearch/resultsformat");

  /** The sources that decide the objective's verdict: the summarizer and the judge it calls. */
  private static final List<String> JUDGES = List.of("ObjectiveJudge.java", "StepSummarizer.java");

  @Test
  void theRecordsNameNothingOfTheAnalysis() throws IOException {
    assertTrue(Files.isDirectory(RECORD_SOURCES), "run from the module folder");
    assertEquals(
        List.of(),
        recordSourcesContaining("io.github.ycsbdocsearch.resultsformat.analysis"),
        "record sources that use io.github.ycsbdocsearch.resultsformat.analysis");
  }

  @Test
  void onlyTheSummarizerAndItsJudgeDecideAgainstTheObjective() throws IOException {
    // Calls, not mentions: a record's documentation may name the test it was decided by.
    assertEquals(
        JUDGES,
        recordSourcesContaining("ExceedanceTest.test(", "ObjectiveJudge.judge("),
        "record sources that call the exceedance test or the judge");
  }

  /**
   * The names of the sources below the analysis (the records' package and its {@code summarizer})
   * that contain any of {@code texts}, sorted.
   */
  private static List<String> recordSourcesContaining(String... texts) throws IOException {
    try (Stream<Path> files = Files.walk(RECORD_SOURCES)) {
      return files
          .filter(f -> f.toString().endsWith(".java"))
          .filter(f -> !f.startsWith(RECORD_SOURCES.resolve("analysis")))
          .filter(f -> Stream.of(texts).anyMatch(read(f)::contains))
          .map(f -> f.getFileName().toString())
          .sorted()
          .toList();
    }
  }

  private static String read(Path source) {
    try {
      return Files.readString(source);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
