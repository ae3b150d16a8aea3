package io.github.ycsbdocsearch.sweep;

import io.github.ycsbdocsearch.common.RemoteClient;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.SshTarget;
import io.github.ycsbdocsearch.common.StoreProbe;
import io.github.ycsbdocsearch.sweep.cli.SweepOptions;
import io.github.ycsbdocsearch.sweep.exec.Ssh;
import io.github.ycsbdocsearch.sweep.plan.WorkloadProperties;
import io.github.ycsbdocsearch.sweep.targets.FaultTarget;
import io.github.ycsbdocsearch.sweep.targets.LocalStores;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * Checks the world before a sweep starts anything, after the options are parsed (parsing reads only
 * the arguments and the files they name): the workload's properties, the other client machines over
 * SSH, the remote stores, the local stores' script, the results folder. Each failure is one line
 * ({@link SetupException}), thrown before any store is started or touched and before the results
 * folder is created. Stateless.
 */
final class SweepPreflight {
  private final Function<SshTarget, Ssh> ssh;

  SweepPreflight() {
    this(Ssh::new);
  }

  /**
   * @param ssh how each other client machine is reached (tests: a local stand-in for ssh)
   */
  SweepPreflight(Function<SshTarget, Ssh> ssh) {
    this.ssh = ssh;
  }

  /** Everything that must hold before a store is started; the first failure is thrown. */
  void check(SweepOptions o, Optional<LocalStores> local, Optional<FaultTarget> faults) {
    WorkloadProperties.check(o.workload().properties(), o.ycsbProperties());
    // The client machines first: a sweep with an unusable one would stop at its first step with
    // several clients.
    o.hosts()
        .ifPresent(h -> h.clients().stream().limit(o.clients() - 1L).forEach(this::checkClient));
    boolean anyStore = o.targets().stream().anyMatch(SweepTarget::isStore);
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
    if (anyStore) {
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
   * An other client machine answers over SSH and has the project built where the hosts file says.
   */
  private void checkClient(RemoteClient c) {
    String script = c.repo().resolve("scripts/lib/remote-client.sh").toString();
    String lib = c.repo().resolve("cli/target/lib").toString();
    ssh.apply(c)
        .run(
            List.of(
                "sh",
                "-c",
                "test -x \"$1\" && test -d \"$2\" || { echo \"no built project at $3\" >&2; "
                    + "exit 1; }",
                "check",
                script,
                lib,
                c.repo().toString()),
            null);
  }
}
