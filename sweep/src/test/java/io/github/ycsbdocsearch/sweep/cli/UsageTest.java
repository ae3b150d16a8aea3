package io.github.ycsbdocsearch.sweep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The help text has one source, the options' declaration: the checked-in copy that {@code ./run-sweep.sh --help}
 * prints without a build must be what picocli writes from it, and the defaults it names must be the real ones.
 */
class UsageTest {

  private static final Path FILE = Path.of("..").resolve(Usage.HELP_FILE);

  @Test
  void theCheckedInHelpIsTheGeneratedOne() throws IOException {
    if (Boolean.getBoolean("help.update")) {
      Files.writeString(FILE, Usage.text());
    }
    assertEquals(Usage.text(), Files.readString(FILE),
        Usage.HELP_FILE + " is stale: mvn test -pl sweep -Dtest=UsageTest -Dhelp.update=true rewrites it");
  }

  @Test
  void theDefaultsTheHelpShowsAreTheDefaultsInForce() {
    assertEquals(String.valueOf((long) Defaults.MAX_ERROR_PCT), Defaults.MAX_ERROR_PCT_TEXT);
    assertEquals(String.valueOf((long) Defaults.GROWTH_PCT), Defaults.GROWTH_PCT_TEXT);
    StringBuilder fractions = new StringBuilder();
    for (double f : Defaults.LOAD_FRACTIONS) {
      fractions.append(fractions.length() == 0 ? "" : ",").append(f == Math.rint(f) ? String.valueOf((long) f)
          : String.valueOf(f));
    }
    assertEquals(fractions.toString(), Defaults.LOAD_FRACTIONS_TEXT);
    assertTrue(Usage.text().contains("--slo=OBJECTIVE"), Usage.text());
  }
}
