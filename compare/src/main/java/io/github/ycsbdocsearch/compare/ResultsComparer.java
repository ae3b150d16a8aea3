package io.github.ycsbdocsearch.compare;

import io.github.ycsbdocsearch.compare.Comparison.ErrorChange;
import io.github.ycsbdocsearch.compare.Comparison.HeadlineChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.compare.Comparison.Rule;
import io.github.ycsbdocsearch.compare.Comparison.UnusableStep;
import io.github.ycsbdocsearch.compare.Comparison.VerificationCheck;
import io.github.ycsbdocsearch.resultsformat.LatencyKind;
import io.github.ycsbdocsearch.resultsformat.Percentile;
import io.github.ycsbdocsearch.resultsformat.SummaryRow;
import io.github.ycsbdocsearch.resultsformat.Verification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Aligns two result sets by workload, store and step ({@link StepKey}: ramp steps by threads, load
 * steps by offered fraction, explicit rates by threads and target) and judges every aligned number
 * against the two runs' own recorded noise under one multiple-comparison rule ({@link
 * NoisePolicy}).
 *
 * <p>What fails a comparison as a regression: a headline drop beyond its threshold (the SLO-bound
 * capacity when both runs have one, else the closed-loop peak); a latency rise beyond its
 * threshold; an error rate grown by more than {@link #ERROR_RATE_SLACK}; a search store of the new
 * run without a passing verification; a store the baseline has and the new run lacks. A store with
 * no result (no qualifying step, or a capacity lost) is never a regression: it is {@link
 * Verdict#NO_RESULT}, naming the side; in the new run it makes the comparison a failed run ({@link
 * Comparison#EXIT_FAILED_RUN}), in the baseline alone a warning. Steps that are not usable on
 * either side (failed, client-bound, rate not sustained) are listed, not judged; steps or stores
 * only one side ran are noted. Stateless; thread-safe.
 */
public final class ResultsComparer {

  /**
   * How much the failed-operation rate may grow (absolute, 0.1 percentage point) before it is a
   * regression. A healthy run has no errors: a tolerance for a stray timeout, not a noise estimate.
   */
  public static final double ERROR_RATE_SLACK = 0.001;

  private ResultsComparer() {}

  /**
   * Compares two sets.
   *
   * @param alpha family-wise false-alarm rate of the whole comparison
   * @throws BadInputException when the sets hold different workloads, or nothing could be aligned
   */
  public static Comparison compare(ResultsSet baseline, ResultsSet current, double alpha)
      throws BadInputException {
    if (!baseline.byWorkload().keySet().equals(current.byWorkload().keySet())) {
      throw new BadInputException(
          "workloads differ: baseline %s has %s, new %s has %s"
              .formatted(
                  baseline.dir(),
                  baseline.byWorkload().keySet(),
                  current.dir(),
                  current.byWorkload().keySet()));
    }
    Collector out = new Collector();
    for (Map.Entry<String, ResultsRun> entry : baseline.byWorkload().entrySet()) {
      compareRun(entry.getValue(), current.byWorkload().get(entry.getKey()), out);
    }
    if (out.headline.isEmpty() && out.latency.isEmpty()) {
      throw new BadInputException(
          "nothing to compare: no store of " + current.dir() + " matches one of " + baseline.dir());
    }
    int metrics = (int) out.headline.stream().filter(HeadlineCandidate::hasIntervals).count();
    Rule rule = new Rule(alpha, metrics, NoisePolicy.multiplier(alpha, metrics));
    return new Comparison(
        baseline,
        current,
        rule,
        out.headline.stream().map(h -> h.judge(rule.multiplier())).toList(),
        out.latency,
        out.errors,
        out.verification,
        out.unusable,
        out.failures,
        out.warnings);
  }

  private static void compareRun(ResultsRun base, ResultsRun cur, Collector out) {
    String workload = base.workload();
    boolean baseParts = base.summary().throughputCountsComposedParts();
    if (baseParts != cur.summary().throughputCountsComposedParts()) {
      out.warnings.add(
          ("%s: the %s's throughput counts the parts of composed operations again (a summary.json"
                  + " migrated from format 1), the %s's does not")
              .formatted(
                  workload,
                  baseParts ? "baseline" : "new run",
                  baseParts ? "new run" : "baseline"));
    }
    for (String store : cur.stores()) {
      if (cur.isSearch(store) || base.isSearch(store)) {
        out.verification.add(new VerificationCheck(workload, store, cur.verification().get(store)));
      }
    }
    for (String store : base.stores()) {
      Verification v = base.verification().get(store);
      if (v != null && !v.rawText() && !v.passed()) { // raw text measures divergence, not a fault
        out.warnings.add(
            "%s/%s: the baseline itself did not verify (%d differing); its numbers are suspect"
                .formatted(workload, store, v.differing()));
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
      HeadlineCandidate h =
          headline(workload, store, Headline.of(base, store), Headline.of(cur, store));
      out.headline.add(h);
      if (Comparison.BASELINE.equals(h.noResult())) {
        out.warnings.add(
            "%s/%s: no result in the baseline, the new run's not judged: %s"
                .formatted(workload, store, h.note()));
      }
      compareSteps(workload, store, base.steps(store), cur.steps(store), out);
    }
  }

  /** Chooses what a store's headline compares and settles the cases that need no threshold. */
  private static HeadlineCandidate headline(String workload, String store, Headline b, Headline n) {
    List<String> notes = new ArrayList<>();
    if (b.fromSteps()) {
      notes.add("baseline has no capacity.json: peak from its best usable closed-loop step");
    }
    if (n.fromSteps()) {
      notes.add("new run has no capacity.json: peak from its best usable closed-loop step");
    }
    String metric = NoisePolicy.PEAK_METRIC;
    Verdict settled = Verdict.NO_RESULT;
    String noResult = Comparison.NEW;
    boolean baseNone = b.peak() == null;
    if (b.capacity() != null && n.capacity() != null) {
      metric = NoisePolicy.CAPACITY_METRIC;
      settled = null;
      noResult = null;
    } else if (b.capacity() != null && n.capacitySought()) {
      metric = NoisePolicy.CAPACITY_METRIC;
      notes.add(
          0,
          "no capacity in the new run"
              + (n.slo() == null ? "" : " (" + n.slo() + ")")
              + (n.reason() == null ? "" : ": " + n.reason())
              + (n.peak() != null || n.peakReason() == null || n.peakReason().equals(n.reason())
                  ? ""
                  : "; no peak either: " + n.peakReason()));
    } else if (n.peak() == null) {
      notes.add(0, "no qualifying step in the new run" + reason(n));
      if (baseNone) {
        notes.add(1, "none in the baseline either" + reason(b));
        noResult = Comparison.BOTH;
      }
    } else if (baseNone) {
      notes.add(0, "the baseline has no qualifying step" + reason(b));
      noResult = Comparison.BASELINE;
    } else {
      settled = null;
      noResult = null;
      if (n.capacity() != null) {
        notes.add("the baseline has no capacity: peaks compared");
      } else if (b.capacity() != null) {
        notes.add("the new run sought no capacity (migrated from format 1): peaks compared");
      } else if (b.capacitySought() && n.capacitySought()) {
        notes.add("neither run has a capacity: peaks compared");
      }
    }
    return new HeadlineCandidate(
        workload,
        store,
        metric,
        b,
        n,
        settled,
        noResult,
        notes.isEmpty() ? null : String.join("; ", notes));
  }

  /** Why a side has no peak, as {@code ": why"}; empty when it does not say. */
  private static String reason(Headline h) {
    return h.peakReason() == null ? "" : ": " + h.peakReason();
  }

  private static void compareSteps(
      String workload,
      String store,
      SortedMap<StepKey, StepRows> base,
      SortedMap<StepKey, StepRows> cur,
      Collector out) {
    SortedSet<StepKey> keys = new TreeSet<>(base.keySet());
    keys.addAll(cur.keySet());
    List<String> unmatched = new ArrayList<>();
    for (StepKey key : keys) {
      StepRows b = base.get(key);
      StepRows n = cur.get(key);
      String bad = unusable(b, n);
      if (bad != null) {
        String side =
            b != null && !b.usable() ? n != null && !n.usable() ? "both" : "baseline" : "new";
        out.unusable.add(new UnusableStep(workload, store, key, side, bad));
        continue;
      }
      if (b == null || n == null) {
        unmatched.add(key.label() + (b == null ? " (new only)" : " (baseline only)"));
        continue;
      }
      for (Map.Entry<StepRows.RowKey, SummaryRow> e : n.rows().entrySet()) {
        SummaryRow before = b.rows().get(e.getKey());
        if (before == null) {
          unmatched.add(e.getKey().op() + "@" + key.label() + " (new only)");
          continue;
        }
        compareLatency(workload, key, before, e.getValue(), out);
        if (e.getKey().kind() == LatencyKind.SERVICE) {
          compareErrors(workload, key, before, e.getValue(), out);
        }
      }
      b.rows().keySet().stream()
          .filter(k -> !n.rows().containsKey(k))
          .map(StepRows.RowKey::op)
          .distinct()
          .forEach(op -> unmatched.add(op + "@" + key.label() + " (baseline only)"));
    }
    if (!unmatched.isEmpty()) {
      out.warnings.add(
          "%s/%s: without a match, not compared: %s"
              .formatted(workload, store, String.join(", ", new TreeSet<>(unmatched))));
    }
  }

  private static String unusable(StepRows b, StepRows n) {
    if (b != null && !b.usable() && n != null && !n.usable()) {
      return b.unusable().equals(n.unusable())
          ? b.unusable()
          : "baseline " + b.unusable() + ", new " + n.unusable();
    }
    return b != null && !b.usable() ? b.unusable() : n != null && !n.usable() ? n.unusable() : null;
  }

  private static void compareLatency(
      String workload, StepKey step, SummaryRow before, SummaryRow after, Collector out) {
    for (Percentile p : NoisePolicy.PERCENTILES) {
      if (before.percentile(p).isEmpty()
          || after.percentile(p).isEmpty()
          || before.percentile(p).getAsLong() <= 0) {
        continue;
      }
      // Against the percentile's default: a run records no interval of its latencies.
      double base = before.percentile(p).getAsLong();
      double current = after.percentile(p).getAsLong();
      Threshold threshold = Threshold.byDefault(NoisePolicy.latencyDefault(p));
      Verdict verdict =
          Verdict.judge(Verdict.relativeChange(base, current), threshold.relative(), false);
      out.latency.add(
          new LatencyChange(
              workload,
              after.store(),
              step,
              after.op(),
              after.kind(),
              p,
              base,
              current,
              threshold,
              verdict));
    }
  }

  private static void compareErrors(
      String workload, StepKey step, SummaryRow before, SummaryRow after, Collector out) {
    if (before.errors() == 0 && after.errors() == 0) {
      return;
    }
    double baseRate = rate(before);
    double newRate = rate(after);
    Verdict verdict = Verdict.judge(newRate - baseRate, ERROR_RATE_SLACK, false);
    out.errors.add(
        new ErrorChange(
            workload, after.store(), after.op(), step, baseRate, newRate, after.errors(), verdict));
  }

  private static double rate(SummaryRow row) {
    long total = row.count() + row.errors();
    return total == 0 ? 0 : (double) row.errors() / total;
  }

  /** A headline before its threshold is known; {@code settled}: its verdict if it needs none. */
  private record HeadlineCandidate(
      String workload,
      String store,
      String metric,
      Headline b,
      Headline n,
      Verdict settled,
      String noResult,
      String note) {

    Double base() {
      return NoisePolicy.CAPACITY_METRIC.equals(metric) ? b.capacity() : b.peak();
    }

    Double current() {
      return NoisePolicy.CAPACITY_METRIC.equals(metric) ? n.capacity() : n.peak();
    }

    boolean judged() {
      return settled == null;
    }

    /** Whether it is judged against both runs' recorded intervals. */
    boolean hasIntervals() {
      return judged() && b.halfWidth(metric) != null && n.halfWidth(metric) != null;
    }

    HeadlineChange judge(double z) {
      Threshold threshold =
          !judged()
              ? null
              : hasIntervals()
                  ? Threshold.ofIntervals(b.halfWidth(metric), n.halfWidth(metric), z)
                  : Threshold.byDefault(NoisePolicy.THROUGHPUT_DEFAULT);
      Verdict verdict =
          judged()
              ? Verdict.judge(Verdict.relativeChange(base(), current()), threshold.relative(), true)
              : settled;
      return new HeadlineChange(
          workload,
          store,
          metric,
          base(),
          current(),
          b.peak(),
          n.peak(),
          n.slo() != null ? n.slo() : b.slo(),
          threshold,
          verdict,
          noResult,
          note,
          b.setBy(),
          n.setBy());
    }
  }

  /** Mutable accumulation while one comparison runs; confined to that call. */
  private static final class Collector {
    final List<HeadlineCandidate> headline = new ArrayList<>();
    final List<LatencyChange> latency = new ArrayList<>();
    final List<ErrorChange> errors = new ArrayList<>();
    final List<VerificationCheck> verification = new ArrayList<>();
    final List<UnusableStep> unusable = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();
  }
}
