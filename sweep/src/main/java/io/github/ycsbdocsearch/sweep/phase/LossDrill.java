package io.github.ycsbdocsearch.sweep.phase;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.StoreProbe;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.sweep.exec.Interrupts;
import io.github.ycsbdocsearch.sweep.targets.LocalStores;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * The durability check's proof of power on the real local cluster ({@code
 * scripts/tests/test_known_loss.sh}): the acked-writes stream ({@link AckedWrites}) writes while
 * {@code scripts/stores.sh fault kill-unreplicated} pauses a primary's replicas, kills the primary
 * and lets a replica take over, then {@code stores.sh recover} makes the store whole and every
 * acknowledged key is read back. Under asynchronous replication (the relaxed profile) the writes
 * acknowledged during the pause are gone, so a checker that reports none lost is blind; under the
 * strict profile none may be lost. The keys' tag is chosen so that every primary holds its share of
 * the hot keys the updates go to, the killed one too.
 *
 * <p>Use like: {@code LossDrill STORE [PER_SECOND]} on the runtime classpath, with {@code
 * -Dsweep.repo=<repo>} and the store running on the cluster topology under {@code STORES_HOME}.
 * Prints one JSON line (store, profile, node, recover, acked_writes as fault.json has it); exit 1
 * with one line when the drill could not run, 2 on bad arguments.
 */
public final class LossDrill {
  /** Seconds of writes before the fault, and after the takeover before the restart. */
  private static final long WRITE_AROUND_S = 2;

  /**
   * Writer threads: each store has three primaries, and a writer blocked on the paused one (the
   * strict profile waits for its replica) must not stop the writes to the others.
   */
  static final int WRITERS = 4;

  /**
   * Keys the drill's updates go to, few enough that each is updated many times a second. An odd
   * multiple of {@link #WRITERS}: a writer updates its own hot keys in turn on every other write
   * ({@link AckedWrites}), which reaches all of them only then (16 = 4 × 4 left half unchanged).
   */
  static final int HOT_KEYS = 3 * WRITERS;

  /**
   * Tags the drill tries for its keys, to find one whose hot keys are spread evenly over the
   * primaries ({@link #spreadTag}). 12 keys hashed at random land 4 / 4 / 4 on three primaries for
   * one tag in 15 and leave a primary without any for one in 43: of 64 tags one is 4 / 4 / 4 in all
   * but one drill of 75 (3 / 4 / 5 then), and the 64 cost one routing question.
   */
  private static final int CANDIDATE_TAGS = 64;

  /**
   * Seconds of writes whose keys' primaries are asked before the fault: far more than the drill
   * writes (a key past them counts as held elsewhere, so the drill would fail, not pass).
   */
  private static final int ROUTED_SECONDS = 300;

  /** How long the drill waits for a second's worth of acknowledged writes before the fault. */
  private static final long ACKED_FIRST_TIMEOUT_S = 60;

  private LossDrill() {}

  public static void main(String[] args) {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: LossDrill STORE [PER_SECOND]");
      System.exit(2);
    }
    try {
      StoreKind kind = StoreKind.byName(args[0]);
      int perSecond = args.length == 2 ? Integer.parseInt(args[1]) : 100;
      if (perSecond < 1 || perSecond > 1000) {
        throw new NumberFormatException("PER_SECOND '" + args[1] + "': give 1 to 1000");
      }
      System.out.println(run(kind, perSecond));
    } catch (SetupException | NumberFormatException e) {
      System.err.println("LossDrill: " + e.getMessage());
      System.exit(e instanceof NumberFormatException ? 2 : 1);
    }
  }

  private static String run(StoreKind kind, int perSecond) {
    Path repo = Path.of(System.getProperty("sweep.repo", ".")).toAbsolutePath();
    Path home = LocalStores.storesHome(repo, System.getenv());
    LocalStores stores =
        new LocalStores(repo, home, new Interrupts(), System.err::println, "cluster", "", 1024);
    Properties props = HostsFile.read(home.resolve("hosts-cluster.json")).propertiesOf(kind);
    props.putIfAbsent("recordcount", "100");
    props.putIfAbsent("table", "lossdrill");
    // A write blocked on the dead primary's slots waits out the socket timeout (jedis retries it
    // until then): 2 s instead of 10 keeps the drill short; the writes it sends are the same.
    props.putIfAbsent("redis.timeout.ms", "2000");
    String profile =
        stores
            .launchSettings(kind)
            .map(s -> s.path("durability").path("profile").asText("unknown"))
            .orElse("unknown");
    long startMs = System.currentTimeMillis();
    StoreProbe probe = kind.newProbe();
    String table = props.getProperty("table");
    // Where each key lives is asked before the fault moves anything: first the candidate tags' hot
    // keys, so that whichever primary the fault kills holds its share of the updated keys.
    Map<String, List<String>> hotKeys = new LinkedHashMap<>();
    for (int c = 0; c < CANDIDATE_TAGS; c++) {
      String candidate = "drill" + startMs + "." + c;
      AckedWrites keys = new AckedWrites(kind, props, candidate, perSecond, WRITERS, HOT_KEYS);
      hotKeys.put(candidate, LongStream.range(0, HOT_KEYS).mapToObj(keys::key).toList());
    }
    String tag =
        spreadTag(
            hotKeys,
            probe.primaryPorts(
                props, table, hotKeys.values().stream().flatMap(List::stream).toList()));
    AckedWrites writes = new AckedWrites(kind, props, tag, perSecond, WRITERS, HOT_KEYS);
    Map<String, Set<Integer>> primaries =
        probe.primaryPorts(
            props,
            table,
            LongStream.range(0, (long) perSecond * ROUTED_SECONDS).mapToObj(writes::key).toList());
    writes.start();
    JsonNode node;
    JsonNode back;
    try {
      sleepMs(TimeUnit.SECONDS.toMillis(WRITE_AROUND_S));
      // A cluster just started may still be syncing its replicas, and under the strict profile no
      // write is acknowledged until they are: the fault waits for writes the store has taken.
      long deadline = System.currentTimeMillis() + TimeUnit.SECONDS.toMillis(ACKED_FIRST_TIMEOUT_S);
      while (writes.acked() < perSecond && System.currentTimeMillis() < deadline) {
        sleepMs(100);
      }
      node = stores.fault("kill-unreplicated", kind);
      sleepMs(TimeUnit.SECONDS.toMillis(WRITE_AROUND_S));
    } finally {
      writes.stop();
      back = stores.recover(kind);
    }
    long endMs = System.currentTimeMillis();
    AckedWrites.Outcome o =
        writes.readBack(node.path("killed_at_ms").asLong(0), startMs, endMs, LoadLogs.NONE);
    Expected expected = expected(o.check(), primaries, hotKeys.get(tag), node);
    try {
      return Json.MAPPER.writeValueAsString(
          new Line(kind.storeName(), profile, node, back, o.record(), expected));
    } catch (JsonProcessingException e) {
      throw new SetupException("the result could not be written: " + e.getMessage(), e);
    }
  }

  /**
   * How long before the cut began a write the primary acknowledged may still not have been sent to
   * its replicas. Redis sends a write to its replicas in the event-loop turn that answers it;
   * MongoDB's w:1 answers once the write is committed, and a secondary's oplog read sees it only
   * once the oplog's visible point has moved past it, a few milliseconds later on an idle machine
   * and more on a loaded two-core one (the CI saw one such write lost). A fixed slack: with one
   * busy loop pinned to each of two cores (MongoDB relaxed, three runs, 2026-12-06) the earliest
   * lost write was answered 20-42 ms after the cut began ({@code lost_lead_ms} -20, -42, -37), so
   * none needed it; every run prints that lead, which shows when a slower machine comes near it.
   */
  static final long SEND_LAG_MS = 250;

  /**
   * What the killed primary alone held, against what the checker found lost: the acknowledged
   * writes answered after its replicas were paused and their links cut ({@code cut_at_ms}) and
   * before it had exited, to a key it served ({@code only_killed_primary}); the writes classed lost
   * or stale ({@code lost}); those to its keys answered from {@link #SEND_LAG_MS} before the cut
   * began ({@code cut_from_ms}) until it was done, which may have reached a replica or not ({@code
   * in_flight}, and {@code lost_in_flight} of them lost); and how many lost ones are neither
   * ({@code lost_outside}: a checker that invents a loss); and the measured send lag, how long
   * before the cut began the earliest lost write to its keys was answered ({@code lost_lead_ms},
   * null when none was answered before the cut), which {@link #SEND_LAG_MS} must cover; and how
   * many of the hot keys it served ({@code hot_keys_on_killed_primary}, of {@code hot_keys}): the
   * updates it alone held went to those.
   */
  record Expected(
      long onlyKilledPrimary,
      long lost,
      long inFlight,
      long lostInFlight,
      long lostOutside,
      Long lostLeadMs,
      int hotKeys,
      long hotKeysOnKilledPrimary) {}

  /** The line the drill prints, in this order. */
  private record Line(
      String store,
      String profile,
      JsonNode node,
      JsonNode recover,
      FaultSummary.AckedWrites ackedWrites,
      Expected expected) {}

  static Expected expected(
      WriteCheck.Result check,
      Map<String, Set<Integer>> primaries,
      List<String> hotKeys,
      JsonNode node) {
    long cutAt = node.path("cut_at_ms").asLong(Long.MAX_VALUE);
    long cutFrom = node.path("cut_from_ms").asLong(cutAt);
    long exitedAt = node.path("exited_at_ms").asLong(0);
    int port = node.path("port").asInt(-1);
    long only = 0;
    long lost = 0;
    long inFlight = 0;
    long lostInFlight = 0;
    long outside = 0;
    Long lead = null;
    for (Map.Entry<WriteCheck.Write, WriteCheck.Kind> e : check.kinds().entrySet()) {
      WriteCheck.Write w = e.getKey();
      boolean served = w.acked() && primaries.getOrDefault(w.key(), Set.of()).contains(port);
      boolean alone = served && w.answeredMs() > cutAt && w.answeredMs() <= exitedAt;
      boolean either = served && w.answeredMs() > cutFrom - SEND_LAG_MS && w.answeredMs() <= cutAt;
      boolean gone = e.getValue() == WriteCheck.Kind.LOST || e.getValue() == WriteCheck.Kind.STALE;
      only += alone ? 1 : 0;
      lost += gone ? 1 : 0;
      inFlight += either ? 1 : 0;
      lostInFlight += gone && either ? 1 : 0;
      outside += gone && !alone && !either ? 1 : 0;
      if (gone && served && w.answeredMs() <= cutAt) {
        lead = Math.max(lead == null ? Long.MIN_VALUE : lead, cutFrom - w.answeredMs());
      }
    }
    return new Expected(
        only,
        lost,
        inFlight,
        lostInFlight,
        outside,
        lead,
        hotKeys.size(),
        hotKeys.stream().filter(k -> primaries.getOrDefault(k, Set.of()).contains(port)).count());
  }

  /**
   * The tag whose hot keys are spread most evenly over the primaries: the most hot keys on the
   * primary holding fewest (the first such tag). The fault kills one primary, and only the updates
   * to its hot keys can be lost: with its share of them, the update drill does not depend on where
   * one tag's keys happen to hash.
   *
   * @param hotKeys each candidate tag's hot keys, in the order they are tried
   * @param primaries the ports that may hold each key's primary copy ({@link
   *     StoreProbe#primaryPorts}), a primary being one such set
   * @throws SetupException when no tag puts a hot key on every primary, or keys' places are unknown
   */
  static String spreadTag(Map<String, List<String>> hotKeys, Map<String, Set<Integer>> primaries) {
    Set<Set<Integer>> all = Set.copyOf(primaries.values());
    String best = null;
    long bestFewest = 0;
    for (Map.Entry<String, List<String>> tag : hotKeys.entrySet()) {
      Map<Set<Integer>, Long> held =
          tag.getValue().stream()
              .filter(primaries::containsKey)
              .collect(Collectors.groupingBy(primaries::get, Collectors.counting()));
      long fewest = all.stream().mapToLong(p -> held.getOrDefault(p, 0L)).min().orElse(0);
      if (fewest > bestFewest) {
        best = tag.getKey();
        bestFewest = fewest;
      }
    }
    if (best == null) {
      throw new SetupException(
          "no tag of %s puts a hot key on each of the %s primaries: the update drill could not lose one"
              .formatted(hotKeys.size(), all.size()));
    }
    return best;
  }

  private static void sleepMs(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
