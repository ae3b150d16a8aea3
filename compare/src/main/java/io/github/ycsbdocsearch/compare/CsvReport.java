package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.compare.Comparison.ErrorChange;
import io.github.ycsbdocsearch.compare.Comparison.HeadlineChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.resultsformat.SummaryCsv;
import java.util.ArrayList;
import java.util.List;

/**
 * The comparison as CSV ({@code --csv FILE}), for a spreadsheet: a header row, then one row per
 * figure the JSON report lists (each store's headline, each latency percentile of each step, each
 * operation's failed-operation rate), all under one set of columns; a column a figure does not have
 * is empty. Numbers are plain ('.' whatever the locale), changes and thresholds fractions as in the
 * JSON. Stateless.
 */
public final class CsvReport {

  /** Every column, in order. */
  public static final List<String> COLUMNS =
      List.of(
          "figure",
          "workload",
          "store",
          "step",
          "phase",
          "op",
          "latency_kind",
          "percentile",
          "metric",
          "unit",
          "base",
          "new",
          "change",
          "threshold",
          "threshold_source",
          "verdict",
          "note");

  private CsvReport() {}

  /** The CSV text of a comparison, header first, one line per figure. */
  public static String render(Comparison comparison) {
    List<List<String>> rows = new ArrayList<>();
    comparison.headline().forEach(c -> rows.add(headline(c)));
    comparison.latency().forEach(c -> rows.add(latency(c)));
    comparison.errors().forEach(c -> rows.add(errors(c)));
    return SummaryCsv.table(COLUMNS, rows);
  }

  private static List<String> headline(HeadlineChange c) {
    return row(
        List.of("headline", c.workload(), c.store(), "", "", "", "", "", c.metric(), "ops/s"),
        judged(c.base(), c.current(), c.change(), c.threshold()),
        List.of(c.verdictLabel(), c.notes()));
  }

  private static List<String> latency(LatencyChange c) {
    return row(
        at(
            "latency",
            c.workload(),
            c.store(),
            c.step(),
            c.op(),
            c.kind().label(),
            c.percentile().label()),
        List.of(NoisePolicy.latencyMetric(c.op(), c.kind(), c.percentile()), "us"),
        judged(c.base(), c.current(), c.change(), c.threshold()),
        List.of(c.verdict().label(), ""));
  }

  private static List<String> errors(ErrorChange c) {
    // Judged against a fixed slack, not the noise: the slack stands in the threshold's place.
    return row(
        at("error_rate", c.workload(), c.store(), c.step(), c.op(), "", ""),
        List.of("error_rate", "fraction", number(c.baseRate()), number(c.newRate()), ""),
        List.of(number(ResultsComparer.ERROR_RATE_SLACK), "slack", c.verdict().label(), ""));
  }

  /** A figure judged against the noise: base, new, change, threshold and its source. */
  private static List<String> judged(Double base, Double current, double change, Threshold t) {
    return List.of(
        number(base),
        number(current),
        number(change),
        t == null ? "" : number(t.relative()),
        t == null ? "" : t.source().label());
  }

  /** The columns that say which figure a row is: up to {@code percentile}. */
  private static List<String> at(
      String figure,
      String workload,
      String store,
      StepKey step,
      String op,
      String latencyKind,
      String percentile) {
    return List.of(
        figure,
        workload,
        store,
        step.label(),
        step.phase().jsonName(),
        op,
        latencyKind,
        percentile);
  }

  /** A row: its parts, in column order. */
  @SafeVarargs
  private static List<String> row(List<String>... parts) {
    List<String> row = new ArrayList<>();
    for (List<String> part : parts) {
      row.addAll(part);
    }
    return row;
  }

  /** A plain number; empty when missing or not finite. */
  private static String number(Double v) {
    return v == null || !Double.isFinite(v) ? "" : Fmt.number(v);
  }
}
