package io.github.ycsbdocsearch.sweep.phase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.workload.AckedWriteLog.Outcome;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/** The drill's expected loss: what the killed primary alone held, against what was found lost. */
class LossDrillTest {

  private static WriteCheck.Write acked(String key, long answeredMs) {
    return new WriteCheck.Write(
        "INSERT", key, Map.of("f", 1L), answeredMs - 1, answeredMs, Outcome.ACKED, 0);
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
    JsonNode e =
        Json.MAPPER.valueToTree(
            LossDrill.expected(result(kinds), primaries, List.of("a", "b"), node));
    assertEquals(1, e.get("only_killed_primary").asLong());
    assertEquals(2, e.get("hot_keys").asLong());
    assertEquals(1, e.get("hot_keys_on_killed_primary").asLong(), "a, not b");
    assertEquals(1, e.get("lost").asLong());
    assertEquals(0, e.get("lost_outside").asLong());
    assertTrue(e.get("lost_lead_ms").isNull(), "nothing lost was answered before the cut");

    // A checker that calls another primary's write lost is caught.
    kinds.put(elsewhere, WriteCheck.Kind.LOST);
    assertEquals(
        1,
        Json.MAPPER
            .valueToTree(LossDrill.expected(result(kinds), primaries, List.of(), node))
            .get("lost_outside")
            .asLong());
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
    JsonNode e =
        Json.MAPPER.valueToTree(LossDrill.expected(result(kinds), primaries, List.of(), node));
    assertEquals(0, e.get("only_killed_primary").asLong());
    assertEquals(2, e.get("in_flight").asLong());
    assertEquals(1, e.get("lost_in_flight").asLong());
    assertEquals(0, e.get("lost_outside").asLong());
    assertEquals(LossDrill.SEND_LAG_MS - 1, e.get("lost_lead_ms").asLong(), "the send lag seen");

    // Lost before the band: invented.
    kinds.put(earlier, WriteCheck.Kind.LOST);
    e = Json.MAPPER.valueToTree(LossDrill.expected(result(kinds), primaries, List.of(), node));
    assertEquals(1, e.get("lost_outside").asLong());
    assertEquals(LossDrill.SEND_LAG_MS, e.get("lost_lead_ms").asLong());
  }

  @Test
  void theTagChosenSpreadsTheHotKeysMostEvenlyOverThePrimaries() {
    Set<Integer> shard0 = Set.of(27018, 27019, 27020);
    Set<Integer> shard1 = Set.of(27021, 27022, 27023);
    Set<Integer> shard2 = Set.of(27024, 27025, 27026);
    Map<String, Set<Integer>> primaries = new HashMap<>();
    Map<String, List<String>> hotKeys = new LinkedHashMap<>();
    // "lopsided": none on shard 0, the one the fault would kill; "uneven": 1 / 1 / 4; "even" and
    // "alsoEven": 2 / 2 / 2, the first of them taken.
    tag(hotKeys, primaries, "lopsided", shard1, shard1, shard1, shard2, shard2, shard2);
    tag(hotKeys, primaries, "uneven", shard0, shard1, shard2, shard2, shard2, shard2);
    tag(hotKeys, primaries, "even", shard0, shard1, shard2, shard0, shard1, shard2);
    tag(hotKeys, primaries, "alsoEven", shard2, shard1, shard0, shard0, shard1, shard2);
    assertEquals("even", LossDrill.spreadTag(hotKeys, primaries));

    hotKeys.remove("even");
    hotKeys.remove("alsoEven");
    assertEquals("uneven", LossDrill.spreadTag(hotKeys, primaries));

    // No tag with a hot key on every primary: the drill cannot run, rather than prove nothing.
    hotKeys.remove("uneven");
    SetupException none =
        assertThrows(SetupException.class, () -> LossDrill.spreadTag(hotKeys, primaries));
    assertTrue(none.getMessage().contains("each of the 3 primaries"), none.getMessage());

    // A store that does not say where keys live (Elasticsearch) has no tag to choose.
    assertThrows(SetupException.class, () -> LossDrill.spreadTag(hotKeys, Map.of()));
  }

  /** Candidate {@code tag}, whose hot key i lives on {@code on[i]}. */
  @SafeVarargs
  private static void tag(
      Map<String, List<String>> hotKeys,
      Map<String, Set<Integer>> primaries,
      String tag,
      Set<Integer>... on) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < on.length; i++) {
      keys.add(tag + "-" + i);
      primaries.put(tag + "-" + i, on[i]);
    }
    hotKeys.put(tag, keys);
  }

  /**
   * The spread is of the keys the updates go to: the drill's writers, as many as it runs, update
   * every one of its hot keys.
   */
  @Test
  void everyHotKeyTakesUpdates() {
    Set<String> updated = ConcurrentHashMap.newKeySet();
    WriteCheckTest.FakeStore store =
        new WriteCheckTest.FakeStore() {
          @Override
          public Status update(String table, String key, Map<String, ByteIterator> values) {
            updated.add(key);
            return super.update(table, key, values);
          }
        };
    Properties props = new Properties();
    props.setProperty("recordcount", "100");
    AckedWrites w =
        new AckedWrites(
            props,
            "t",
            () -> store,
            () -> store,
            0,
            0,
            1000,
            LossDrill.WRITERS,
            LossDrill.HOT_KEYS);
    Set<String> hot =
        LongStream.range(0, LossDrill.HOT_KEYS).mapToObj(w::key).collect(Collectors.toSet());
    w.start();
    // Each writer has gone round its hot keys after 8 writes, at 250 a second: 10 s is ample.
    long deadline = System.currentTimeMillis() + 10_000;
    while (!updated.containsAll(hot) && System.currentTimeMillis() < deadline) {
      LockSupport.parkNanos(10_000_000L);
    }
    w.stop();
    assertEquals(hot, updated, "every hot key updated, and no other key");
  }

  private static WriteCheck.Result result(Map<WriteCheck.Write, WriteCheck.Kind> kinds) {
    return new WriteCheck.Result(Map.of(), WriteCheck.ZERO, List.of(), null, kinds, List.of());
  }
}
