package io.github.ycsbdocsearch.resultsformat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Number formatting that ignores the default locale: '.' decimals everywhere, fixed precision per
 * kind of value. Stateless, thread-safe.
 */
public final class Numbers {

  private Numbers() {}

  public static String fixed(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  /** {@code v} rounded to {@code decimals} places, as {@link Math#round} rounds (half up). */
  public static double round(double v, int decimals) {
    double scale = Math.pow(10, decimals); // exact for the small powers used
    return Math.round(v * scale) / scale;
  }

  public static BigDecimal rounded(double v, int decimals) {
    return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP);
  }

  public static String orEmpty(OptionalLong v) {
    return v.isPresent() ? Long.toString(v.getAsLong()) : "";
  }

  public static String orEmpty(OptionalDouble v, int decimals) {
    return v.isPresent() ? fixed(v.getAsDouble(), decimals) : "";
  }

  /** Thousands grouped with ',' for people, e.g. 12,345. */
  public static String grouped(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }

  /** A rate for people: grouped, one decimal under 100. */
  public static String rate(double v) {
    return v < 100 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%,.0f", v);
  }

  /** Microseconds for people, scaled: 850 µs, 1.25 ms, 2.1 s. */
  public static String micros(double us) {
    if (us < 1_000) {
      return String.format(Locale.ROOT, "%.0f µs", us);
    }
    if (us < 1_000_000) {
      return trim(String.format(Locale.ROOT, "%.2f", us / 1_000)) + " ms";
    }
    return trim(String.format(Locale.ROOT, "%.2f", us / 1_000_000)) + " s";
  }

  /** Compact counts for axis ticks: 500, 2k, 1.5M. */
  public static String compact(double v) {
    double a = Math.abs(v);
    if (a >= 1_000_000) {
      return trim(String.format(Locale.ROOT, "%.2f", v / 1_000_000)) + "M";
    }
    if (a >= 1_000) {
      return trim(String.format(Locale.ROOT, "%.2f", v / 1_000)) + "k";
    }
    return trim(String.format(Locale.ROOT, "%.2f", v));
  }

  private static String trim(String s) {
    return s.contains(".") ? s.replaceAll("\\.?0+$", "") : s;
  }
}
