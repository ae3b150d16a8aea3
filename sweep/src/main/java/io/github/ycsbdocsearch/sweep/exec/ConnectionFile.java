package io.github.ycsbdocsearch.sweep.exec;

import io.github.ycsbdocsearch.resultsformat.AtomicFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;

/**
 * A store's connection properties in a private temporary file, handed to YCSB with {@code -P}: on
 * the command line they would be echoed into every {@code ycsb.err} ("Command line: ...") and could
 * leak a password into the results. Deleted on {@link #close()}. Not thread-safe.
 */
public record ConnectionFile(Path path) implements AutoCloseable {

  /** Writes the properties to a new file readable only by this user. */
  public static ConnectionFile write(String store, Properties props) {
    try {
      Path f =
          Files.createTempFile(
              "sweep-" + store + "-",
              ".properties",
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      try (OutputStream out = Files.newOutputStream(f)) {
        props.store(out, "connection of " + store + " (temporary, written by run-sweep)");
      }
      return new ConnectionFile(f);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write a temporary connection file", e);
    }
  }

  @Override
  public void close() {
    AtomicFiles.deleteQuietly(path);
  }
}
