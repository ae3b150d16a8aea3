package io.github.ycsbdocsearch.sweep.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The command line builds on the plan, never the other way round: a source of {@code plan} that
 * named a {@code cli} type would close the cycle issue 35 broke.
 */
class PlanDependenciesTest {

  private static final Path PLAN_SOURCES =
      Path.of("src/main/java/io/github/ycsbdocsearch/sweep/plan");

  @Test
  void planNamesNothingOfTheCommandLine() throws IOException {
    List<String> offenders;
    try (Stream<Path> files = Files.list(PLAN_SOURCES)) {
      offenders =
          files
              .filter(f -> f.toString().endsWith(".java"))
              .filter(PlanDependenciesTest::namesTheCommandLine)
              .map(f -> f.getFileName().toString())
              .sorted()
              .toList();
    }
    assertEquals(List.of(), offenders, "plan sources that use io.github.ycsbdocsearch.sweep.cli");
  }

  private static boolean namesTheCommandLine(Path source) {
    try {
      return Files.readString(source).contains("io.github.ycsbdocsearch.sweep.cli.");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
