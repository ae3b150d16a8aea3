package io.github.ycsbdocsearch.sweep.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog.Outcome;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The drill's expected loss: what the killed primary alone held, against what was found lost. */
class LossDrillTest {

  private static WriteCheck.Write acked(String key, long answeredMs) {
    return new WriteCheck.Write(
        "INSERT", key, Map.of("f", 1L), answeredMs - 1, answeredMs, Outcome.ACKED);
  }

  @Test
  void onlyWritesAnsweredWhileTheReplicasWerePausedToTheKilledPrimaryAreExpectedLost() {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("port", 7001).put("cut_at_ms", 1000).put("exited_at_ms", 3000);
    WriteCheck.Write before = acked("a", 900); // sent before the links were cut: replicated
    WriteCheck.Write alone = acked("a", 2000); // the killed primary alone held it
    WriteCheck.Write elsewhere = acked("b", 2000); // another primary's key
    WriteCheck.Write after =
        acked("a", 3500); // answered after it exited: by the one that took over
    Map<WriteCheck.Write, WriteCheck.Kind> kinds = new IdentityHashMap<>();
    kinds.put(before, WriteCheck.Kind.OK);
    kinds.put(alone, WriteCheck.Kind.LOST);
    kinds.put(elsewhere, WriteCheck.Kind.OK);
    kinds.put(after, WriteCheck.Kind.OK);
    Map<String, Set<Integer>> primaries = Map.of("a", Set.of(7001), "b", Set.of(7002));
    JsonNode e = LossDrill.expected(result(kinds), primaries, node);
    assertEquals(1, e.get("only_killed_primary").asLong());
    assertEquals(1, e.get("lost").asLong());
    assertEquals(0, e.get("lost_outside").asLong());
    assertTrue(e.get("lost_lead_ms").isNull(), "nothing lost was answered before the cut");

    // A checker that calls another primary's write lost is caught.
    kinds.put(elsewhere, WriteCheck.Kind.LOST);
    assertEquals(
        1, LossDrill.expected(result(kinds), primaries, node).get("lost_outside").asLong());
  }

  @Test
  void aWriteAnsweredWhileTheLinksWereBeingCutCountsNeitherWay() {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("port", 7001).put("cut_from_ms", 1000).put("cut_at_ms", 1100);
    node.put("exited_at_ms", 3000);
    long bandStart = 1000 - LossDrill.SEND_LAG_MS;
    WriteCheck.Write justBefore = acked("a", bandStart + 1); // may not have been sent yet
    WriteCheck.Write during = acked("a", 1050); // acknowledged while the links were being cut
    WriteCheck.Write earlier = acked("a", bandStart); // sent long before: replicated
    Map<WriteCheck.Write, WriteCheck.Kind> kinds = new IdentityHashMap<>();
    kinds.put(justBefore, WriteCheck.Kind.LOST);
    kinds.put(during, WriteCheck.Kind.OK);
    kinds.put(earlier, WriteCheck.Kind.OK);
    Map<String, Set<Integer>> primaries = Map.of("a", Set.of(7001));
    JsonNode e = LossDrill.expected(result(kinds), primaries, node);
    assertEquals(0, e.get("only_killed_primary").asLong());
    assertEquals(2, e.get("in_flight").asLong());
    assertEquals(1, e.get("lost_in_flight").asLong());
    assertEquals(0, e.get("lost_outside").asLong());
    assertEquals(LossDrill.SEND_LAG_MS - 1, e.get("lost_lead_ms").asLong(), "the send lag seen");

    // Lost before the band: invented.
    kinds.put(earlier, WriteCheck.Kind.LOST);
    e = LossDrill.expected(result(kinds), primaries, node);
    assertEquals(1, e.get("lost_outside").asLong());
    assertEquals(LossDrill.SEND_LAG_MS, e.get("lost_lead_ms").asLong());
  }

  private static WriteCheck.Result result(Map<WriteCheck.Write, WriteCheck.Kind> kinds) {
    return new WriteCheck.Result(Map.of(), WriteCheck.ZERO, List.of(), null, kinds, List.of());
  }
}
