package io.github.ycsbdocsearch.sweep;

import io.github.ycsbdocsearch.common.RemoteClient;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.SshTarget;
import io.github.ycsbdocsearch.common.StoreProbe;
import io.github.ycsbdocsearch.common.data.Dataset;
import io.github.ycsbdocsearch.sweep.cli.RunPlan;
import io.github.ycsbdocsearch.sweep.exec.Ssh;
import io.github.ycsbdocsearch.sweep.plan.PropertyFile;
import io.github.ycsbdocsearch.sweep.plan.WorkloadProperties;
import io.github.ycsbdocsearch.sweep.targets.FaultTarget;
import io.github.ycsbdocsearch.sweep.targets.LocalStores;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * Checks the world before a sweep starts anything, after the options are parsed (parsing reads only
 * the arguments and the files they name): the workload's properties, the other client machines over
 * SSH, the remote stores, the local stores' script, the results folder. Each failure is one line
 * ({@link SetupException}), thrown before any store is touched or the results folder created.
 *
 * @param ssh how each other client machine is reached (tests: a local stand-in for ssh)
 */
record SweepPreflight(Function<SshTarget, Ssh> ssh) {
  SweepPreflight() {
    this(Ssh::new);
  }

  /** Everything that must hold before a store is started; the first failure is thrown. */
  void check(RunPlan o, Optional<LocalStores> local, Optional<FaultTarget> faults) {
    WorkloadProperties.check(o.workload().properties(), o.ycsbProperties());
    // The client machines first: an unusable one stops the sweep at its first multi-client step.
    Optional<Path> dataset =
        Optional.ofNullable(o.ycsbProperties().get(Dataset.FILE_PROPERTY)).map(Path::of);
    List<RemoteClient> others =
        o.hosts().map(h -> h.clients().stream().limit(o.clients() - 1L).toList()).orElse(List.of());
    Optional<String> datasetSha =
        others.isEmpty() ? Optional.empty() : dataset.map(SweepPreflight::sha256);
    for (RemoteClient c : others) {
      checkClient(c);
      datasetSha.ifPresent(sha -> checkDataset(c, dataset.get(), sha));
    }
    for (SweepTarget t : o.targets()) {
      Optional<StoreProbe> probe = t.probe();
      if (probe.isPresent() && o.hosts().isPresent()) {
        Properties p = new Properties();
        p.putAll(o.workload().properties());
        p.putAll(o.hosts().get().propertiesOf(t.kind().orElseThrow()));
        p.putAll(o.ycsbProperties());
        probe.get().check(p);
      }
    }
    if (o.targets().stream().anyMatch(SweepTarget::isStore)) {
      local.ifPresent(LocalStores::requireScript);
    }
    // The servers a fault hits answer now, not once the fault step is due.
    faults.ifPresent(
        f -> o.targets().forEach(t -> t.kind().filter(k -> t.isStore()).ifPresent(f::check)));
    try {
      Files.createDirectories(o.outDir());
    } catch (IOException e) {
      throw new SetupException(
          "cannot create the results folder " + o.outDir() + ": " + e.getMessage(), e);
    }
    if (!Files.isWritable(o.outDir())) {
      throw new SetupException("results folder " + o.outDir() + " is not writable");
    }
  }

  /**
   * The data set every client reads from the same path (the workload's {@code docsearch.dataset})
   * is, on another client machine, the very file this one reads: its SHA-256 there is the one here.
   */
  private void checkDataset(RemoteClient c, Path dataset, String sha) {
    String there =
        sh(c, "sha256sum \"$1\" 2>/dev/null | cut -d' ' -f1", "dataset", dataset.toString())
            .strip();
    String where = "client " + c.destination() + ": the data set " + dataset;
    if (there.isEmpty()) {
      throw new SetupException(where + " is not there (copy it to the same path on every client)");
    }
    if (!there.equals(sha)) {
      throw new SetupException(
          where + " differs from this machine's (SHA-256 " + there + " there, " + sha + " here)");
    }
  }

  /** The file's SHA-256, hex. */
  static String sha256(Path file) {
    try {
      return PropertyFile.sha256(Files.newInputStream(file));
    } catch (IOException e) {
      throw new SetupException("cannot read the data set " + file + ": " + e.getMessage(), e);
    }
  }

  /** Another client machine answers on SSH and has the project built where the hosts file says. */
  private void checkClient(RemoteClient c) {
    String script = c.repo().resolve("scripts/lib/remote-client.sh").toString();
    String lib = c.repo().resolve("cli/target/lib").toString();
    sh(
        c,
        "test -x \"$1\" && test -d \"$2\" || { echo \"no built project at $3\" >&2; exit 1; }",
        "check",
        script,
        lib,
        c.repo().toString());
  }

  /** Runs {@code sh -c script name args...} on the client machine; returns its stdout. */
  private String sh(RemoteClient c, String script, String... nameAndArgs) {
    List<String> words = new ArrayList<>(List.of("sh", "-c", script));
    words.addAll(List.of(nameAndArgs));
    return ssh.apply(c).run(words, null);
  }
}
