package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.exec.ClientLauncher;
import io.github.ycsbdocsearch.sweep.exec.Interrupts;
import io.github.ycsbdocsearch.sweep.progress.Progress;
import io.github.ycsbdocsearch.sweep.results.RunManifest;
import io.github.ycsbdocsearch.sweep.targets.CpuPinning;
import io.github.ycsbdocsearch.sweep.targets.FaultTarget;
import io.github.ycsbdocsearch.sweep.targets.LocalStores;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What every part of a running sweep shares (the manifest and progress inside are thread-safe).
 *
 * @param report builds the run folder's derived files (summaries, charts, report.html) at the end
 * @param local the local stores, empty with a hosts file
 * @param faults where a {@code --fault} kills and restarts a server: the local stores, or the hosts
 *     file's servers over SSH; empty without {@code --fault}
 * @param repoRoot the project's folder here (a remote client's classpath is rebased from it)
 */
public record SweepContext(
    RunPlan options,
    Path runDir,
    RunManifest manifest,
    ClientLauncher launcher,
    Interrupts interrupts,
    Progress progress,
    ReportHook report,
    CpuPinning pinning,
    Optional<LocalStores> local,
    Optional<FaultTarget> faults,
    Path repoRoot) {

  /** Builds a run folder's derived files; the runner does not know how (the report module does). */
  @FunctionalInterface
  public interface ReportHook {
    void write(Path runDir) throws IOException;
  }
}
