package io.github.ycsbdocsearch.sweep.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.common.HostsFile;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.resultsformat.FaultSummary;
import io.github.ycsbdocsearch.resultsformat.Json;
import io.github.ycsbdocsearch.sweep.exec.Interrupts;
import io.github.ycsbdocsearch.sweep.targets.LocalStores;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The durability check's proof of power on the real local cluster ({@code
 * scripts/tests/test_known_loss.sh}): the acked-writes stream ({@link AckedWrites}) writes while
 * {@code scripts/stores.sh fault kill-unreplicated} pauses a primary's replicas, kills the primary
 * and lets a replica take over, then {@code stores.sh recover} makes the store whole and every
 * acknowledged key is read back. Under asynchronous replication (the relaxed profile) the writes
 * acknowledged during the pause are gone, so a checker that reports none lost is blind; under the
 * strict profile none may be lost.
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
  private static final int WRITERS = 4;

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
    AckedWrites writes = new AckedWrites(kind, props, "drill" + startMs, perSecond, WRITERS);
    writes.start();
    JsonNode node;
    JsonNode back;
    try {
      sleepS(WRITE_AROUND_S);
      // A cluster just started may still be syncing its replicas, and under the strict profile no
      // write is acknowledged until they are: the fault waits for writes the store has taken.
      long deadline = System.currentTimeMillis() + TimeUnit.SECONDS.toMillis(ACKED_FIRST_TIMEOUT_S);
      while (writes.acked() < perSecond && System.currentTimeMillis() < deadline) {
        sleepMs(100);
      }
      node = stores.fault("kill-unreplicated", kind);
      sleepS(WRITE_AROUND_S);
    } finally {
      writes.stop();
      back = stores.recover(kind);
    }
    long endMs = System.currentTimeMillis();
    AckedWrites.Outcome o = writes.readBack(node.path("killed_at_ms").asLong(0), startMs, endMs);
    FaultSummary.AckedWrites acked = FaultInjector.record(o);
    ObjectNode out = Json.MAPPER.createObjectNode();
    out.put("store", kind.storeName());
    out.put("profile", profile);
    out.set("node", node);
    out.set("recover", back);
    out.set("acked_writes", Json.MAPPER.valueToTree(acked));
    try {
      return Json.MAPPER.writeValueAsString(out);
    } catch (JsonProcessingException e) {
      throw new SetupException("the result could not be written: " + e.getMessage(), e);
    }
  }

  private static void sleepS(long s) {
    sleepMs(TimeUnit.SECONDS.toMillis(s));
  }

  private static void sleepMs(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
