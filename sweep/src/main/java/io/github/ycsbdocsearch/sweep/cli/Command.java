package io.github.ycsbdocsearch.sweep.cli;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** What the command line asks for: help, a new sweep, or completing an earlier one. Immutable. */
public sealed interface Command {

  /** {@code --help}. */
  record Help() implements Command {}

  /** A new sweep. */
  record Run(RunPlan options) implements Command {}

  /**
   * {@code --resume DIR}: the options come from {@code DIR/manifest.json}; a new hosts file and
   * {@code -p} values (e.g. a secret that the manifest masked) may be given again.
   */
  record Resume(Path runDir, Optional<Path> hostsFile, Map<String, String> ycsbProperties)
      implements Command {}
}
