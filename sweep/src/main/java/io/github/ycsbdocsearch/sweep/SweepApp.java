package io.github.ycsbdocsearch.sweep;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.report.ReportWriter;
import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.sweep.cli.Command;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.cli.OptionsParser;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.cli.Usage;
import io.github.ycsbdocsearch.sweep.exec.ClientLauncher;
import io.github.ycsbdocsearch.sweep.exec.Interrupts;
import io.github.ycsbdocsearch.sweep.progress.Progress;
import io.github.ycsbdocsearch.sweep.results.RunManifest;
import io.github.ycsbdocsearch.sweep.run.ManifestSections;
import io.github.ycsbdocsearch.sweep.run.SweepRunner;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import io.github.ycsbdocsearch.sweep.targets.CpuPinning;
import io.github.ycsbdocsearch.sweep.targets.FaultTarget;
import io.github.ycsbdocsearch.sweep.targets.LocalStores;
import io.github.ycsbdocsearch.sweep.targets.RemoteFaults;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The command behind {@code ./run-sweep.sh}: parse (options, workload, bindings, hosts file), check
 * everything else that can be checked before a store is started ({@link SweepPreflight}: other
 * client machines, remote stores), create or reopen the results folder, run the sweep, print the
 * folder's path as the last line on stdout. Not thread-safe; one run per instance.
 */
public record SweepApp(
    Path repoRoot,
    Map<String, String> env,
    PrintStream out,
    Progress progress,
    Interrupts interrupts) {
  private static final DateTimeFormatter RUN_ID_TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  /**
   * Runs the command line.
   *
   * @return the exit status ({@link SweepRunner} constants; 0 for --help)
   * @throws SetupException for bad input, before anything was started
   */
  public int run(String... args) {
    Command c = new OptionsParser(repoRoot).parse(args);
    if (c instanceof Command.Help) {
      out.print(Usage.text());
      return SweepRunner.EXIT_OK;
    }
    RunPlan o;
    Path runDir;
    RunManifest manifest;
    Instant now = Instant.now();
    if (c instanceof Command.Resume r) {
      runDir = r.runDir().toAbsolutePath().normalize();
      manifest = RunManifest.read(runDir);
      o = RunPlan.fromJson(manifest.get(Manifest.PLAN), r.hostsFile(), r.ycsbProperties());
    } else {
      o = ((Command.Run) c).options();
      runDir = null;
      manifest = null;
    }
    Optional<LocalStores> local =
        o.hosts().isPresent()
            ? Optional.empty()
            : Optional.of(
                new LocalStores(
                    repoRoot,
                    LocalStores.storesHome(repoRoot, env),
                    interrupts,
                    progress::log,
                    o.local().topology(),
                    o.local().profile(),
                    o.local().memoryMb()));
    Optional<FaultTarget> faults =
        o.fault().runs()
            ? Optional.of(
                local.isPresent() ? local.get() : new RemoteFaults(o.hosts().orElseThrow()))
            : Optional.empty();
    new SweepPreflight().check(o, local, faults);
    CpuPinning pinning =
        CpuPinning.decide(
            o.pin(), o.hosts().isPresent(), CpuPinning.allowedCpus(), CpuPinning.tasksetOnPath());
    ClientLauncher launcher =
        ClientLauncher.forThisJvm(
            env.getOrDefault(ClientLauncher.JVM_OPTS_ENV, Defaults.CLIENT_JVM_OPTS),
            pinning.clientCpus());
    if (runDir == null) {
      runDir = createRunDir(o, now);
      manifest = RunManifest.create(runDir);
      ManifestSections.fill(
          manifest,
          runDir.getFileName().toString(),
          now,
          o,
          List.of(args),
          repoRoot,
          launcher,
          pinning,
          local,
          ManifestSections.fingerprintFile(env));
    } else {
      manifest.put("status", "running");
      progress.log("resuming " + runDir);
    }
    manifest.write();
    progress.log("results: " + runDir + " (CPU pinning: " + pinning.reason() + ")");
    SweepContext ctx =
        new SweepContext(
            o,
            runDir,
            manifest,
            launcher,
            interrupts,
            progress,
            ReportWriter::write,
            pinning,
            local,
            faults,
            repoRoot);
    int code = new SweepRunner(ctx).run();
    out.println(runDir);
    out.flush();
    return code;
  }

  private static Path createRunDir(RunPlan o, Instant now) {
    String base = RUN_ID_TIME.format(now) + "-" + o.workload().folderName();
    for (int i = 1; ; i++) {
      Path dir = o.outDir().resolve(i == 1 ? base : base + "-" + i);
      try {
        return Files.createDirectory(dir);
      } catch (FileAlreadyExistsException e) {
        // Two runs in the same second: take the next suffix.
      } catch (IOException e) {
        throw new SetupException("cannot create " + dir + ": " + e.getMessage(), e);
      }
    }
  }
}
