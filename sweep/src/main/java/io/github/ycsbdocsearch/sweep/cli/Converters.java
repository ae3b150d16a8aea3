package io.github.ycsbdocsearch.sweep.cli;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.resultsformat.Objective;
import io.github.ycsbdocsearch.sweep.plan.ThreadPlan;
import io.github.ycsbdocsearch.sweep.targets.SweepTarget;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.DoublePredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The value checks of {@link SweepCommandLine}'s options, one converter per kind of value. A
 * converter says only what it expected ({@link TypeConversionException}); {@link OptionsParser}
 * adds the option's name and the value, so that every mistake reads {@code --option 'value' is
 * malformed: expected ...} on one line. Lists take the whole value (no picocli split): picocli's
 * split drops trailing empty items (mongodb,, would pass) and reports the item, not the value.
 */
final class Converters {

  private Converters() {}

  /** An integer from 1. */
  static final class PositiveInt implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      return atLeast(value, 1);
    }
  }

  /** An integer from 0 (0 = none, e.g. no warm-up, no floor step). */
  static final class NonNegativeInt implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      return atLeast(value, 0);
    }
  }

  /** A percentage, 0 to 100. */
  static final class Percent implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      return number(value, d -> d >= 0 && d <= 100, "expected a number from 0.0 to 100.0");
    }
  }

  /** A duration in whole seconds: 90, 90s, 30m, 2h; 0 = none; at most a week. */
  static final class Seconds implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      Matcher m = Pattern.compile("(\\d{1,7})([smh]?)").matcher(value.trim());
      if (!m.matches()) {
        throw new TypeConversionException("expected a duration such as 90s, 30m or 2h");
      }
      long unit =
          switch (m.group(2)) {
            case "m" -> 60;
            case "h" -> 3600;
            default -> 1;
          };
      long seconds = Long.parseLong(m.group(1)) * unit;
      if (seconds > 7 * 24 * 3600) {
        throw new TypeConversionException("expected at most a week");
      }
      return (int) seconds;
    }
  }

  /** A latency bound in milliseconds, above 0 and at most an hour. */
  static final class Millis implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      return number(value, d -> d > 0 && d <= 3_600_000, "expected a number > 0");
    }
  }

  /** Minutes, above 0 and at most a week. */
  static final class Minutes implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      return number(value, d -> d > 0 && d <= 7 * 24 * 60, "expected minutes > 0");
    }
  }

  /** {@code auto} (doubling up to --max-threads, applied later) or explicit counts. */
  static final class Threads implements ITypeConverter<ThreadPlan> {
    @Override
    public ThreadPlan convert(String value) {
      return value.equals("auto")
          ? ThreadPlan.doubling(Defaults.MAX_THREADS)
          : ThreadPlan.of(
              positiveInts(
                  value, "expected auto or positive integers separated by commas, e.g. 1,2,4"));
    }
  }

  /** Fixed rates in ops/s. */
  static final class Rates implements ITypeConverter<List<Integer>> {
    @Override
    public List<Integer> convert(String value) {
      return positiveInts(value, "expected positive integers separated by commas, e.g. 250,6000");
    }
  }

  /** {@code none} or fractions of the peak in (0, 5]. */
  static final class Fractions implements ITypeConverter<List<Double>> {
    @Override
    public List<Double> convert(String value) {
      if (value.trim().equalsIgnoreCase("none")) {
        return List.of();
      }
      return Arrays.stream(value.split(",", -1))
          .map(
              part ->
                  number(
                      part,
                      f -> f > 0 && f <= 5,
                      "expected none or fractions of the peak above 0 and at most 5, "
                          + "separated by commas, e.g. 0.5,0.9,1.1"))
          .toList();
    }
  }

  /** Store names, each once; an unknown one fails, listing the known ones ({@link SweepTarget}). */
  static final class Stores implements ITypeConverter<List<SweepTarget>> {
    @Override
    public List<SweepTarget> convert(String value) {
      List<SweepTarget> out = new ArrayList<>();
      for (String s : value.split(",", -1)) {
        if (s.isBlank()) {
          throw new TypeConversionException("expected store names separated by commas");
        }
        SweepTarget t = SweepTarget.byName(s);
        if (out.contains(t)) {
          throw new TypeConversionException("it names '" + t.name() + "' twice");
        }
        out.add(t);
      }
      return out;
    }
  }

  /** A {@code --tag KEY=VALUE}: KEY of letters, digits, '_', '.' and '-'; any VALUE. */
  static final class Tag implements ITypeConverter<String> {
    @Override
    public String convert(String tag) {
      if (!tag.matches("[A-Za-z0-9_.-]+=.*")) {
        throw new TypeConversionException(
            "expected KEY=VALUE with KEY of letters, digits, '_', '.' and '-'");
      }
      return tag;
    }
  }

  /** A latency objective; {@link Objective#parse} says what it expected. */
  static final class LatencyObjective implements ITypeConverter<Objective> {
    @Override
    public Objective convert(String value) {
      try {
        return Objective.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** One of an enum's constants, in lower case on the command line (e.g. {@code single}). */
  record OneOf<E extends Enum<E>>(Class<E> type) implements ITypeConverter<E> {
    @Override
    public E convert(String value) {
      for (E e : type.getEnumConstants()) {
        if (label(e).equals(value)) {
          return e;
        }
      }
      throw new TypeConversionException(
          "expected "
              + String.join(
                  " or ", Arrays.stream(type.getEnumConstants()).map(Converters::label).toList()));
    }
  }

  /** How an enum constant is written on the command line and in the manifest. */
  static String label(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }

  /** YCSB's property of how many records the load inserts: {@code --records} when given wins. */
  static final String RECORD_COUNT = "recordcount";

  /**
   * A property that must be a whole number from 1 up.
   *
   * @param where where it was set, for the message ("" for -p)
   */
  static int positiveInt(String key, String value, String where) {
    try {
      return atLeast(value, 1);
    } catch (TypeConversionException e) {
      throw new SetupException(
          "%s='%s'%s is malformed: expected an integer from 1 to %d"
              .formatted(key, value, where, Integer.MAX_VALUE));
    }
  }

  /** Positive integers separated by commas, no empty item; else what was {@code expected}. */
  private static List<Integer> positiveInts(String value, String expected) {
    try {
      return Arrays.stream(value.split(",", -1)).map(s -> atLeast(s, 1)).toList();
    } catch (TypeConversionException e) {
      throw new TypeConversionException(expected);
    }
  }

  private static int atLeast(String value, int min) {
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= min) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below with the expected range
    }
    throw new TypeConversionException("expected an integer >= " + min);
  }

  /** The value as a number that {@code inRange} accepts (never NaN), else what was expected. */
  private static double number(String value, DoublePredicate inRange, String expected) {
    try {
      double d = Double.parseDouble(value.trim());
      if (inRange.test(d)) {
        return d;
      }
    } catch (NumberFormatException e) {
      // reported below with the expected range
    }
    throw new TypeConversionException(expected);
  }
}
