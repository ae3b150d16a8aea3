package io.github.ycsbdocsearch.compare;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Number formatting for the people-facing outputs, always with {@code .} as decimal separator
 * ({@link Locale#ROOT}) whatever the machine's locale.
 *
 * <p>Pure functions; safe to use from several threads.
 */
public final class Fmt {

  /** Relative changes smaller than this are shown as unchanged ({@code =}). */
  private static final double UNCHANGED = 0.0005;

  private Fmt() {}

  /**
   * @param opsPerSecond throughput
   * @return e.g. {@code 12345.6}
   */
  public static String ops(Double opsPerSecond) {
    return opsPerSecond != null && Double.isFinite(opsPerSecond)
        ? String.format(Locale.ROOT, "%.1f", opsPerSecond)
        : "-";
  }

  /**
   * @param v a plain number such as alpha
   * @return e.g. {@code 0.05}
   */
  public static String number(double v) {
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  /**
   * @param micros latency in microseconds
   * @return e.g. {@code 812} (one decimal below 10 us)
   */
  public static String us(double micros) {
    if (!Double.isFinite(micros)) {
      return "-";
    }
    return String.format(Locale.ROOT, micros < 10 ? "%.1f" : "%.0f", micros);
  }

  /**
   * @param fraction e.g. 0.052
   * @return e.g. {@code 5.2%}
   */
  public static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
  }

  /**
   * @param fraction a rate such as an error rate
   * @return e.g. {@code 0.012%}
   */
  public static String rate(double fraction) {
    return String.format(Locale.ROOT, "%.3f%%", fraction * 100);
  }

  /**
   * @param change relative change
   * @return an arrow for the direction of the value plus the signed percentage, e.g. {@code ↓
   *     -10.9%}
   */
  public static String change(double change) {
    if (!Double.isFinite(change)) {
      return "-";
    }
    String arrow = change > UNCHANGED ? "\u2191" : change < -UNCHANGED ? "\u2193" : "=";
    return arrow + " " + String.format(Locale.ROOT, "%+.1f%%", change * 100);
  }

  /**
   * @param threshold a threshold, or null when none applied
   * @return its percentage, with {@code *} when it is a default rather than a measurement
   */
  public static String threshold(Threshold threshold) {
    if (threshold == null) {
      return "-";
    }
    return percent(threshold.relative()) + (threshold.isDefault() ? "*" : "");
  }
}
