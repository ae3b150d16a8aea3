package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.compare.Comparison.ErrorChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.compare.Comparison.ThroughputChange;
import io.github.ycsbdocsearch.compare.Comparison.VerificationCheck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Aligns two result sets by workload, store, operation, latency kind and step (threads, target) and judges every
 * aligned number against the baseline's noise thresholds.
 *
 * <p>What fails a comparison: a throughput drop or a latency rise beyond its threshold, an error rate that grew by more
 * than {@link #ERROR_RATE_SLACK}, a search store of the new run without a passing {@code verification.json}, and a
 * store that the baseline has but the new run lacks. Steps or stores only one side ran are noted, not judged.
 *
 * <p>Stateless; {@link #compare} is safe to call from several threads.
 */
public final class ResultsComparer {

  /**
   * How much the failed-operation rate may grow (absolute, 0.1 percentage point) before it is a regression. Error
   * rates of a healthy run are zero, so this is a tolerance for a stray timeout, not a noise estimate.
   */
  public static final double ERROR_RATE_SLACK = 0.001;

  private ResultsComparer() {
  }

  /**
   * @param baseline the baseline set
   * @param current the new set
   * @param noise thresholds from the baseline
   * @return every aligned change with its verdict
   * @throws BadInputException when the two sets hold different workloads, or nothing could be aligned
   */
  public static Comparison compare(ResultsSet baseline, ResultsSet current, NoiseModel noise)
      throws BadInputException {
    if (!baseline.byWorkload().keySet().equals(current.byWorkload().keySet())) {
      throw new BadInputException("workloads differ: baseline " + baseline.dir() + " has "
          + baseline.byWorkload().keySet() + ", new " + current.dir() + " has " + current.byWorkload().keySet());
    }
    Collector out = new Collector();
    for (Map.Entry<String, ResultsRun> entry : baseline.byWorkload().entrySet()) {
      compareRun(entry.getValue(), current.byWorkload().get(entry.getKey()), noise, out);
    }
    if (out.throughput.isEmpty() && out.latency.isEmpty()) {
      throw new BadInputException("nothing to compare: no store of " + current.dir() + " matches one of "
          + baseline.dir());
    }
    return new Comparison(baseline, current, noise, out.throughput, out.latency, out.errors, out.verification,
        out.failures, out.warnings);
  }

  private static void compareRun(ResultsRun base, ResultsRun cur, NoiseModel noise, Collector out)
      throws BadInputException {
    String workload = base.workload();
    for (String store : cur.stores()) {
      if (cur.isSearch(store) || base.isSearch(store)) {
        out.verification.add(new VerificationCheck(workload, store, cur.verification().get(store)));
      }
    }
    for (String store : base.stores()) {
      Verification v = base.verification().get(store);
      if (v != null && !v.passed()) {
        out.warnings.add(workload + "/" + store + ": the baseline itself did not verify (" + v.differing()
            + " differing); its numbers are suspect");
      }
      if (!cur.stores().contains(store)) {
        out.failures.add(workload + "/" + store + ": in the baseline but missing from the new run");
      }
    }
    SortedSet<String> common = new TreeSet<>(base.stores());
    common.retainAll(cur.stores());
    for (String store : cur.stores()) {
      if (!common.contains(store)) {
        out.warnings.add(workload + "/" + store + ": not in the baseline, not compared");
      }
    }
    for (String store : common) {
      compareThroughput(base, cur, store, noise, out);
      compareRows(base, cur, store, noise, out);
    }
  }

  private static void compareThroughput(ResultsRun base, ResultsRun cur, String store, NoiseModel noise,
      Collector out) throws BadInputException {
    String workload = base.workload();
    Saturation baseSat = base.saturation().get(store);
    Saturation curSat = cur.saturation().get(store);
    if (baseSat == null || curSat == null) {
      String side = curSat == null ? "new run" : "baseline";
      out.warnings.add(workload + "/" + store + ": no saturation.json in the " + side
          + "; compared the best step's throughput instead");
    }
    double before = base.maxThroughput(store);
    double after = cur.maxThroughput(store);
    if (!(before > 0) || Double.isNaN(after)) {
      out.warnings.add(workload + "/" + store + ": no throughput to compare");
      return;
    }
    Threshold threshold = noise.throughput(store, workload);
    Verdict verdict = Verdict.judge(Verdict.relativeChange(before, after), threshold.relative(), true);
    out.throughput.add(new ThroughputChange(workload, store, baseSat == null ? 0 : baseSat.threads(),
        curSat == null ? 0 : curSat.threads(), before, after, threshold, verdict));
  }

  private static void compareRows(ResultsRun base, ResultsRun cur, String store, NoiseModel noise, Collector out)
      throws BadInputException {
    Map<SummaryRow.RowKey, SummaryRow> baseRows = new LinkedHashMap<>();
    base.rowsOf(store).forEach(row -> baseRows.put(row.key(), row));
    SortedSet<String> unmatched = new TreeSet<>();
    for (SummaryRow row : cur.rowsOf(store)) {
      SummaryRow before = baseRows.remove(row.key());
      if (before == null) {
        unmatched.add(row.op() + "@" + row.step().label() + " (new only)");
        continue;
      }
      compareLatency(before, row, base.workload(), noise, out);
      if (SummaryRow.SERVICE.equals(row.latencyKind())) {
        compareErrors(before, row, base.workload(), out);
      }
    }
    baseRows.values().forEach(row -> unmatched.add(row.op() + "@" + row.step().label() + " (baseline only)"));
    if (!unmatched.isEmpty()) {
      out.warnings.add(base.workload() + "/" + store + ": rows without a match, not compared: " + unmatched);
    }
  }

  private static void compareLatency(SummaryRow before, SummaryRow after, String workload, NoiseModel noise,
      Collector out) throws BadInputException {
    for (Percentile p : Percentile.values()) {
      double b = before.latencyUs(p);
      double a = after.latencyUs(p);
      if (!(b > 0) || Double.isNaN(a)) {
        continue;
      }
      Threshold threshold = noise.latency(after.store(), workload, after.op(), after.latencyKind(), p);
      Verdict verdict = Verdict.judge(Verdict.relativeChange(b, a), threshold.relative(), false);
      out.latency.add(new LatencyChange(workload, after.store(), after.op(), after.latencyKind(), after.step(), p, b,
          a, threshold, verdict));
    }
  }

  private static void compareErrors(SummaryRow before, SummaryRow after, String workload, Collector out) {
    if (before.errors() == 0 && after.errors() == 0) {
      return;
    }
    double baseRate = rate(before);
    double newRate = rate(after);
    Verdict verdict = Verdict.WITHIN_NOISE;
    if (newRate > baseRate + ERROR_RATE_SLACK) {
      verdict = Verdict.REGRESSION;
    } else if (newRate < baseRate - ERROR_RATE_SLACK) {
      verdict = Verdict.IMPROVEMENT;
    }
    out.errors.add(new ErrorChange(workload, after.store(), after.op(), after.step(), baseRate, newRate,
        after.errors(), verdict));
  }

  private static double rate(SummaryRow row) {
    long total = row.count() + row.errors();
    return total == 0 ? 0 : (double) row.errors() / total;
  }

  /** Mutable accumulation while one comparison runs; confined to that call. */
  private static final class Collector {
    final List<ThroughputChange> throughput = new ArrayList<>();
    final List<LatencyChange> latency = new ArrayList<>();
    final List<ErrorChange> errors = new ArrayList<>();
    final List<VerificationCheck> verification = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();
  }
}
