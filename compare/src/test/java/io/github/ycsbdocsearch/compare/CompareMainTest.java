package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CompareMainTest {

  @TempDir static Path shared;
  static Path baseline;

  @TempDir Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeAll
  static void buildBaseline() throws Exception {
    baseline = Fixtures.scaledSet(shared, "baseline", 1.0);
  }

  private int compare(String... args) {
    return new CommandLine(new CompareMain())
        .setOut(new PrintWriter(out, true, StandardCharsets.UTF_8))
        .setErr(new PrintWriter(err, true, StandardCharsets.UTF_8))
        .execute(args);
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void noiseExitsZeroWithTheRuleAndAVerdictLine() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale(1.01));

    assertEquals(0, compare(baseline.toString(), current.toString()));
    String text = stdout();
    assertTrue(
        text.contains(
            "### Headline: capacity (SLO-bound) when both runs have one, else closed-loop peak"),
        text);
    assertTrue(text.contains("### Latency changes beyond noise"), text);
    assertTrue(
        text.matches(
            "(?s).*\n- rule: Bonferroni over \\d+ figure\\(s\\) with intervals at alpha 0\\.05.*"),
        text);
    assertTrue(text.contains("\u2191 +1."), text);
    assertTrue(text.strip().endsWith("(exit 0)"), text);
  }

  @Test
  void regressionExitsOneAndJsonSaysWhich() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale("elasticsearch", 0.6));
    Path json = tmp.resolve("compare.json");

    Locale previous = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    int code;
    try {
      code = compare("--json", json.toString(), baseline.toString(), current.toString());
    } finally {
      Locale.setDefault(previous);
    }

    assertEquals(1, code);
    assertTrue(stdout().contains("REGRESSION"));
    assertTrue(stdout().contains("\u2193 -40."), stdout());
    assertTrue(
        Files.readString(json).contains("\"change\" : -0.4"), "dot decimals under a German locale");
    JsonNode root = Json.readObject(json);
    assertEquals("fail", root.get("verdict").asText());
    assertEquals(2, root.get("regressions").asInt());
    assertEquals("bonferroni", root.path("rule").get("method").asText());
    JsonNode regressed = root.get("headline").get(0);
    assertEquals("elasticsearch", regressed.get("store").asText());
    assertEquals("capacity_ops", regressed.get("metric").asText());
    assertEquals("REGRESSION", regressed.get("verdict").asText());
    assertEquals("the runs' 95 % intervals", regressed.get("threshold_source").asText());
  }

  @Test
  void bothRunsTagsAreInTheMarkdownAndTheJson() throws Exception {
    Path old = Fixtures.set(tmp, "old", run -> run.tags(Map.of("host", "m5d")));
    Path current =
        Fixtures.set(tmp, "new", run -> run.tags(new TreeMap<>(Map.of("host", "c7g", "try", "2"))));
    Path json = tmp.resolve("compare.json");

    assertEquals(0, compare("--json", json.toString(), old.toString(), current.toString()));
    assertTrue(
        stdout().contains("tags workloada: `host=m5d`; workloadsearch: `host=m5d`\n"), stdout());
    assertTrue(
        stdout().contains("tags workloada: `host=c7g` `try=2`; workloadsearch: `host=c7g` `try=2`"),
        stdout());
    JsonNode root = Json.readObject(json);
    assertEquals("m5d", root.at("/baseline/tags/workloada/host").asText());
    assertEquals("2", root.at("/new/tags/workloadsearch/try").asText());
    assertEquals(2, root.at("/new/tags/workloada").size());
  }

  /**
   * {@code --csv} holds the JSON report's figures, one row each under one header, with the same
   * values and verdicts: a spreadsheet sees what the JSON says.
   */
  @Test
  void csvHasAHeaderAndOneRowPerFigureOfTheJsonReport() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale("elasticsearch", 0.6));
    Path json = tmp.resolve("compare.json");
    Path csv = tmp.resolve("compare.csv");

    Locale previous = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      assertEquals(
          1,
          compare(
              "--json",
              json.toString(),
              "--csv",
              csv.toString(),
              baseline.toString(),
              current.toString()));
    } finally {
      Locale.setDefault(previous);
    }

    List<String> lines = Files.readAllLines(csv);
    assertEquals(String.join(",", CsvReport.COLUMNS), lines.get(0));
    JsonNode root = Json.readObject(json);
    int figures =
        root.get("headline").size() + root.get("latency").size() + root.get("errors").size();
    assertEquals(figures, lines.size() - 1, "one row per figure");
    int width = CsvReport.COLUMNS.size();
    lines.forEach(l -> assertEquals(width, cells(l).size(), l));

    JsonNode regressed = root.get("headline").get(0);
    List<String> first = cells(lines.get(1));
    assertEquals("headline", cell(first, "figure"));
    assertEquals(regressed.get("store").asText(), cell(first, "store"));
    assertEquals(regressed.get("metric").asText(), cell(first, "metric"));
    assertEquals(regressed.get("verdict").asText(), cell(first, "verdict"));
    assertEquals(regressed.get("change").asDouble(), Double.parseDouble(cell(first, "change")));
    assertEquals(
        regressed.get("base_ops").asDouble(), Double.parseDouble(cell(first, "base")), 1e-9);
    assertEquals(
        root.get("latency").size(), lines.stream().filter(l -> l.startsWith("latency,")).count());
  }

  @Test
  void csvIsForComparisonsNotDescribe() {
    assertEquals(
        2, compare("--describe", "--csv", tmp.resolve("x.csv").toString(), baseline.toString()));
    assertTrue(stderr().contains("--csv is for comparisons"), stderr());
  }

  /** A CSV line's cells: a quoted cell may hold commas and doubled quotes. */
  private static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
        cell.append('"');
        i++;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString());
    return cells;
  }

  private static String cell(List<String> row, String column) {
    return row.get(CsvReport.COLUMNS.indexOf(column));
  }

  @Test
  void aStoreWithNoQualifyingStepIsAFailedRunExitThreeNamingItNotARegression() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.noQualifyingStep("redisjson"));

    assertEquals(3, compare(baseline.toString(), current.toString()), stderr());
    assertTrue(
        stdout()
            .matches(
                "(?s).*\n\\| workloada \\| redisjson \\| capacity_ops \\| [0-9.]+ \\| - \\| - \\| -"
                    + " \\| no result \\(new\\) \\|.*"),
        stdout());
    assertTrue(
        stdout().contains("\nVERDICT: FAILED RUN - no result for 2 store(s) of the new run"),
        stdout());
    assertTrue(!stdout().contains("REGRESSION"), stdout());
    assertTrue(
        stdout()
            .contains(
                "\n- workloada/redisjson: no result in the new run (no capacity in the new run"),
        stdout());
    assertEquals("", stderr());
  }

  @Test
  void verificationFailureExitsOne() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.differing("mongodb", 1));

    assertEquals(1, compare(baseline.toString(), current.toString()));
    assertTrue(stdout().contains("FAILED"), stdout());
  }

  @Test
  void badInputExitsTwoWithOneLine() throws Exception {
    Path run = FixtureRun.crud("workloada").writeTo(tmp);
    Files.createDirectories(tmp.resolve("empty"));

    assertEquals(2, compare(run.toString(), tmp.resolve("empty").toString()));
    assertTrue(stderr().contains("not a results folder"));
    assertEquals(1, stderr().strip().lines().count(), stderr());
  }

  @Test
  void wrongArgumentsExitTwo() {
    assertEquals(2, compare("only-one"));
    assertTrue(stderr().contains("expected 2 folder(s)"), stderr());
    assertEquals(2, compare("--alpha", "1.5", "a", "b"));
    assertEquals(2, stderr().strip().lines().count(), stderr());
    // picocli's own parse errors: one line at the entry point (bin/docsearch; cli's HelpFilesTest),
    // usage here.
    assertEquals(2, compare("--bogus", "a", "b"));
    assertTrue(stderr().contains("Unknown option: '--bogus'"), stderr());
  }

  @Test
  void markdownIsAppendedForJobSummaries() throws Exception {
    Path current = Fixtures.set(tmp, "new", run -> run.latencyScale("mongodb", "READ", 2.0));
    Path summary = tmp.resolve("step-summary.md");
    Files.writeString(summary, "existing\n");

    assertEquals(
        1, compare("--markdown", summary.toString(), baseline.toString(), current.toString()));
    String md = Files.readString(summary);
    assertTrue(
        md.startsWith("existing\n## Performance compared with the baseline: REGRESSION"), md);
    assertTrue(md.contains("| workloada | mongodb | t1 | READ | service | p50 |"), md);
    assertTrue(md.contains("| workloada | mongodb | load-90% | READ | intended | p99 |"), md);
  }

  @Test
  void describeWritesAMarkdownDigest() throws Exception {
    Path set = Fixtures.set(tmp, "set", run -> run.unsustained("mongodb", 0.9));
    Path summary = tmp.resolve("step-summary.md");

    assertEquals(0, compare("--describe", "--markdown", summary.toString(), set.toString()));
    String md = Files.readString(summary);
    assertTrue(md.contains("### workloadsearch"), md);
    assertTrue(
        md.matches(
            "(?s).*\\| redisjson \\| [0-9.]+ \\| p99<=10ms \\| [0-9.]+ \\|  \\| ok, 1000/1000"
                + " identical \\|.*"),
        md);
    assertTrue(md.contains("| mongodb | load-90% |"), md);
    assertTrue(md.contains("**no: rate not sustained**"), md);
    assertTrue(md.contains("\u2588"), md);
  }
}
