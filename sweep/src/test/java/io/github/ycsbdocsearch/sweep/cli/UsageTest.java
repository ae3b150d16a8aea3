package io.github.ycsbdocsearch.sweep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The defaults the help text names must be the ones in force. (That the checked-in copy,
 * docs/cli/run-sweep-help.txt, is what picocli writes from the declaration is checked with every
 * command's in the cli module's HelpFilesTest.)
 */
class UsageTest {

  @Test
  void theDefaultsTheHelpShowsAreTheDefaultsInForce() {
    assertEquals(String.valueOf((long) Defaults.MAX_ERROR_PCT), Defaults.MAX_ERROR_PCT_TEXT);
    assertEquals(String.valueOf((long) Defaults.GROWTH_PCT), Defaults.GROWTH_PCT_TEXT);
    StringBuilder fractions = new StringBuilder();
    for (double f : Defaults.LOAD_FRACTIONS) {
      fractions
          .append(fractions.length() == 0 ? "" : ",")
          .append(f == Math.rint(f) ? String.valueOf((long) f) : String.valueOf(f));
    }
    assertEquals(fractions.toString(), Defaults.LOAD_FRACTIONS_TEXT);
    assertTrue(Usage.text().contains("--slo=OBJECTIVE"), Usage.text());
  }
}
