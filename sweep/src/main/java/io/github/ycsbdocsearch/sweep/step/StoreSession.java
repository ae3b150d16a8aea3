package io.github.ycsbdocsearch.sweep.step;

import io.github.ycsbdocsearch.resultsformat.RunLayout;
import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.exec.ServerCpu;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A store ready for steps: the name its results go under, the YCSB binding that runs them (the
 * store's own, or BasicDB for its harness-floor steps), the properties the bindings read and the
 * connection file passed to YCSB. Immutable.
 *
 * @param name the store whose folder the steps belong to
 * @param target the binding the YCSB client runs
 * @param serverCpu where the store's CPU time is read (local processes, its report, or none)
 */
public record StoreSession(
    String name,
    SweepTarget target,
    Properties props,
    Path connectionFile,
    Path storeDir,
    ServerCpu serverCpu) {

  public Path stepsDir() {
    return storeDir.resolve(RunLayout.STEPS_DIR);
  }

  public String table() {
    return props.getProperty("table", Defaults.TABLE);
  }

  /** The same store folder, run by another binding (the harness floor: BasicDB, no server). */
  public StoreSession runBy(SweepTarget other, Properties otherProps, Path otherConnection) {
    return new StoreSession(name, other, otherProps, otherConnection, storeDir, ServerCpu.NONE);
  }
}
