package io.github.ycsbdocsearch.conformance;

import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.StoreKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Where the local stores listen: the hosts file {@code scripts/stores.sh start} wrote. A missing
 * file fails the test (the stores are part of the test, never silently skipped).
 */
final class LocalStores {
  private LocalStores() {}

  static Path repoRoot() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("workloads"))) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IllegalStateException("cannot find the repository root (a folder with workloads/)");
    }
    return p;
  }

  static Path hostsFile(String topology) {
    String home = System.getenv("STORES_HOME");
    Path dir = home == null || home.isBlank() ? repoRoot().resolve(".stores") : Path.of(home);
    Path file = dir.resolve("hosts-" + topology + ".json");
    if (!Files.isReadable(file)) {
      throw new IllegalStateException(
          file + " is missing: start the stores with scripts/stores.sh start");
    }
    return file;
  }

  /** Connection properties of a local single-topology store. */
  static Properties of(StoreKind kind) {
    return HostsFile.read(hostsFile("single")).propertiesOf(kind);
  }
}
