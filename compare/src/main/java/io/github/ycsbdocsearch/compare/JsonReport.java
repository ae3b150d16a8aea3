package io.github.ycsbdocsearch.compare;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.compare.Comparison.ErrorChange;
import io.github.ycsbdocsearch.compare.Comparison.LatencyChange;
import io.github.ycsbdocsearch.compare.Comparison.ThroughputChange;
import io.github.ycsbdocsearch.compare.Comparison.VerificationCheck;

/**
 * The comparison as JSON ({@code --json FILE}): every aligned row, with relative changes as fractions, thresholds
 * with their source, the verdict and the exit code. Field names are snake_case like the results format; numbers are
 * locale-independent.
 *
 * <p>Stateless; safe to use from several threads.
 */
public final class JsonReport {

  /** Version of this output's layout. */
  public static final int FORMAT = 1;

  private JsonReport() {
  }

  /**
   * @param comparison what to write
   * @return the JSON tree
   */
  public static ObjectNode toJson(Comparison comparison) {
    ObjectNode root = Json.object();
    root.put("format", FORMAT);
    root.put("verdict", comparison.exitCode() == Comparison.EXIT_OK ? "ok" : "fail");
    root.put("exit_code", comparison.exitCode());
    root.put("verdict_line", comparison.verdictLine());
    root.put("regressions", comparison.regressions());
    root.put("improvements", comparison.improvements());
    root.put("verification_failures", comparison.verificationFailures());
    root.set("baseline", set(comparison.baseline()));
    root.set("new", set(comparison.current()));
    root.set("noise", noise(comparison.noise()));
    ArrayNode throughput = root.putArray("throughput");
    comparison.throughput().forEach(c -> throughput.add(throughput(c)));
    ArrayNode latency = root.putArray("latency");
    comparison.latency().forEach(c -> latency.add(latency(c)));
    ArrayNode errors = root.putArray("errors");
    comparison.errors().forEach(c -> errors.add(errors(c)));
    ArrayNode verification = root.putArray("verification");
    comparison.verification().forEach(v -> verification.add(verification(v)));
    comparison.failures().forEach(root.putArray("failures")::add);
    comparison.warnings().forEach(root.putArray("warnings")::add);
    return root;
  }

  private static ObjectNode set(ResultsSet set) {
    ObjectNode node = Json.object();
    node.put("path", set.dir().toString());
    node.put("commit", set.commit());
    ObjectNode runs = node.putObject("runs");
    set.byWorkload().forEach((workload, run) -> runs.put(workload, run.dir().toString()));
    return node;
  }

  private static ObjectNode noise(NoiseModel noise) {
    ObjectNode node = Json.object();
    node.put("source", noise.present() ? "noise.json" : "default");
    node.put("file", noise.present() ? noise.file().toString() : null);
    node.put("runs", noise.runs());
    Json.putNumber(node, "k", noise.k());
    return node;
  }

  private static ObjectNode threshold(ObjectNode node, Threshold threshold, Verdict verdict, double change) {
    Json.putNumber(node, "change", change);
    node.put("threshold", threshold.relative());
    node.put("threshold_source", threshold.source().label());
    node.put("threshold_default", threshold.isDefault());
    Json.putNumber(node, "cv", threshold.cv());
    node.put("verdict", verdict.label());
    return node;
  }

  private static ObjectNode throughput(ThroughputChange c) {
    ObjectNode node = Json.object();
    node.put("workload", c.workload());
    node.put("store", c.store());
    node.put("metric", NoisePolicy.THROUGHPUT_METRIC);
    node.put("base_threads", c.baseThreads());
    node.put("new_threads", c.newThreads());
    node.put("base_ops", c.base());
    node.put("new_ops", c.current());
    return threshold(node, c.threshold(), c.verdict(), c.change());
  }

  private static ObjectNode latency(LatencyChange c) {
    ObjectNode node = Json.object();
    node.put("workload", c.workload());
    node.put("store", c.store());
    node.put("op", c.op());
    node.put("latency_kind", c.latencyKind());
    node.put("threads", c.step().threads());
    node.put("target_ops", c.step().targetOps());
    node.put("percentile", c.percentile().label());
    node.put("metric", NoisePolicy.latencyMetric(c.op(), c.latencyKind(), c.percentile()));
    node.put("base_us", c.base());
    node.put("new_us", c.current());
    return threshold(node, c.threshold(), c.verdict(), c.change());
  }

  private static ObjectNode errors(ErrorChange c) {
    ObjectNode node = Json.object();
    node.put("workload", c.workload());
    node.put("store", c.store());
    node.put("op", c.op());
    node.put("threads", c.step().threads());
    node.put("target_ops", c.step().targetOps());
    node.put("base_rate", c.baseRate());
    node.put("new_rate", c.newRate());
    node.put("new_errors", c.newErrors());
    node.put("slack", ResultsComparer.ERROR_RATE_SLACK);
    node.put("verdict", c.verdict().label());
    return node;
  }

  private static ObjectNode verification(VerificationCheck v) {
    ObjectNode node = Json.object();
    node.put("workload", v.workload());
    node.put("store", v.store());
    node.put("status", v.status());
    if (v.result() != null) {
      node.put("queries", v.result().queries());
      node.put("identical", v.result().identical());
      node.put("differing", v.result().differing());
    }
    return node;
  }
}
