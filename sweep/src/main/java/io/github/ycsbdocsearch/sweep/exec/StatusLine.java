package io.github.ycsbdocsearch.sweep.exec;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of YCSB's once-a-second status lines on stderr ({@code "2026-11-21 20:01:05:123 3 sec: 6006
 * operations; 2007.5 current ops/sec; ..."}). YCSB formats the rate with the client's default
 * locale, so both '.' and ',' decimal separators are read. Immutable.
 *
 * @param elapsedSeconds seconds since the client threads started
 * @param operations operations done so far
 * @param currentOpsPerSec throughput of the last interval, when YCSB printed one
 */
public record StatusLine(long elapsedSeconds, long operations, OptionalDouble currentOpsPerSec) {
  private static final Pattern LINE =
      Pattern.compile("(\\d+) sec: (\\d+) operations;(?: ([^ ]+) current ops/sec;)?");

  /** Parses a status line; empty for any other line. */
  public static Optional<StatusLine> parse(String line) {
    Matcher m = LINE.matcher(line);
    if (!m.find()) {
      return Optional.empty();
    }
    OptionalDouble rate = OptionalDouble.empty();
    if (m.group(3) != null) {
      try {
        double d = Double.parseDouble(m.group(3).replace("\u00a0", "").replace(",", "."));
        if (Double.isFinite(d)) {
          rate = OptionalDouble.of(d);
        }
      } catch (NumberFormatException e) {
        // "∞" on the first interval: no rate yet.
      }
    }
    return Optional.of(
        new StatusLine(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), rate));
  }
}
