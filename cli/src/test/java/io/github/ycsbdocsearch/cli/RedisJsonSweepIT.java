package io.github.ycsbdocsearch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbdocsearch.resultsformat.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real CLI against the real local RedisJSON + RediSearch (started by {@code scripts/stores.sh
 * start}): a search workload with a couple of short steps through {@code --hosts}, so a running
 * store is used and never stopped. A private table keeps other tests' data apart.
 */
class RedisJsonSweepIT {
  private static final Duration LIMIT = Duration.ofMinutes(5);
  private static JsonNode connection;

  @TempDir Path out;

  @BeforeAll
  static void findTheLocalStore() throws IOException {
    String home =
        System.getenv().getOrDefault("STORES_HOME", CliRun.REPO.resolve(".stores").toString());
    Path hosts = Path.of(home, "hosts-single.json");
    if (!Files.isRegularFile(hosts)
        || !Json.MAPPER.readTree(hosts.toFile()).path("stores").has("redisjson")) {
      throw new AssertionError(
          "no running redisjson in "
              + hosts
              + ": start it with scripts/stores.sh start "
              + "redisjson");
    }
    connection = Json.MAPPER.readTree(hosts.toFile()).at("/stores/redisjson");
  }

  private Path hostsFile(JsonNode redis) throws IOException {
    ObjectNode root = Json.MAPPER.createObjectNode().put("topology", "single");
    root.putObject("stores").set("redisjson", redis);
    Path f = out.resolve("hosts.json");
    Files.writeString(f, Json.MAPPER.writeValueAsString(root));
    return f;
  }

  private static JsonNode json(Path f) throws IOException {
    return Json.MAPPER.readTree(f.toFile());
  }

  @Test
  void aSearchWorkloadSweepsLoadsVerifiesAndMeasures() throws Exception {
    CliRun run =
        CliRun.start(
            out.resolve("logs"),
            Map.of(),
            "search-mix-50-20-30",
            "--stores",
            "redisjson",
            "--hosts",
            hostsFile(connection).toString(),
            "--threads",
            "1,2",
            "--step-seconds",
            "3",
            "--warmup-seconds",
            "1",
            "--records",
            "500",
            "--load-fractions",
            "none",
            "--floor-seconds",
            "0",
            "--out",
            out.resolve("results").toString(),
            "-p",
            "table=sweepit");
    assertEquals(0, run.await(LIMIT), run::stderr);
    Path dir = run.runDir();
    JsonNode m = json(dir.resolve("manifest.json"));
    assertEquals("complete", m.get("status").asText());
    assertEquals("remote", m.at("/hosts/mode").asText());
    assertFalse(
        m.at("/stores/redisjson/describe").isMissingNode(), "store version and settings recorded");
    assertFalse(m.at("/cpu_pinning/enabled").asBoolean(), "nothing to separate with a hosts file");
    assertEquals("complete", json(dir.resolve("redisjson/load/step.json")).get("status").asText());
    JsonNode v = json(dir.resolve("redisjson/verification.json"));
    assertTrue(v.get("queries").asInt() > 0, v.toString());
    assertEquals(v.get("queries").asInt(), v.get("identical").asInt(), v.toString());
    for (String step : List.of("01-t1", "02-t2")) {
      Path s = dir.resolve("redisjson/steps").resolve(step);
      assertEquals("complete", json(s.resolve("step.json")).get("status").asText(), step);
      assertEquals(
          "store-reported",
          json(s.resolve("step.json")).get("server_cpu_source").asText(),
          "a remote store's CPU comes from the store (Redis INFO cpu)");
      assertTrue(json(s.resolve("step.json")).get("server_cpu_cores").asDouble() > 0, step);
      assertTrue(Files.size(s.resolve("hdr/SEARCH.hdr")) > 0, step);
      assertTrue(Files.size(s.resolve("hdr/READ.hdr")) > 0, step);
    }
    JsonNode sat = json(dir.resolve("redisjson/capacity.json"));
    assertTrue(sat.get("throughput_ops").asDouble() > 0, sat.toString());
    String csv = Files.readString(dir.resolve("summary.csv"));
    assertTrue(
        csv.lines()
            .anyMatch(
                l -> l.startsWith("redisjson,search-mix-50-20-30,1,0,") && l.contains(",SEARCH,")),
        csv);
  }

  @Test
  void anUnreachableStoreIsOneLineBeforeAnythingStarts() throws Exception {
    ObjectNode wrong = connection.deepCopy();
    wrong.put("redis.host", "127.0.0.1");
    wrong.put("redis.port", "1");
    CliRun run =
        CliRun.start(
            out.resolve("logs"),
            Map.of(),
            "workloada",
            "--stores",
            "redisjson",
            "--hosts",
            hostsFile(wrong).toString(),
            "--out",
            out.resolve("results").toString());
    assertEquals(2, run.await(LIMIT));
    assertEquals(1, run.stderr().lines().count(), run.stderr());
    assertTrue(run.stderr().contains("127.0.0.1:1"), run.stderr());
    assertFalse(Files.exists(out.resolve("results")));
  }
}
