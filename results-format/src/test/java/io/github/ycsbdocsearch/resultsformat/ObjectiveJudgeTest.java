package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The objective's per-operation exceedance decisions, the variance inflation, pooling and the
 * too-few rule.
 */
class ObjectiveJudgeTest {

  private static ObjectiveVerdict judge(Map<String, ObjectiveJudge.Counts> c, long unsent) {
    return ObjectiveJudge.judge(Objective.parse("p99<=10ms"), c, unsent);
  }

  @Test
  void everyOperationMustPassAndTheFailingOneIsNamed() {
    Map<String, ObjectiveJudge.Counts> c = new LinkedHashMap<>();
    c.put("READ", new ObjectiveJudge.Counts(10_000, 20, 0, 1, -1, 1, null));
    c.put("UPDATE", new ObjectiveJudge.Counts(10_000, 400, 3, 1, -1, 1, null));
    ObjectiveVerdict o = judge(c, 0);
    assertEquals(ObjectiveVerdict.Decision.FAIL, o.decision());
    assertEquals(ObjectiveVerdict.Decision.PASS, o.operations().get(0).decision());
    assertTrue(o.reason().contains("UPDATE (400 of 10000 over"), o.reason());
  }

  @Test
  void anOperationWithTooFewSamplesIsNamed() {
    Map<String, ObjectiveJudge.Counts> c = new LinkedHashMap<>();
    c.put("READ", new ObjectiveJudge.Counts(50_000, 0, 0, 1, -1, 1, null));
    c.put("SEARCH", new ObjectiveJudge.Counts(120, 0, 0, 1, -1, 1, null));
    ObjectiveVerdict o = judge(c, 0);
    assertEquals(ObjectiveVerdict.Decision.INCONCLUSIVE, o.decision());
    assertTrue(
        o.reason().contains("too few samples: SEARCH (120 requests, a pass needs 239)"),
        o.reason());
  }

  @Test
  void unsentRequestsCountOverTheBoundForEveryOperation() {
    Map<String, ObjectiveJudge.Counts> c = new LinkedHashMap<>();
    c.put("READ", new ObjectiveJudge.Counts(10_000, 0, 0, 1, -1, 1, null));
    ObjectiveVerdict o = judge(c, 500);
    assertEquals(10_500, o.operations().get(0).requests());
    assertEquals(500, o.operations().get(0).over());
    assertEquals(ObjectiveVerdict.Decision.FAIL, o.decision());
  }

  @Test
  void burstyExceedancesInflateTheVarianceAndWeakenTheDecision() {
    // 15 seconds of 1,000 requests; 0.8 % over in all: spread evenly, or all in three bad seconds.
    long[] n = new long[15];
    long[] even = new long[15];
    long[] bursty = new long[15];
    for (int i = 0; i < 15; i++) {
      n[i] = 1000;
      even[i] = 8;
      bursty[i] = i < 3 ? 40 : 0;
    }
    ObjectiveJudge.Counts e = ObjectiveJudge.Counts.of(n, even, 0);
    ObjectiveJudge.Counts b = ObjectiveJudge.Counts.of(n, bursty, 0);
    assertEquals(1.0, e.dispersion(), 1e-9, "even: no inflation");
    assertTrue(b.dispersion() > 10, "bursts: " + b.dispersion());
    ObjectiveVerdict evenJudged = judge(Map.of("READ", e), 0);
    ObjectiveVerdict burstyJudged = judge(Map.of("READ", b), 0);
    assertEquals(ObjectiveVerdict.Decision.PASS, evenJudged.decision());
    assertEquals(
        ObjectiveVerdict.Decision.INCONCLUSIVE,
        burstyJudged.decision(),
        "the effective sample is too small");
  }

  @Test
  void theDecisionFromTheSendUsesTheSameRequestsAndDispersion() {
    // 2 % over the bound from the schedule, 0.2 % from the send: the client's late sends decided.
    long[] n = new long[15];
    long[] k = new long[15];
    for (int i = 0; i < 15; i++) {
      n[i] = 1000;
      k[i] = 20;
    }
    ObjectiveJudge.Counts c = ObjectiveJudge.Counts.of(n, k, 0);
    ObjectiveJudge.Counts withSend =
        new ObjectiveJudge.Counts(c.requests(), c.over(), 0, c.dispersion(), 30, 1, c.perSecond());
    ObjectiveVerdict o = judge(Map.of("READ", withSend), 0);
    assertEquals(ObjectiveVerdict.Decision.FAIL, o.decision());
    assertEquals(ObjectiveVerdict.Decision.PASS, o.decisionFromSend());
    assertEquals(30L, o.operations().get(0).overFromSend());
    assertArrayEquals(k, o.operations().get(0).perSecond().over());
    ObjectiveVerdict unknown =
        judge(Map.of("READ", new ObjectiveJudge.Counts(10_000, 0, 0, 1, -1, 1, null)), 0);
    assertNull(unknown.decisionFromSend(), "no service-time counts: not known");
  }

  @Test
  void theDecisionFromTheSendIsOfTheRequestsSent() {
    // 500 requests never sent: over the bound on intended latency, but they have no latency from a
    // send; the 10,000 sent were all fast. Whose the unsent were, the pool decides.
    ObjectiveVerdict o =
        judge(Map.of("READ", new ObjectiveJudge.Counts(10_000, 0, 0, 1, 0, 1, null)), 500);
    assertEquals(ObjectiveVerdict.Decision.FAIL, o.decision());
    assertEquals(0L, o.operations().get(0).overFromSend());
    assertEquals(ObjectiveVerdict.Decision.PASS, o.decisionFromSend());
  }

  @Test
  void theDecisionFromTheSendHasItsOwnDispersion() {
    // The same 120 over the bound of 15,000 sent: spread evenly it passes; in two seconds (a burst
    // of their own) the effective sample is too small to tell.
    ObjectiveVerdict even =
        judge(Map.of("READ", new ObjectiveJudge.Counts(15_000, 400, 0, 9, 120, 1, null)), 0);
    ObjectiveVerdict bursty =
        judge(Map.of("READ", new ObjectiveJudge.Counts(15_000, 400, 0, 9, 120, 60, null)), 0);
    assertEquals(ObjectiveVerdict.Decision.PASS, even.decisionFromSend());
    assertEquals(ObjectiveVerdict.Decision.INCONCLUSIVE, bursty.decisionFromSend());
  }
}
