package io.github.ycsbdocsearch.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import io.github.ycsbdocsearch.resultsformat.fixtures.RecordedVerdicts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The golden run folders real sweeps of the older code wrote (capacity.json before format 4,
 * results-format's test resources, migrated) still render: a headline without an interval or a
 * capacity chart, and the machine's speed beside it.
 */
class GoldenRunsRenderTest {

  private static final String REASON = RecordedVerdicts.REASON;

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {GoldenRuns.NORMAL, GoldenRuns.INTERRUPTED, GoldenRuns.NO_PEAK})
  void anOlderRunRendersWithoutACapacityChart(String name) throws IOException {
    Path run = copy(name);
    ReportWriter.write(run);
    String html = Files.readString(run.resolve("report.html"));
    String headline =
        html.substring(
            html.indexOf("<section id=\"headline\">"), html.indexOf("<section id=\"load\">"));
    assertTrue(headline.contains("Client CPU per op"), "the machine's speed column");
    assertFalse(headline.contains("<figure>"), "no capacity chart without a format-4 record");
    if (Files.isDirectory(run.resolve("charts"))) { // a run without any chart has no folder
      try (Stream<Path> charts = Files.list(run.resolve("charts"))) {
        assertTrue(charts.noneMatch(p -> p.getFileName().toString().startsWith("capacity-")));
      }
    }
  }

  @Test
  void theMachinesSpeedComesFromTheOneThreadStep() throws IOException {
    Path run = copy(GoldenRuns.NORMAL);
    ReportWriter.write(run);
    String html = Files.readString(run.resolve("report.html"));
    // 01-t1: 0.17 client cores for 1,756.05 ops/s.
    assertTrue(html.contains("<b>97 µs</b><br><span class=\"muted small\">01-t1</span>"), html);
  }

  private Path copy(String name) throws IOException {
    return copy(name, dir);
  }

  /** A migrated copy of the golden run {@code name} in {@code dir}, to write its report into. */
  static Path copy(String name, Path dir) {
    return GoldenRuns.copy(name, dir);
  }

  /**
   * The summary table and the derived summary.csv show each step's recorded verdict, not the
   * rule's: a step recorded unusable though complete, not client-bound and sustained is flagged
   * with its recorded reason; one recorded usable though client-bound and not sustained is not.
   */
  @Test
  void theSummaryTableShowsTheRecordedVerdict() throws Exception {
    Path run = copy(GoldenRuns.NORMAL);
    RecordedVerdicts.contradict(run.resolve("basicdb/steps/03-t4-r1788"), false);
    RecordedVerdicts.contradict(run.resolve("basicdb/steps/04-t4-r3575"), true);
    ReportWriter.write(run);
    String html = Files.readString(run.resolve("report.html"));
    String table = html.substring(html.indexOf("<section id=\"summary\">"));
    table = table.substring(0, table.indexOf("</tbody>"));
    List<String> unusable = rowsOf(table, "03-t4-r1788");
    List<String> usable = rowsOf(table, "04-t4-r3575");
    assertFalse(unusable.isEmpty() || usable.isEmpty(), table);
    assertTrue(
        unusable.stream()
            .allMatch(r -> r.startsWith("<tr class=\"incomplete\">") && r.contains(REASON)),
        unusable.toString());
    assertTrue(
        usable.stream().allMatch(r -> r.startsWith("<tr><td") && r.contains(">complete<")),
        usable.toString());
    String csv = Files.readString(run.resolve("summary.csv"));
    assertTrue(
        csv.lines().filter(l -> l.contains(",03-t4-r1788,")).allMatch(l -> l.endsWith(REASON)),
        csv);
    assertTrue(
        csv.lines().filter(l -> l.contains(",04-t4-r3575,")).allMatch(l -> l.endsWith(",true,")),
        csv);
  }

  private static List<String> rowsOf(String table, String step) {
    return table.lines().filter(l -> l.contains(">" + step + "<")).toList();
  }
}
