package io.github.ycsbdocsearch.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.List;
import java.util.OptionalLong;

/**
 * Formats {@code summary.json}: the rows of summary.csv (same names, numbers as JSON numbers, absent values as
 * null, plus the step folder and status) and each store's saturation.json and verification.json as found. JSON
 * numbers do not depend on the locale. Stateless, thread-safe.
 */
final class SummaryJson {

  static final String FILE_NAME = "summary.json";
  static final int FORMAT = 1;

  private SummaryJson() {
  }

  static String format(RunFolder run, List<SummaryRow> rows) throws JsonProcessingException {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode root = f.objectNode();
    root.put("format", FORMAT);
    root.set("run_id", run.manifest().get("run_id"));
    ArrayNode array = root.putArray("rows");
    for (SummaryRow r : rows) {
      array.add(row(f, r));
    }
    ObjectNode stores = root.putObject("stores");
    for (StoreRun s : run.stores()) {
      ObjectNode store = stores.putObject(s.name());
      store.set("saturation", s.saturation() == null ? f.nullNode() : s.saturation());
      store.set("verification", s.verification() == null ? f.nullNode() : s.verification());
    }
    return Json.MAPPER.writeValueAsString(root) + "\n";
  }

  private static ObjectNode row(JsonNodeFactory f, SummaryRow r) {
    StepInfo s = r.info();
    OperationSummary o = r.operation();
    ObjectNode n = f.objectNode();
    n.put("store", s.store());
    n.put("workload", s.workload());
    n.put("threads", s.threads());
    n.put("target_ops", s.targetOps());
    n.put("throughput_ops", Numbers.rounded(r.step().throughputOps(), Numbers.RATE_DECIMALS));
    n.put("op", o.op());
    n.put("count", o.count());
    n.put("errors", o.errors());
    for (Percentile p : Percentile.values()) {
      putOptional(n, p.column(), r.percentile(p));
    }
    putOptional(n, "max_us", r.maxUs());
    n.put("latency_kind", o.kind().label());
    n.put("step", s.index());
    putOptional(n, "min_us", r.minUs());
    if (o.latency().isPresent()) {
      n.put("mean_us", Numbers.rounded(o.latency().get().meanUs(), Numbers.RATE_DECIMALS));
      n.put("stddev_us", Numbers.rounded(o.latency().get().stddevUs(), Numbers.RATE_DECIMALS));
    } else {
      n.putNull("mean_us");
      n.putNull("stddev_us");
    }
    n.put("duration_s", Numbers.rounded(r.step().measuredSeconds(), Numbers.SECONDS_DECIMALS));
    n.put("step_dir", r.step().stepName());
    n.put("status", s.status());
    return n;
  }

  private static void putOptional(ObjectNode n, String field, OptionalLong v) {
    if (v.isPresent()) {
      n.put(field, v.getAsLong());
    } else {
      n.putNull(field);
    }
  }
}
