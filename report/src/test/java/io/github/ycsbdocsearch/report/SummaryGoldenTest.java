package io.github.ycsbdocsearch.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * summary.csv and summary.json against golden files, under the root locale and under locales whose
 * decimal separator is a comma: the derived files must be byte-identical whatever the default
 * locale.
 */
class SummaryGoldenTest {

  @TempDir Path dir;
  private Locale saved;

  @BeforeEach
  void saveLocale() {
    saved = Locale.getDefault();
  }

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(saved);
  }

  @ParameterizedTest
  @ValueSource(strings = {"und", "en-US", "de-DE", "ru-RU"})
  void derivedFilesMatchGoldenUnderEveryLocale(String languageTag) throws IOException {
    Locale.setDefault(Locale.forLanguageTag(languageTag));
    Path run = GoldenRun.write(dir.resolve("run"));
    ReportWriter.write(run);
    updateGoldenIfAsked(run);
    assertEquals(
        golden("summary.csv"), Files.readString(run.resolve("summary.csv")), "summary.csv");
    assertEquals(
        golden("summary.json"), Files.readString(run.resolve("summary.json")), "summary.json");
    assertEquals(
        golden("READ.txt"),
        Files.readString(run.resolve("mongodb/steps/01-t1/percentiles/READ.txt")),
        "percentiles/READ.txt");
  }

  @ParameterizedTest
  @ValueSource(strings = {"de-DE"})
  void leadingColumnsAreExactlyTheContractOnes(String languageTag) throws IOException {
    Locale.setDefault(Locale.forLanguageTag(languageTag));
    Path run = GoldenRun.write(dir.resolve("run"));
    ReportWriter.write(run);
    String header = Files.readAllLines(run.resolve("summary.csv")).get(0);
    assertTrue(
        header.startsWith(
            "store,workload,threads,target_ops,throughput_ops,op,count,errors,p50_us,p90_us,"
                + "p99_us,p999_us,p9999_us,max_us,"),
        header);
  }

  /**
   * {@code ./mvnw test -Dgolden.update=true} rewrites the golden files from this run (then read the
   * diff: every changed number must be explained).
   */
  private static void updateGoldenIfAsked(Path run) throws IOException {
    if (!Boolean.getBoolean("golden.update")) {
      return;
    }
    Path golden = Path.of("src/test/resources/golden");
    Files.copy(
        run.resolve("summary.csv"),
        golden.resolve("summary.csv"),
        StandardCopyOption.REPLACE_EXISTING);
    Files.copy(
        run.resolve("summary.json"),
        golden.resolve("summary.json"),
        StandardCopyOption.REPLACE_EXISTING);
    Files.copy(
        run.resolve("mongodb/steps/01-t1/percentiles/READ.txt"),
        golden.resolve("READ.txt"),
        StandardCopyOption.REPLACE_EXISTING);
  }

  private static String golden(String name) throws IOException {
    try (InputStream in = SummaryGoldenTest.class.getResourceAsStream("/golden/" + name)) {
      if (in == null) {
        throw new IOException("golden file missing: " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
