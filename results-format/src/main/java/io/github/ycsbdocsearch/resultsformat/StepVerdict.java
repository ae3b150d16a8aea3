package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.summarizer.StepSummarizer;

/**
 * Whether a step's numbers may stand for the store, and if not why: the one rule, applied once when
 * the step's summary is made ({@link StepSummarizer}) and recorded in its {@code summary.json}
 * ({@code usable}, {@code unusable_reason}) and in each of its rows. Compare, the report, the
 * history and the scripts read the recorded fields; none of them applies this rule again. Files
 * written before the fields existed (step summaries of format 3 and older, run-level rows written
 * before them) get them from {@link #fillIn}, which {@code bin/docsearch migrate} ({@link
 * RunMigration}) calls, and nothing else. Immutable.
 *
 * @param usable the step ran to its end, the client did not limit it, and a fixed rate was
 *     sustained
 * @param unusableReason {@link #FAILED}, {@link #INTERRUPTED}, {@link #NO_STATUS}, {@link
 *     #CLIENT_BOUND} or {@link #NOT_SUSTAINED}; null when usable
 */
public record StepVerdict(boolean usable, String unusableReason) {

  /** The step failed (YCSB, a store, or the error bound). */
  public static final String FAILED = "step failed";

  /** The step was stopped before its end. */
  public static final String INTERRUPTED = "step interrupted";

  /** A row that does not say how its step ended (never written by this suite). */
  public static final String NO_STATUS = "step status unknown";

  /** The client, not the store, limited the step ({@code client_limit} says how). */
  public static final String CLIENT_BOUND = "client-bound";

  /** A fixed-rate step that did not achieve its rate. */
  public static final String NOT_SUSTAINED = "rate not sustained";

  /** {@code client_limit} of a client-bound step of a format-2 summary, which had only the flag. */
  static final String CLIENT_LIMIT_NOT_RECORDED =
      "client-bound (format-2 summary: no reason recorded)";

  private static final StepVerdict USABLE = new StepVerdict(true, null);

  /**
   * The rule. The first reason that applies wins: how the step ended, then the client, then the
   * rate.
   *
   * @param status how the step ended; null when unknown
   * @param clientBound the client limited the step ({@code client_limit} is set)
   * @param rateSustained fixed-rate steps: whether the rate was achieved; null in a closed loop
   */
  public static StepVerdict of(StepStatus status, boolean clientBound, Boolean rateSustained) {
    if (status == null) {
      return new StepVerdict(false, NO_STATUS);
    }
    if (status != StepStatus.COMPLETE) {
      return new StepVerdict(false, status == StepStatus.FAILED ? FAILED : INTERRUPTED);
    }
    if (clientBound) {
      return new StepVerdict(false, CLIENT_BOUND);
    }
    if (Boolean.FALSE.equals(rateSustained)) {
      return new StepVerdict(false, NOT_SUSTAINED);
    }
    return USABLE;
  }

  /**
   * The migration's upgrade of a step summary or a row written before the verdict was recorded:
   * fills in {@code usable} and {@code unusable_reason} from the node's {@code step_status}, {@code
   * client_bound} and {@code rate_sustained}; a step summary's rows get their step's verdict, and a
   * step summary of format 2 (which had no {@code client_limit}) a {@code client_limit} when it was
   * client-bound. A node that records its verdict is left as it is, whatever this rule would say of
   * it.
   *
   * @param stepSummary whether the node is a step's summary (else a row)
   */
  static void fillIn(ObjectNode node, boolean stepSummary) {
    boolean clientBound = node.path("client_bound").asBoolean(false);
    if (stepSummary && !node.has("client_limit")) {
      node.put("client_limit", clientBound ? CLIENT_LIMIT_NOT_RECORDED : null);
    }
    if (!node.has("usable")) {
      StepVerdict v = ofNode(node, clientBound);
      if (v == null) {
        return; // not a status: the mapper rejects the file, naming the field
      }
      node.put("usable", v.usable());
      node.put("unusable_reason", v.unusableReason());
    }
    if (stepSummary && node.get("rows") instanceof ArrayNode rows) {
      for (JsonNode r : rows) {
        if (r instanceof ObjectNode row && !row.has("usable")) {
          row.set("usable", node.get("usable"));
          row.set("unusable_reason", node.get("unusable_reason"));
        }
      }
    }
  }

  /** The rule over a node's fields; null when its status is not one. */
  private static StepVerdict ofNode(ObjectNode node, boolean clientBound) {
    JsonNode status = node.get("step_status");
    JsonNode sustained = node.get("rate_sustained");
    StepStatus ended;
    try {
      ended = status == null || status.isNull() ? null : StepStatus.fromJson(status.asText());
    } catch (IllegalArgumentException e) {
      return null;
    }
    return of(
        ended, clientBound, sustained == null || sustained.isNull() ? null : sustained.asBoolean());
  }
}
