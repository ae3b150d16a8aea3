package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.resultsformat.Manifest;
import io.github.ycsbdocsearch.sweep.exec.ServerCpu;
import io.github.ycsbdocsearch.sweep.phase.StoreOutcome;
import io.github.ycsbdocsearch.sweep.step.SweepContext;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * A store's life around its sweep: started alone (local stores) or found in the hosts file,
 * described in the manifest (connection, version, settings), checked to answer, and stopped at the
 * end. Kept apart from {@link StoreSweep}, which only orders the phases, so that reaching a store
 * reads in one place for the local and the remote case. Not thread-safe.
 */
record StoreLifecycle(SweepContext ctx, SweepTarget target) {

  /**
   * Starts the store (local) or finds it (hosts file), basicdb neither: its connection properties.
   *
   * @throws StoreFailure when interrupted before the store started
   */
  Properties connect() {
    Properties p = new Properties();
    if (target.kind().isEmpty()) {
      p.putAll(basicDbProperties());
      return p;
    }
    StoreKind kind = target.kind().get();
    if (ctx.local().isPresent()) {
      ctx.progress()
          .store(
              target.name(),
              "starting the local store alone (the other stores are stopped)"
                  + ctx.pinning().serverCpus().map(c -> " on CPUs " + c).orElse(""));
      ctx.local().get().stop(Arrays.stream(StoreKind.values()).map(StoreKind::storeName).toList());
      if (ctx.interrupts().requested()) {
        throw new StoreFailure(StoreOutcome.INTERRUPTED, "interrupted before the store started");
      }
      p.putAll(ctx.local().get().start(kind, ctx.pinning().serverCpus()));
      ctx.local()
          .get()
          .launchSettings(kind)
          .ifPresent(n -> ctx.manifest().putStore(target.name(), Manifest.LOCAL_SETTINGS, n));
    } else {
      p.putAll(ctx.options().hosts().orElseThrow().propertiesOf(kind));
    }
    ctx.manifest().putStore(target.name(), "connection", HostsFile.masked(p));
    ctx.pinning()
        .serverCpus()
        .filter(c -> ctx.local().isPresent())
        .ifPresent(c -> ctx.manifest().putStore(target.name(), "server_cpus", c));
    return p;
  }

  /** Workload file, record count, connection and -p values: what probe and verification read. */
  Properties storeProperties(Properties connection) {
    Properties p = new Properties();
    p.putAll(ctx.options().workload().properties());
    p.setProperty("recordcount", String.valueOf(ctx.options().records()));
    p.putAll(connection);
    p.putAll(ctx.options().ycsbProperties());
    return p;
  }

  /** Checks the store answers; records its version and settings, index ones after the load too. */
  void describe(Properties props) {
    target
        .probe()
        .ifPresent(
            probe -> {
              probe.check(props);
              ctx.manifest().putStore(target.name(), Manifest.DESCRIBE, probe.describe(props));
              ctx.manifest().write();
            });
  }

  /** The local server processes' CPU, else what the remote store reports; none for BasicDB. */
  ServerCpu serverCpu(Properties props) {
    if (target.kind().isEmpty()) {
      return ServerCpu.NONE;
    }
    if (ctx.local().isPresent()) {
      return ServerCpu.localProcesses(ctx.local().get().serverPids(target.kind().get()));
    }
    return target
        .probe()
        .map(p -> ServerCpu.storeReported(() -> p.serverCpuNanos(props)))
        .orElse(ServerCpu.NONE);
  }

  /** Stops the local store; a remote store, or BasicDB, is left as it is. */
  void stop() {
    if (ctx.local().isEmpty() || !target.isStore()) {
      return;
    }
    ctx.progress().store(target.name(), "stopping the local store");
    try {
      ctx.local().get().stop(List.of(target.name()));
    } catch (SetupException e) {
      ctx.progress().store(target.name(), "could not stop it: " + e.getMessage());
    }
  }

  /** YCSB's BasicDB kept a quiet no-op: the harness floor's "store". */
  static Properties basicDbProperties() {
    Properties p = new Properties();
    p.setProperty("basicdb.verbose", "false");
    p.setProperty("basicdb.simulatedelay", "0");
    return p;
  }
}
