package io.github.ycsbdocsearch.sweep.run;

import io.github.ycsbdocsearch.sweep.cli.Defaults;
import io.github.ycsbdocsearch.sweep.target.SweepTarget;
import java.nio.file.Path;
import java.util.Properties;

/**
 * One store while its sweep runs. Immutable (the properties are not changed after construction).
 *
 * @param target         the store
 * @param props          workload + record count + connection + {@code -p} properties, for the store's probe
 * @param connectionFile the connection properties file handed to YCSB
 * @param storeDir       {@code <run>/<store>/}
 */
record StoreSession(SweepTarget target, Properties props, Path connectionFile, Path storeDir) {

  Path stepsDir() {
    return storeDir.resolve("steps");
  }

  String table() {
    return props.getProperty("table", Defaults.TABLE);
  }

  String name() {
    return target.name();
  }
}
