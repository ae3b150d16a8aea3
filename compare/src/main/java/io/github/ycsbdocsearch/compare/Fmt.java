package io.github.ycsbdocsearch.compare;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Number formatting for the people-facing outputs, with {@code .} as decimal separator ({@link
 * Locale#ROOT}) whatever the machine's locale; {@code -} for a missing value. Thread-safe.
 */
public final class Fmt {

  /** Relative changes smaller than this are shown as unchanged ({@code =}). */
  private static final double UNCHANGED = 0.0005;

  private Fmt() {}

  /** {@link String#format} in {@link Locale#ROOT}. */
  public static String format(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  /** Throughput, e.g. {@code 12345.6}. */
  public static String ops(Double opsPerSecond) {
    return opsPerSecond != null && Double.isFinite(opsPerSecond)
        ? format("%.1f", opsPerSecond)
        : "-";
  }

  /** A plain number such as alpha, e.g. {@code 0.05}. */
  public static String number(double v) {
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  /** Latency in microseconds, e.g. {@code 812} (one decimal below 10 us). */
  public static String us(double micros) {
    return Double.isFinite(micros) ? format(micros < 10 ? "%.1f" : "%.0f", micros) : "-";
  }

  /** A fraction as a percentage, e.g. {@code 5.2%}. */
  public static String percent(double fraction) {
    return format("%.1f%%", fraction * 100);
  }

  /** A rate such as an error rate, with three decimals, e.g. {@code 0.012%}. */
  public static String rate(double fraction) {
    return format("%.3f%%", fraction * 100);
  }

  /**
   * A relative change: an arrow for its direction and the signed percentage, e.g. {@code ↓ -10.9%}.
   */
  public static String change(double change) {
    if (!Double.isFinite(change)) {
      return "-";
    }
    String arrow = change > UNCHANGED ? "\u2191" : change < -UNCHANGED ? "\u2193" : "=";
    return arrow + " " + format("%+.1f%%", change * 100);
  }

  /** A threshold's percentage, with {@code *} when it is a default rather than a measurement. */
  public static String threshold(Threshold threshold) {
    return threshold == null
        ? "-"
        : percent(threshold.relative()) + (threshold.isDefault() ? "*" : "");
  }
}
