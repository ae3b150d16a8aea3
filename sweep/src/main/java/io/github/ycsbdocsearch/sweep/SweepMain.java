package io.github.ycsbdocsearch.sweep;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.sweep.exec.Interrupts;
import io.github.ycsbdocsearch.sweep.progress.Progress;
import java.nio.file.Path;

/**
 * Entry point of {@code ./run-sweep.sh} (see {@code --help}). The repository root comes from the
 * system property {@code sweep.repo} (set by the script), else the working directory. A setup
 * mistake prints one line and exits 2 before anything is started.
 */
public final class SweepMain {
  /** Exit status for bad input or an unreachable store. */
  static final int EXIT_SETUP = 2;

  /** System property naming the repository root. */
  static final String REPO_PROPERTY = "sweep.repo";

  private SweepMain() {}

  public static void main(String[] args) {
    Interrupts interrupts = new Interrupts();
    interrupts.install();
    int code;
    try {
      Progress progress = new Progress(System.err);
      code = new SweepApp(repoRoot(), System.getenv(), System.out, progress, interrupts).run(args);
    } catch (SetupException e) {
      System.err.println("run-sweep: " + e.getMessage());
      code = EXIT_SETUP;
    } catch (RuntimeException e) {
      System.err.println("run-sweep: internal error: " + e);
      e.printStackTrace();
      code = 1;
    } finally {
      interrupts.finished();
    }
    System.exit(code);
  }

  /** The project's folder (the launcher script sets it). */
  public static Path repoRoot() {
    String r = System.getProperty(REPO_PROPERTY);
    return (r == null || r.isBlank() ? Path.of("") : Path.of(r)).toAbsolutePath().normalize();
  }
}
