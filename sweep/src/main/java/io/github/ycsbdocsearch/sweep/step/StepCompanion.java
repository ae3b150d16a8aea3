package io.github.ycsbdocsearch.sweep.step;

import java.nio.file.Path;

/**
 * Work beside a step's clients (a server killed and restarted under load), told the instant the
 * clients start. {@link #finish} runs whatever happened (also after Ctrl-C), before publishing.
 */
public interface StepCompanion {
  /** The clients start at {@code startAtEpochMs}; the window follows the timing's warm-up. */
  void start(long startAtEpochMs, StepTiming timing);

  /** The clients ended as {@code exits} says: end the work, leave the store whole, record it. */
  void finish(Path stepDir, ClientExits exits);
}
