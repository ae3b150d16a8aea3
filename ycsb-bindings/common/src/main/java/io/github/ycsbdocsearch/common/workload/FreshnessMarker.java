package io.github.ycsbdocsearch.common.workload;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Unique marker words for the FRESHNESS operation: {@code qx} followed by ten random letters.
 * Titles never contain {@code q} or {@code x} (see {@link
 * io.github.ycsbdocsearch.common.data.Vocabulary}), so a marker matches exactly the record it was
 * written into. Thread-safe.
 */
final class FreshnessMarker {
  private FreshnessMarker() {}

  static String next() {
    ThreadLocalRandom rng = ThreadLocalRandom.current();
    char[] c = new char[12];
    c[0] = 'q';
    c[1] = 'x';
    for (int i = 2; i < c.length; i++) {
      c[i] = (char) ('a' + rng.nextInt(26));
    }
    return new String(c);
  }
}
