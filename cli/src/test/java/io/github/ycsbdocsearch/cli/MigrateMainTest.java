package io.github.ycsbdocsearch.cli;

import static io.github.ycsbdocsearch.cli.DocsearchRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.RunFolder;
import io.github.ycsbdocsearch.resultsformat.analysis.HistoryRows;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/docsearch migrate}: one line per path of what it did, a current folder left alone, a
 * history file checked, bad input refused before anything is migrated (what the migration rewrites
 * is tested on {@code RunMigration}, results-format).
 */
class MigrateMainTest {

  @TempDir Path tmp;

  @Test
  void everyGoldenRunMigratesOnceAndThenReads() throws IOException {
    Path normal = GoldenRuns.asWritten(GoldenRuns.NORMAL, tmp);
    Path noPeak = GoldenRuns.asWritten(GoldenRuns.NO_PEAK, tmp);
    Path interrupted = GoldenRuns.asWritten(GoldenRuns.INTERRUPTED, tmp);
    DocsearchRun r = run("migrate", normal.toString(), noPeak.toString(), interrupted.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
    Map<Path, Integer> steps = Map.of(normal, 6, noPeak, 1, interrupted, 2);
    for (Path p : new Path[] {normal, noPeak, interrupted}) {
      assertTrue(
          r.out()
              .contains(
                  p
                      + ": migrated: basicdb/saturation.json -> capacity.json,"
                      + " basicdb/capacity.json format 2 -> 4, "
                      + steps.get(p)
                      + " step.json of format 1 or 2 -> 3, "
                      + steps.get(p)
                      + " step summary.json of format 2 or 3 -> 4 (the verdict recorded),"
                      + " manifest.json stores.*.saturation -> capacity, manifest.json"
                      + " saturation_rule -> peak_rule\n"),
          r.out());
      assertEquals(1, RunFolder.read(p).stores().size());
    }
    DocsearchRun again = run("migrate", normal.toString());
    assertEquals(0, again.code(), again.err());
    assertEquals(normal + ": current, left untouched\n", again.out());
  }

  @Test
  void aHistoryFileIsCheckedAndLeftAsItIs() throws IOException {
    Path history = tmp.resolve("history.csv");
    String text = String.join(",", HistoryRows.COLUMNS) + "\n";
    Files.writeString(history, text);
    DocsearchRun r = run("migrate", history.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(
        history + ": current (a nightly history: its columns never changed), left untouched\n",
        r.out());
    assertEquals(text, Files.readString(history));
  }

  @Test
  void badInputIsOneLineAndNothingIsMigrated() throws IOException {
    Path run = GoldenRuns.asWritten(GoldenRuns.NORMAL, tmp);
    Path notARun = Files.createDirectories(tmp.resolve("empty"));
    DocsearchRun r = run("migrate", run.toString(), notARun.toString());
    assertEquals(2, r.code());
    assertEquals(
        "migrate: " + notARun + ": neither a run folder (no manifest.json) nor a history file\n",
        r.err());
    assertEquals("", r.out());
    assertTrue(Files.exists(run.resolve("basicdb/saturation.json")), "nothing was migrated");

    Path csv = tmp.resolve("other.csv");
    Files.writeString(csv, "a,b\n");
    DocsearchRun other = run("migrate", csv.toString());
    assertEquals(2, other.code());
    assertTrue(
        other.err().startsWith("migrate: " + csv + ": neither a run folder nor"), other.err());
    assertEquals(1, other.err().lines().count(), other.err());
  }
}
