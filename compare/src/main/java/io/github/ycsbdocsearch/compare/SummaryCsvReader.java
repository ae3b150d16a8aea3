package io.github.ycsbdocsearch.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code summary.csv} (results format v1) by column name, so extra or reordered trailing columns do not matter.
 * Numbers are parsed with {@code .} as the decimal separator whatever the default locale.
 *
 * <p>Stateless; safe to use from several threads.
 */
public final class SummaryCsvReader {

  /** File name inside a run folder. */
  public static final String FILE_NAME = "summary.csv";

  private static final List<String> REQUIRED = List.of("store", "workload", "threads", "target_ops",
      "throughput_ops", "op", "count", "errors", "p50_us", "p99_us", "p999_us", "latency_kind");

  private SummaryCsvReader() {
  }

  /**
   * @param file a {@code summary.csv}
   * @return its rows in file order
   * @throws BadInputException when a required column is missing or a value does not parse (names file and line)
   * @throws IOException when the file cannot be read
   */
  public static List<SummaryRow> read(Path file) throws BadInputException, IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (lines.isEmpty() || lines.get(0).isBlank()) {
      throw new BadInputException(file + ": empty, expected a header line");
    }
    Map<String, Integer> columns = header(file, lines.get(0));
    List<SummaryRow> rows = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      if (!lines.get(i).isBlank()) {
        rows.add(row(new Line(file, i + 1, split(lines.get(i)), columns)));
      }
    }
    return rows;
  }

  private static Map<String, Integer> header(Path file, String line) throws BadInputException {
    List<String> names = split(line.startsWith("\uFEFF") ? line.substring(1) : line);
    Map<String, Integer> columns = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      columns.putIfAbsent(names.get(i).trim(), i);
    }
    for (String required : REQUIRED) {
      if (!columns.containsKey(required)) {
        throw new BadInputException(file + ": header has no column '" + required + "' (not a v1 summary.csv)");
      }
    }
    return columns;
  }

  private static SummaryRow row(Line line) throws BadInputException {
    Map<Percentile, Double> percentiles = new EnumMap<>(Percentile.class);
    for (Percentile p : Percentile.values()) {
      String text = line.text(p.csvColumn());
      if (!text.isEmpty()) {
        percentiles.put(p, line.number(p.csvColumn()));
      }
    }
    StepKey step = new StepKey((int) line.number("threads"), (long) line.number("target_ops"));
    return new SummaryRow(line.required("store"), line.required("workload"), step, line.number("throughput_ops"),
        line.required("op"), (long) line.number("count"), (long) line.number("errors"),
        line.required("latency_kind"), percentiles);
  }

  /** Splits on commas; values in this format never contain commas, but surrounding quotes are tolerated. */
  private static List<String> split(String line) {
    List<String> values = new ArrayList<>();
    for (String raw : line.split(",", -1)) {
      String value = raw.trim();
      if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
        value = value.substring(1, value.length() - 1);
      }
      values.add(value);
    }
    return values;
  }

  /** One data line with its position, for error messages. */
  private record Line(Path file, int number, List<String> values, Map<String, Integer> columns) {

    String text(String column) {
      int index = columns.get(column);
      return index < values.size() ? values.get(index) : "";
    }

    String required(String column) throws BadInputException {
      String value = text(column);
      if (value.isEmpty()) {
        throw new BadInputException(file + ":" + number + ": column '" + column + "' is empty");
      }
      return value;
    }

    double number(String column) throws BadInputException {
      String value = required(column);
      try {
        double parsed = Double.parseDouble(value);
        if (!Double.isFinite(parsed) || parsed < 0) {
          throw new NumberFormatException("not a finite non-negative number");
        }
        return parsed;
      } catch (NumberFormatException e) {
        throw new BadInputException(file + ":" + number + ": column '" + column + "' is not a number: '"
            + value + "'", e);
      }
    }
  }
}
