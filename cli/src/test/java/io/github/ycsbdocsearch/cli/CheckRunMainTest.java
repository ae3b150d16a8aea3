package io.github.ycsbdocsearch.cli;

import static io.github.ycsbdocsearch.cli.DocsearchRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/docsearch check-run}'s contract with scripts/aws-results.sh: problems on stdout, one
 * line each, exit 1; nothing and exit 0 when every folder passes; warnings on stderr (bad
 * arguments: HelpFilesTest). Which problems it finds, on real run folders, is tested on {@code
 * RunFolderCheck} (results-format); the folders here hold just what the check reads.
 */
class CheckRunMainTest {

  @TempDir Path tmp;

  /** A run folder of one store and one step, each file as small as its reader takes it. */
  private Path runFolder(String name) throws IOException {
    Path run = tmp.resolve(name);
    Files.createDirectories(run.resolve("basicdb/steps/01-t1/hdr"));
    Files.writeString(run.resolve("manifest.json"), "{\"run_id\": \"" + name + "\"}");
    Files.writeString(
        run.resolve("summary.json"),
        "{\"format\": 2, \"run_id\": \"" + name + "\", \"rows\": [], \"stores\": {}}");
    Files.writeString(run.resolve("basicdb/steps/01-t1/hdr/READ.hdr"), "#[StartTime: 0]\n");
    return run;
  }

  @Test
  void problemsGoToStdoutOneLineEachAndFail() throws IOException {
    Path good = runFolder("good");
    Path unfinished = runFolder("unfinished");
    Files.delete(unfinished.resolve("summary.json"));
    DocsearchRun ok = run("check-run", good.toString());
    assertEquals(0, ok.code(), ok.out() + ok.err());
    assertEquals("", ok.out() + ok.err());

    DocsearchRun r = run("check-run", "--servers", "1", good.toString(), unfinished.toString());
    assertEquals(1, r.code(), r.err());
    assertEquals(
        String.join(
            "\n",
            good.resolve("servers") + ": 0 store.json, expected 1",
            good.resolve("servers") + ": 0 logs.tar.gz, expected 1",
            unfinished.resolve("summary.json")
                + ": missing (an unfinished run: finish it with ./run-sweep.sh --resume, or write"
                + " it with scripts/report.sh)",
            unfinished.resolve("servers") + ": 0 store.json, expected 1",
            unfinished.resolve("servers") + ": 0 logs.tar.gz, expected 1",
            ""),
        r.out());
    assertEquals("", r.err());
  }

  @Test
  void aServerWithoutFingerprintIsAWarningOnStderr() throws IOException {
    Path good = runFolder("good");
    Path server = Files.createDirectories(good.resolve("servers/10.42.1.10"));
    Files.writeString(server.resolve("store.json"), "{}");
    DocsearchRun r = run("check-run", good.toString());
    assertEquals(0, r.code(), r.out());
    assertEquals("", r.out());
    assertEquals(
        "check-run: warning: " + server + ": no machine-fingerprint.json (or baseline.json)\n",
        r.err());
  }
}
