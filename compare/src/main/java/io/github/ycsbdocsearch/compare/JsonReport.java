package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.compare.Comparison.ErrorChange;
import io.github.ycsbdocsearch.compare.Comparison.HeadlineChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.compare.Comparison.UnusableStep;
import io.github.ycsbdocsearch.compare.Comparison.VerificationCheck;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.util.Locale;

/**
 * The comparison as JSON ({@code --json FILE}): every aligned row, with relative changes as
 * fractions, thresholds with their source, the verdict, the multiple-comparison rule and the exit
 * code. snake_case as the results format; numbers locale-independent; missing: null. Stateless.
 */
public final class JsonReport {

  /**
   * Version of this output's layout (2: headline with capacity and peak, per-step keys, rule,
   * unusable steps; 3: thresholds from the runs' own intervals, no noise reference).
   */
  public static final int FORMAT = 3;

  private JsonReport() {}

  public static ObjectNode toJson(Comparison comparison) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("format", FORMAT);
    root.put("verdict", comparison.outcome().toLowerCase(Locale.ROOT).replace(' ', '_'));
    root.put("exit_code", comparison.exitCode());
    root.put("verdict_line", comparison.verdictLine());
    root.put("regressions", comparison.regressions());
    root.put("improvements", comparison.improvements());
    root.put("verification_failures", comparison.verificationFailures());
    root.put("failed_run", !comparison.failedRunStores().isEmpty());
    ArrayNode noResult = root.putArray("no_result");
    comparison
        .noResults()
        .forEach(
            c ->
                noResult.add(
                    at(c.workload(), c.store()).put("side", c.noResult()).put("note", c.note())));
    root.set("baseline", set(comparison.baseline()));
    root.set("new", set(comparison.current()));
    ObjectNode rule = root.putObject("rule");
    rule.put("method", "bonferroni");
    rule.put("alpha", comparison.rule().alpha());
    rule.put("metrics", comparison.rule().metrics());
    rule.put("multiplier", comparison.rule().multiplier());
    rule.put(
        "threshold",
        "max(floor, multiplier x sqrt(base_half_width^2 + new_half_width^2)), each the relative"
            + " half-width of the 95 % interval the run recorded, multiplier = normal quantile at 1"
            + " - alpha / (2 metrics) over that at 0.975; without an interval in both runs, a"
            + " default");
    ArrayNode headline = root.putArray("headline");
    comparison.headline().forEach(c -> headline.add(headline(c)));
    ArrayNode latency = root.putArray("latency");
    comparison.latency().forEach(c -> latency.add(latency(c)));
    ArrayNode errors = root.putArray("errors");
    comparison.errors().forEach(c -> errors.add(errors(c)));
    ArrayNode unusable = root.putArray("unusable_steps");
    comparison.unusable().forEach(u -> unusable.add(unusable(u)));
    ArrayNode verification = root.putArray("verification");
    comparison.verification().forEach(v -> verification.add(verification(v)));
    comparison.failures().forEach(root.putArray("failures")::add);
    comparison.warnings().forEach(root.putArray("warnings")::add);
    return root;
  }

  private static ObjectNode set(ResultsSet set) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("path", set.dir().toString());
    node.put("commit", set.commit());
    ObjectNode runs = node.putObject("runs");
    set.byWorkload().forEach((workload, run) -> runs.put(workload, run.dir().toString()));
    ObjectNode tags = node.putObject("tags");
    set.byWorkload()
        .forEach((workload, run) -> tags.set(workload, Json.MAPPER.valueToTree(run.tags())));
    return node;
  }

  private static void number(ObjectNode node, String field, Double value) {
    node.put(field, value == null || !Double.isFinite(value) ? null : value);
  }

  private static ObjectNode judged(
      ObjectNode node, Threshold threshold, Verdict verdict, double change) {
    number(node, "change", change);
    number(node, "threshold", threshold == null ? null : threshold.relative());
    node.put("threshold_source", threshold == null ? null : threshold.source().label());
    node.put("threshold_default", threshold != null && threshold.isDefault());
    number(node, "base_half_width", threshold == null ? null : threshold.baseHalfWidth());
    number(node, "new_half_width", threshold == null ? null : threshold.newHalfWidth());
    number(node, "multiplier", threshold == null ? null : threshold.multiplier());
    node.put("verdict", verdict.label());
    return node;
  }

  private static ObjectNode headline(HeadlineChange c) {
    ObjectNode node = at(c.workload(), c.store());
    node.put("metric", c.metric());
    number(node, "base_ops", c.base());
    number(node, "new_ops", c.current());
    number(node, "base_peak_ops", c.basePeak());
    number(node, "new_peak_ops", c.newPeak());
    node.put("slo", c.slo() == null ? null : c.slo().text());
    node.put("note", c.note());
    node.put("base_set_by", c.baseSetBy());
    node.put("new_set_by", c.newSetBy());
    node.put("no_result", c.noResult());
    return judged(node, c.threshold(), c.verdict(), c.change());
  }

  /** A row's first fields: where its figure is. */
  private static ObjectNode at(String workload, String store) {
    return Json.MAPPER.createObjectNode().put("workload", workload).put("store", store);
  }

  private static ObjectNode step(String workload, String store, StepKey step) {
    return at(workload, store).put("step", step.label()).put("phase", step.phase().jsonName());
  }

  private static ObjectNode latency(LatencyChange c) {
    ObjectNode node = step(c.workload(), c.store(), c.step());
    node.put("op", c.op());
    node.put("latency_kind", c.kind().label());
    node.put("percentile", c.percentile().label());
    node.put("metric", NoisePolicy.latencyMetric(c.op(), c.kind(), c.percentile()));
    node.put("base_us", c.base());
    node.put("new_us", c.current());
    return judged(node, c.threshold(), c.verdict(), c.change());
  }

  private static ObjectNode errors(ErrorChange c) {
    ObjectNode node = step(c.workload(), c.store(), c.step());
    node.put("op", c.op());
    node.put("base_rate", c.baseRate());
    node.put("new_rate", c.newRate());
    node.put("new_errors", c.newErrors());
    node.put("slack", ResultsComparer.ERROR_RATE_SLACK);
    node.put("verdict", c.verdict().label());
    return node;
  }

  private static ObjectNode unusable(UnusableStep u) {
    ObjectNode node = step(u.workload(), u.store(), u.step());
    node.put("side", u.side());
    node.put("reason", u.reason());
    return node;
  }

  private static ObjectNode verification(VerificationCheck v) {
    ObjectNode node = at(v.workload(), v.store()).put("status", v.status());
    if (v.result() != null) {
      node.put("queries", v.result().queries());
      node.put("identical", v.result().identical());
      node.put("differing", v.result().differing());
    }
    return node;
  }
}
