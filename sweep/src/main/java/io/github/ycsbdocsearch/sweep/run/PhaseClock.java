package io.github.ycsbdocsearch.sweep.run;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Wall time of each phase of one store, for the manifest's {@code phase_seconds} and the progress
 * line: each phase is timed from the end of the one before. Not thread-safe.
 */
final class PhaseClock {
  private final Map<String, Long> seconds = new LinkedHashMap<>();
  private long since;

  /**
   * @param startNanos when the first phase started ({@link System#nanoTime})
   */
  PhaseClock(long startNanos) {
    since = startNanos;
  }

  /** The phase ended now. */
  void ended(String phase) {
    long now = System.nanoTime();
    seconds.put(phase, Math.round((now - since) / 1e9));
    since = now;
  }

  /** Seconds per phase, in the order they ended. */
  Map<String, Long> seconds() {
    return seconds;
  }
}
