package io.github.ycsbdocsearch.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareMainTest {

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int compare(String... args) {
    return CompareMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void noiseExitsZeroWithAVerdictLineAndAlignedTables() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.throughputScale(1.01));

    assertEquals(0, compare(baseline.toString(), current.toString()));
    String text = stdout();
    assertTrue(text.contains("== workloada: maximum sustainable throughput =="), text);
    assertTrue(text.contains("\u2191 +1.0%"), text);
    assertTrue(text.strip().endsWith("(exit 0)"), text);
    assertTrue(text.contains("VERDICT: OK"), text);
  }

  @Test
  void regressionExitsOneAndJsonSaysWhich() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
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
    assertTrue(stdout().contains("\u2193 -40.0%"), stdout());
    String raw = Files.readString(json);
    assertTrue(raw.contains("\"change\" : -0.3999"), "dot decimals under a German locale: " + raw);
    JsonNode root = Json.read(json);
    assertEquals("fail", root.get("verdict").asText());
    assertEquals(1, root.get("exit_code").asInt());
    assertEquals(2, root.get("regressions").asInt());
    JsonNode first = root.get("throughput").get(0);
    assertEquals("elasticsearch", first.get("store").asText());
    assertEquals("REGRESSION", first.get("verdict").asText());
    assertEquals("measured", first.get("threshold_source").asText());
  }

  @Test
  void verificationFailureExitsOne() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.differing("mongodb", 1));

    assertEquals(1, compare(baseline.toString(), current.toString()));
    assertTrue(stdout().contains("FAILED"), stdout());
  }

  @Test
  void notAResultsFolderExitsTwo() throws Exception {
    Path run = FixtureRun.crud("workloada").writeTo(tmp);
    Files.createDirectories(tmp.resolve("empty"));

    assertEquals(2, compare(run.toString(), tmp.resolve("empty").toString()));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("not a results folder"));
  }

  @Test
  void wrongArgumentCountExitsTwoWithUsage() {
    assertEquals(2, compare("only-one"));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage:"));
    assertEquals(2, compare("--bogus", "a", "b"));
  }

  @Test
  void markdownIsAppendedForJobSummaries() throws Exception {
    Path baseline = Fixtures.baseline(tmp, 0.98, 1.00, 1.02);
    Path current = Fixtures.set(tmp, "new", run -> run.latencyScale("mongodb", "READ", 2.0));
    Path summary = tmp.resolve("step-summary.md");
    Files.writeString(summary, "existing\n");

    assertEquals(1, compare("--markdown", summary.toString(), baseline.toString(), current.toString()));
    String md = Files.readString(summary);
    assertTrue(md.startsWith("existing\n## Performance compared with the baseline: REGRESSION"), md);
    assertTrue(md.contains("| workloada | mongodb | READ | service | t1 | p50 |"), md);
  }

  @Test
  void describeWritesAMarkdownDigest() throws Exception {
    Path set = Fixtures.scaledSet(tmp, "set", 1.0);
    Path summary = tmp.resolve("step-summary.md");

    assertEquals(0, compare("--describe", "--markdown", summary.toString(), set.toString()));
    String md = Files.readString(summary);
    assertTrue(md.contains("### workloadsearch"), md);
    assertTrue(md.contains("| redisjson | 27282.9 | 4 | ok, 1000/1000 identical |"), md);
    assertTrue(md.contains("\u2588"), md);
  }
}
