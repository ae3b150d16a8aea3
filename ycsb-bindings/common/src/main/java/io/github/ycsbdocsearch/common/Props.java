package io.github.ycsbdocsearch.common;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Reads typed YCSB properties; a malformed value throws a {@link SetupException} that names the key
 * and value.
 */
public final class Props {
  /** YCSB's table property ({@code CoreWorkload.TABLENAME_PROPERTY}). */
  public static final String TABLE = "table";

  /** YCSB's thread count ({@code -threads N}), read to size connection pools. */
  public static final String THREADS = "threadcount";

  private Props() {}

  /** The YCSB table, {@code usertable} by default as in YCSB. */
  public static String table(Properties p) {
    return string(p, TABLE, "usertable");
  }

  public static int threads(Properties p) {
    return integer(p, THREADS, 1, 1);
  }

  public static String string(Properties p, String key, String def) {
    String v = p.getProperty(key);
    return v == null || v.isBlank() ? def : v.trim();
  }

  public static int integer(Properties p, String key, int def, int min) {
    return parsed(p, key, def, Integer::parseInt, n -> n >= min, "an integer >= " + min);
  }

  public static long longValue(Properties p, String key, long def, long min) {
    return parsed(p, key, def, Long::parseLong, n -> n >= min, "an integer >= " + min);
  }

  public static double decimal(Properties p, String key, double def, double min, double max) {
    String expected = "a number from " + min + " to " + max;
    return parsed(p, key, def, Double::parseDouble, d -> d >= min && d <= max, expected);
  }

  /**
   * The trimmed value as {@code parse} reads it, which must pass {@code ok}; {@code def} when the
   * property is unset or blank.
   */
  public static <T> T parsed(
      Properties p,
      String key,
      T def,
      Function<String, T> parse,
      Predicate<T> ok,
      String expected) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) {
      return def;
    }
    try {
      T value = parse.apply(v.trim());
      if (ok.test(value)) {
        return value;
      }
    } catch (NumberFormatException e) {
      // refused below, as a value out of range is
    }
    throw bad(key, v, expected);
  }

  public static boolean bool(Properties p, String key, boolean def) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) {
      return def;
    }
    return switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw bad(key, v, "true or false");
    };
  }

  /** One of the allowed values, compared case-insensitively, returned in lower case. */
  public static String oneOf(Properties p, String key, String def, String... allowed) {
    String v = string(p, key, def).toLowerCase(Locale.ROOT);
    for (String a : allowed) {
      if (a.equals(v)) {
        return v;
      }
    }
    throw bad(key, p.getProperty(key), "one of " + String.join(", ", allowed));
  }

  /** The value, which must match {@code pattern} whole. */
  public static String matching(
      Properties p, String key, String def, Pattern pattern, String expected) {
    String v = string(p, key, def);
    if (!pattern.matcher(v).matches()) {
      throw bad(key, v, expected);
    }
    return v;
  }

  public static SetupException bad(String key, String value, String expected) {
    return new SetupException(
        "property " + key + "='" + value + "' is malformed: expected " + expected);
  }

  /** A workload file's properties. */
  public static Properties load(Path file) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (IOException e) {
      throw new SetupException("workload file " + file + " is not readable: " + e.getMessage());
    }
    return p;
  }
}
