package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.analysis.StepTable;
import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One row per step of the golden run folders, read through RunFolder. */
class StepTableTest {

  @TempDir Path dir;

  @Test
  void everyStepOfAGoldenRunIsARowWithItsPhaseRateAndUsability() throws IOException {
    Path run = GoldenRuns.copy(GoldenRuns.NORMAL, dir);
    List<List<String>> rows = StepTable.of(List.of(run));
    assertEquals(
        List.of(
            "01-t1",
            "02-t2",
            "03-t4-r1788",
            "04-t4-r3575",
            "05-t4-r1788-floor",
            "06-t4-r3575-floor"),
        rows.stream().map(r -> r.get(StepTable.COLUMNS.indexOf("step"))).toList());
    List<String> load = rows.get(3);
    assertEquals(StepTable.COLUMNS.size(), load.size());
    assertEquals("basicdb", load.get(StepTable.COLUMNS.indexOf("store")));
    assertEquals("load", load.get(StepTable.COLUMNS.indexOf("phase")));
    assertEquals("3575", load.get(StepTable.COLUMNS.indexOf("target_ops")));
    assertEquals("true", load.get(StepTable.COLUMNS.indexOf("usable")));
    assertEquals(
        3549.5197085127525,
        Double.parseDouble(load.get(StepTable.COLUMNS.indexOf("throughput_ops"))));
    assertTrue(
        Path.of(load.get(StepTable.COLUMNS.indexOf("step_dir")))
            .endsWith("basicdb/steps/04-t4-r3575"));
    String csv = StepTable.csv(rows);
    assertEquals(String.join(",", StepTable.COLUMNS), csv.lines().findFirst().orElseThrow());
    assertEquals(7, csv.lines().count(), "a header and six steps");
  }

  @Test
  void aFolderThatIsNotARunIsRefused() {
    assertThrows(ResultsFormatException.class, () -> StepTable.of(List.of(dir.resolve("nowhere"))));
  }
}
