package io.github.ycsbdocsearch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bin/docsearch history-rows} on the golden run folders: CSV on stdout or into --out, bad
 * input exit 2.
 */
class HistoryRowsMainTest {

  /** The commit the golden run "normal" names in its manifest. */
  private static final String GOLDEN_COMMIT = "a9fed9f8a67087bce8c0c51c3e29ec4697ffc819";

  private static final Path GOLDEN = Path.of("../results-format/src/test/resources/golden-runs");
  private static final String HEADER =
      "run_id,date,commit,dirty,cpu_model,cpu_count,format,workload,store,step,op,latency_kind,metric,value";

  @TempDir Path dir;

  private record Result(int code, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Docsearch.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Result(code, out.toString(), err.toString());
  }

  @Test
  void writesTheRowsOfEveryFolderAsCsv() throws IOException {
    Result r =
        run(
            "history-rows",
            GOLDEN.resolve("normal").toString(),
            GOLDEN.resolve("no-peak").toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(HEADER, lines.get(0));
    assertEquals(15, lines.size(), r.out());
    assertTrue(
        lines.contains(
            "20261123T171145Z-tiny-core-workload,2026-11-23T17:11:45Z,"
                + GOLDEN_COMMIT
                + ",false,AMD EPYC,2,2,tiny-core-workload,basicdb,-,-,-,capacity_ops,3575"),
        r.out());
    Path file = dir.resolve("rows.csv");
    assertEquals(0, run("history-rows", "--out", file.toString(), GOLDEN.toString()).code());
    assertEquals(
        r.out(), Files.readString(file), "a folder of run folders is each of them, in name order");
  }

  @Test
  void badInputIsOneLineAndExitTwo() throws IOException {
    Files.createDirectories(dir.resolve("empty/sub"));
    for (Path bad : List.of(dir.resolve("empty"), dir.resolve("nowhere"))) {
      Result r = run("history-rows", bad.toString());
      assertEquals(2, r.code(), r.out());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().startsWith("history-rows: "), r.err());
    }
  }
}
