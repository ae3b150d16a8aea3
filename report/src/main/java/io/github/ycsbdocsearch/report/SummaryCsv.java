package io.github.ycsbdocsearch.report;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Formats {@code summary.csv}: the leading columns fixed by docs/results-format.md, then the extra ones. Numbers
 * use '.' whatever the default locale; unsupported percentiles and latencies of operations without successes are
 * empty. Stateless, thread-safe.
 */
final class SummaryCsv {

  static final String FILE_NAME = "summary.csv";

  /** Leading columns, exactly as the results format fixes them. */
  static final List<String> LEADING_COLUMNS = List.of("store", "workload", "threads", "target_ops",
      "throughput_ops", "op", "count", "errors", "p50_us", "p90_us", "p99_us", "p999_us", "p9999_us", "max_us");
  static final List<String> EXTRA_COLUMNS =
      List.of("latency_kind", "step", "min_us", "mean_us", "stddev_us", "duration_s");

  private SummaryCsv() {
  }

  static String format(List<SummaryRow> rows) {
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>(LEADING_COLUMNS);
    header.addAll(EXTRA_COLUMNS);
    out.append(String.join(",", header)).append('\n');
    for (SummaryRow row : rows) {
      out.append(String.join(",", cells(row))).append('\n');
    }
    return out.toString();
  }

  private static List<String> cells(SummaryRow r) {
    StepInfo s = r.info();
    OperationSummary o = r.operation();
    List<String> c = new ArrayList<>();
    c.add(quote(s.store()));
    c.add(quote(s.workload()));
    c.add(Integer.toString(s.threads()));
    c.add(Long.toString(s.targetOps()));
    c.add(Numbers.fixed(r.step().throughputOps(), Numbers.RATE_DECIMALS));
    c.add(quote(o.op()));
    c.add(Long.toString(o.count()));
    c.add(Long.toString(o.errors()));
    for (Percentile p : Percentile.values()) {
      c.add(Numbers.orEmpty(r.percentile(p)));
    }
    c.add(Numbers.orEmpty(r.maxUs()));
    c.add(o.kind().label());
    c.add(Integer.toString(s.index()));
    c.add(Numbers.orEmpty(r.minUs()));
    c.add(Numbers.orEmpty(mean(o), Numbers.RATE_DECIMALS));
    c.add(Numbers.orEmpty(stddev(o), Numbers.RATE_DECIMALS));
    c.add(Numbers.fixed(r.step().measuredSeconds(), Numbers.SECONDS_DECIMALS));
    return c;
  }

  private static OptionalDouble mean(OperationSummary o) {
    return o.latency().map(l -> OptionalDouble.of(l.meanUs())).orElse(OptionalDouble.empty());
  }

  private static OptionalDouble stddev(OperationSummary o) {
    return o.latency().map(l -> OptionalDouble.of(l.stddevUs())).orElse(OptionalDouble.empty());
  }

  /** RFC 4180 quoting, only when needed. */
  static String quote(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }
}
