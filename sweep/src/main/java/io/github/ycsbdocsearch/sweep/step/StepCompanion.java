package io.github.ycsbdocsearch.sweep.step;

import java.nio.file.Path;

/**
 * Work beside a step's clients (a server killed and restarted under load), told the instant the
 * clients start. {@link #finish} runs whatever happened to the clients (also after Ctrl-C), before
 * the step folder is published.
 */
public interface StepCompanion {
  /**
   * The clients start at {@code startAtEpochMs}; their measured window follows the timing's
   * warm-up.
   */
  void start(long startAtEpochMs, StepTiming timing);

  /**
   * The clients have ended, as {@code exits} says: end the work, leave the store whole, and record
   * what happened in the step folder.
   */
  void finish(Path stepDir, ClientExits exits);
}
