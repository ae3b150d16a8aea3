package io.github.ycsbdocsearch.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Drives the real {@code ./run-sweep.sh} as a user would (integration tests run after {@code
 * package}, so the script finds {@code cli/target/lib}). Not thread-safe.
 */
final class CliRun {
  /** The repository root: failsafe sets sweep.repo; the module folder's parent otherwise. */
  static final Path REPO =
      Path.of(System.getProperty("sweep.repo", "..")).toAbsolutePath().normalize();

  static final Path TINY_WORKLOAD = REPO.resolve("sweep/src/test/resources/tiny-core-workload");

  private final Process process;
  private final Path stdout;
  private final Path stderr;

  private CliRun(Process process, Path stdout, Path stderr) {
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /** Starts {@code ./run-sweep.sh args...}, its output going to files in {@code logs}. */
  static CliRun start(Path logs, Map<String, String> env, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(REPO.resolve("run-sweep.sh").toString()));
    cmd.addAll(List.of(args));
    Files.createDirectories(logs);
    Path out = Files.createTempFile(logs, "stdout", ".txt");
    Path err = Files.createTempFile(logs, "stderr", ".txt");
    ProcessBuilder pb =
        new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().putAll(env);
    return new CliRun(pb.start(), out, err);
  }

  /** Waits for the exit; fails the test after {@code limit}. */
  int await(Duration limit) throws InterruptedException {
    if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(
          "run-sweep.sh did not end within " + limit + "; stderr:\n" + stderr());
    }
    return process.exitValue();
  }

  /**
   * SIGTERM, as a container stop or `kill` sends (Ctrl-C's SIGINT takes the same path in the
   * runner).
   */
  void terminate() {
    process.destroy();
  }

  String stdout() {
    return read(stdout);
  }

  String stderr() {
    return read(stderr);
  }

  private static String read(Path f) {
    try {
      return Files.readString(f);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The last line printed on stdout: the results folder. */
  Path runDir() {
    List<String> lines = stdout().lines().filter(l -> !l.isBlank()).toList();
    if (lines.isEmpty()) {
      throw new AssertionError("nothing on stdout; stderr:\n" + stderr());
    }
    return Path.of(lines.get(lines.size() - 1));
  }
}
