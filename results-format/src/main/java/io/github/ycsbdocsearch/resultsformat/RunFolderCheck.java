package io.github.ycsbdocsearch.resultsformat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether a run folder came home whole: the content part of {@code scripts/aws-results.sh
 * check|verify} (by {@code bin/docsearch check-run}), which decides whether a cluster may be
 * destroyed. The files are read by the readers the report and compare use, so that no script parses
 * them: {@code manifest.json} ({@link Manifest}), {@code summary.json} ({@link SummaryJson}; an
 * unfinished run has none), each step's {@code clients.json} ({@link StepClients}) and each
 * server's {@code store.json} (a JSON object, {@link Json}); every step folder must hold its HDR
 * logs ({@link HdrLogName}), each client's with several. With the cluster's size given it also
 * counts the folders the fetch adds ({@link RunLayout#SERVERS_DIR}, {@link
 * RunLayout#REMOTE_CLIENTS_DIR}). The fetch's own markers and checksums stay with the script: they
 * are about the copy, not the run. Stateless.
 */
public final class RunFolderCheck {

  private RunFolderCheck() {}

  /**
   * What the check found in one folder.
   *
   * @param problems one line each, {@code <path>: what is wrong}; empty when the folder passed
   * @param warnings what is missing but does not fail the folder, one line each
   */
  public record Result(List<String> problems, List<String> warnings) {
    public Result {
      problems = List.copyOf(problems);
      warnings = List.copyOf(warnings);
    }

    public boolean passed() {
      return problems.isEmpty();
    }
  }

  /**
   * Checks a run folder.
   *
   * @param servers the {@code servers/<IP>/} folders expected, each with {@code store.json} and a
   *     non-empty {@code logs.tar.gz}; 0: none required
   * @param clients the clients the run had: {@code clients - 1} {@code remote-clients/<IP>/}
   *     folders are expected; 0 or 1: none required
   * @throws IOException when a folder cannot be listed
   */
  public static Result check(Path dir, int servers, int clients) throws IOException {
    List<String> problems = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return new Result(List.of(dir + ": no such run folder"), warnings);
    }
    read(problems, () -> Manifest.read(dir));
    if (Files.exists(dir.resolve(RunLayout.SUMMARY_JSON))) {
      read(problems, () -> SummaryJson.read(dir));
    } else {
      problems.add(
          dir.resolve(RunLayout.SUMMARY_JSON)
              + ": missing (an unfinished run: finish it with ./run-sweep.sh --resume, or write it"
              + " with scripts/report.sh)");
    }
    int steps = 0;
    for (Path storeDir : folders(dir)) {
      for (Path step : folders(storeDir.resolve(RunLayout.STEPS_DIR))) {
        steps++;
        checkStep(step, problems);
      }
    }
    if (steps == 0) {
      problems.add(dir + ": no step folder (<store>/" + RunLayout.STEPS_DIR + "/*)");
    }
    checkServers(dir.resolve(RunLayout.SERVERS_DIR), servers, problems, warnings);
    if (clients > 1) {
      Path others = dir.resolve(RunLayout.REMOTE_CLIENTS_DIR);
      int found = folders(others).size();
      if (found != clients - 1) {
        problems.add(others + ": " + found + " folders, expected " + (clients - 1));
      }
    }
    return new Result(problems, warnings);
  }

  /** A step's HDR logs: its own {@code hdr/}, or with clients.json each client's. */
  private static void checkStep(Path step, List<String> problems) throws IOException {
    Optional<StepClients> clients;
    try {
      clients = StepClients.read(step);
    } catch (ResultsFormatException e) {
      problems.add(Json.firstLine(e.getMessage()));
      return;
    }
    if (clients.isPresent()) {
      List<StepClients.Client> list = clients.get().clients();
      if (list.isEmpty()) {
        problems.add(step.resolve(RunLayout.CLIENTS_JSON) + ": no client");
      }
      for (StepClients.Client c : list) {
        Path hdr = RunLayout.clientDir(step, c.index()).resolve(RunLayout.HDR_DIR);
        if (!holdsHdrLog(hdr)) {
          problems.add(
              "%s: client %s has no HDR log (%s/*.hdr)"
                  .formatted(step, c.index(), step.relativize(hdr)));
        }
      }
    } else if (Files.isDirectory(step.resolve(RunLayout.CLIENTS_DIR))) {
      problems.add(step + ": " + RunLayout.CLIENTS_DIR + "/ without " + RunLayout.CLIENTS_JSON);
    } else if (!holdsHdrLog(step.resolve(RunLayout.HDR_DIR))) {
      problems.add(step + ": no HDR log (" + RunLayout.HDR_DIR + "/*.hdr)");
    }
  }

  /**
   * Each server folder's store.json (a JSON object) and logs, counted against {@code expected} when
   * given. A missing fingerprint is only a warning: the provisioning does not fail without one.
   */
  private static void checkServers(
      Path serversDir, int expected, List<String> problems, List<String> warnings)
      throws IOException {
    int stores = 0;
    int logs = 0;
    for (Path server : folders(serversDir)) {
      Path store = server.resolve(RunLayout.SERVER_STORE);
      if (Files.isRegularFile(store)) {
        stores++;
        read(problems, () -> Json.readObject(store));
      }
      Path log = server.resolve(RunLayout.MACHINE_LOGS);
      if (Files.isRegularFile(log) && Files.size(log) > 0) {
        logs++;
      }
      if (!Files.isRegularFile(server.resolve(RunLayout.MACHINE_FINGERPRINT))
          && !Files.isRegularFile(server.resolve(RunLayout.MACHINE_FINGERPRINT_BEFORE_RENAME))) {
        warnings.add(
            "%s: no %s (or %s)"
                .formatted(
                    server,
                    RunLayout.MACHINE_FINGERPRINT,
                    RunLayout.MACHINE_FINGERPRINT_BEFORE_RENAME));
      }
    }
    if (expected > 0) {
      if (stores != expected) {
        problems.add(
            serversDir + ": " + stores + " " + RunLayout.SERVER_STORE + ", expected " + expected);
      }
      if (logs != expected) {
        problems.add(
            serversDir + ": " + logs + " " + RunLayout.MACHINE_LOGS + ", expected " + expected);
      }
    }
  }

  private interface Reader {
    void read() throws ResultsFormatException;
  }

  /** Runs the reader; what it throws is a problem (its message names the file). */
  private static void read(List<String> problems, Reader reader) {
    try {
      reader.read();
    } catch (ResultsFormatException e) {
      problems.add(Json.firstLine(e.getMessage()));
    }
  }

  /** Whether {@code dir} holds an interval log of YCSB's ({@code [Intended-]<OP>.hdr}). */
  private static boolean holdsHdrLog(Path dir) throws IOException {
    return RunLayout.sortedEntries(dir).stream()
        .anyMatch(
            f ->
                Files.isRegularFile(f) && HdrLogName.parse(f.getFileName().toString()).isPresent());
  }

  /** The sub-folders of {@code dir} not hidden, in name order; none when it does not exist. */
  private static List<Path> folders(Path dir) throws IOException {
    return RunLayout.sortedEntries(dir).stream()
        .filter(p -> Files.isDirectory(p) && !p.getFileName().toString().startsWith("."))
        .toList();
  }
}
