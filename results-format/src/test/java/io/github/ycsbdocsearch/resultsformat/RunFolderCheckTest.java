package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.resultsformat.fixtures.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RunFolderCheck} on a golden run finished by its report, with the server folders a fetch
 * adds: it passes, and each way a copy can come home broken yields exactly its one line, naming the
 * file.
 */
class RunFolderCheckTest {

  private static final String SERVER = "servers/10.42.1.10";

  @TempDir Path tmp;
  private Path run;
  private Path step;

  @BeforeEach
  void finishedRunWithOneServer() throws IOException {
    run = GoldenRuns.finished(GoldenRuns.NORMAL, tmp);
    step = RunLayout.stepsDir(run, "basicdb").resolve("02-t2");
    Path server = Files.createDirectories(run.resolve(SERVER));
    Files.writeString(server.resolve("store.json"), "{\"store\": \"redisjson\"}");
    Files.writeString(server.resolve("machine-fingerprint.json"), "{\"cpu\": {}}");
    Files.write(server.resolve("logs.tar.gz"), new byte[] {0x1f, (byte) 0x8b});
  }

  private List<String> problems(int servers, int clients) throws IOException {
    return RunFolderCheck.check(run, servers, clients).problems();
  }

  private void assertOneProblem(String expected) throws IOException {
    assertEquals(List.of(expected), problems(0, 0));
  }

  @Test
  void aFinishedRunPasses() throws IOException {
    RunFolderCheck.Result r = RunFolderCheck.check(run, 1, 1);
    assertTrue(r.passed(), r.problems().toString());
    assertEquals(List.of(), r.warnings());
  }

  @Test
  void aMissingOrMalformedManifestIsNamed() throws IOException {
    Path manifest = run.resolve("manifest.json");
    Files.writeString(manifest, "{\"run_id\": ");
    assertEquals(1, problems(0, 0).size(), problems(0, 0).toString());
    assertTrue(problems(0, 0).get(0).startsWith(manifest + ": malformed JSON: "));
    Files.writeString(manifest, "[]");
    assertOneProblem(manifest + ": not a JSON object");
    Files.delete(manifest);
    assertOneProblem(manifest + ": missing");
  }

  @Test
  void aMissingOrMalformedSummaryIsNamed() throws IOException {
    Path summary = run.resolve("summary.json");
    Files.writeString(summary, "{\"rows\": [");
    assertEquals(1, problems(0, 0).size());
    assertTrue(problems(0, 0).get(0).startsWith(summary + ": malformed JSON: "));
    // Parses, but is no summary the readers could use (neither rows nor stores).
    Files.writeString(summary, "{\"format\": 2}");
    assertEquals(1, problems(0, 0).size());
    assertTrue(problems(0, 0).get(0).startsWith(summary + ": "));
    Files.writeString(summary, "{\"format\": 9, \"rows\": [], \"stores\": {}}");
    assertOneProblem(summary + ": format 9 is not supported (only 2)");
    Files.delete(summary);
    assertOneProblem(
        summary
            + ": missing (an unfinished run: finish it with ./run-sweep.sh --resume, or write it"
            + " with scripts/report.sh)");
  }

  @Test
  void aStepWithoutHdrLogsIsNamed() throws IOException {
    deleteTree(step.resolve("hdr"));
    Files.createDirectories(step.resolve("hdr"));
    assertOneProblem(step + ": no HDR log (hdr/*.hdr)");
    Files.delete(step.resolve("hdr"));
    assertOneProblem(step + ": no HDR log (hdr/*.hdr)");
  }

  @Test
  void aRunWithoutStepsFails() throws IOException {
    deleteTree(RunLayout.stepsDir(run, "basicdb"));
    assertOneProblem(run + ": no step folder (<store>/steps/*)");
  }

  /** Step 02 as two clients had run it: clients.json and each client's hdr/. */
  private void twoClients() throws IOException {
    for (int i = 0; i < 2; i++) {
      Path hdr = Files.createDirectories(RunLayout.clientDir(step, i).resolve("hdr"));
      try (var logs = Files.list(step.resolve("hdr"))) {
        for (Path log : logs.toList()) {
          Files.copy(log, hdr.resolve(log.getFileName()));
        }
      }
    }
    deleteTree(step.resolve("hdr"));
    new StepClients(1, null, null, List.of(client(0), client(1))).writeTo(step);
  }

  private static StepClients.Client client(int index) {
    return new StepClients.Client(index, "local", 1, 0, null, 0L, 0, 0, 100, null, null, 1);
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(f);
      }
    }
  }

  @Test
  void severalClientsEachNeedTheirLogs() throws IOException {
    twoClients();
    assertEquals(List.of(), problems(0, 0), "both clients' logs are there");
    deleteTree(RunLayout.clientDir(step, 1));
    assertOneProblem(step + ": client 1 has no HDR log (clients/1/hdr/*.hdr)");
    Files.delete(step.resolve("clients.json"));
    assertOneProblem(step + ": clients/ without clients.json");
    Files.writeString(step.resolve("clients.json"), "{\"start_at_epoch_ms\": 1, \"clients\": []}");
    assertOneProblem(step.resolve("clients.json") + ": no client");
  }

  @Test
  void aServersStoreJsonMustBeAnObject() throws IOException {
    Path store = run.resolve(SERVER).resolve("store.json");
    Files.writeString(store, "{\"store\": ");
    assertEquals(1, problems(1, 0).size());
    assertTrue(
        problems(1, 0).get(0).startsWith(store + ": malformed JSON: "), problems(1, 0).get(0));
    Files.writeString(store, "\"redisjson\"");
    assertEquals(List.of(store + ": not a JSON object"), problems(1, 0));
  }

  @Test
  void theClustersFoldersAreCountedWhenItsSizeIsGiven() throws IOException {
    Path servers = run.resolve("servers");
    assertEquals(
        List.of(servers + ": 1 store.json, expected 3", servers + ": 1 logs.tar.gz, expected 3"),
        problems(3, 0));
    Files.write(run.resolve(SERVER).resolve("logs.tar.gz"), new byte[0]);
    assertEquals(List.of(servers + ": 0 logs.tar.gz, expected 1"), problems(1, 0));
    Path others = run.resolve("remote-clients");
    assertEquals(List.of(others + ": 0 folders, expected 2"), problems(0, 3));
    Files.createDirectories(others.resolve("10.42.1.41"));
    Files.createDirectories(others.resolve("10.42.1.42"));
    assertEquals(List.of(), problems(0, 3));
  }

  @Test
  void aServerWithoutFingerprintIsAWarningOnly() throws IOException {
    Files.delete(run.resolve(SERVER).resolve("machine-fingerprint.json"));
    RunFolderCheck.Result r = RunFolderCheck.check(run, 1, 0);
    assertTrue(r.passed(), r.problems().toString());
    assertEquals(
        List.of(run.resolve(SERVER) + ": no machine-fingerprint.json (or baseline.json)"),
        r.warnings());
    Files.writeString(run.resolve(SERVER).resolve("baseline.json"), "{}");
    assertEquals(List.of(), RunFolderCheck.check(run, 1, 0).warnings(), "the name before");
  }

  @Test
  void aFolderThatIsNotThereIsNamed() throws IOException {
    Path nowhere = tmp.resolve("nowhere");
    assertEquals(
        List.of(nowhere + ": no such run folder"), RunFolderCheck.check(nowhere, 0, 0).problems());
  }
}
