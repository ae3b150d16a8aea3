package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * {@link StoreConditions} on a real manifest: {@code manifests/local-cluster-search-mix.json} was written by
 * {@code ./run-sweep.sh search-mix-60-30-10 --topology cluster --threads 1,2,4 --step-seconds 5 --records 5000
 * --load-fractions 0.5 --floor-seconds 0} against the three local stores.
 */
class StoreConditionsTest {

  static JsonNode realManifest() throws IOException {
    try (InputStream in = StoreConditionsTest.class.getResourceAsStream("/manifests/local-cluster-search-mix.json")) {
      return Json.MAPPER.readTree(in);
    }
  }

  @Test
  void everyStoreShowsItsServerVersionProfileMemoryAndDataSet() throws IOException {
    JsonNode m = realManifest();
    StoreConditions mongo = StoreConditions.of(m, "mongodb");
    assertEquals("6.0.5", mongo.version());
    assertEquals("cluster", mongo.topology());
    assertEquals("relaxed", mongo.profile());
    assertEquals(1024L, mongo.budgetMbPerServer());
    assertEquals(341L, mongo.perProcessMb(), "three shard members per server share the budget");
    assertEquals(3L, mongo.copies());
    assertEquals(Boolean.TRUE, mongo.dataFitsBudget());
    assertTrue(mongo.dataBytes() > 1_000_000, mongo.toString());
    assertTrue(mongo.readsFrom().contains("primary"), mongo.readsFrom());
    assertTrue(mongo.mayLose().contains("0.5 s"), mongo.mayLose());
    assertEquals("7.4.1", StoreConditions.of(m, "redisjson").version());
    assertEquals("8.19.21", StoreConditions.of(m, "elasticsearch").version());
    assertEquals(512L, StoreConditions.of(m, "redisjson").perProcessMb(), "a master and a replica per server");
  }

  @Test
  void aStoreTheManifestDoesNotDescribeHasOnlyTheRunsConditions() throws IOException {
    StoreConditions none = StoreConditions.of(realManifest(), "basicdb");
    assertNull(none.version());
    assertNull(none.dataBytes());
    assertNull(none.dataFitsBudget());
    assertEquals("cluster", none.topology(), "the run's topology still applies");
    assertEquals(1024L, none.budgetMbPerServer(), "and so does its memory budget");
  }

  /** A remote run (AWS): no local_settings; the hosts section says what terraform provisioned. */
  @Test
  void aRemoteStoreTakesItsProfileAndBudgetFromTheHostsSection() throws IOException {
    ObjectNode m = (ObjectNode) realManifest();
    ((ObjectNode) m.path("stores").path("mongodb")).remove("local_settings");
    ObjectNode hosts = Json.MAPPER.createObjectNode().put("mode", "remote").put("topology", "cluster")
        .put("durability_profile", "strict").put("memory_mb_per_store_and_server", 31744);
    m.set("hosts", hosts);
    StoreConditions aws = StoreConditions.of(m, "mongodb");
    assertEquals("6.0.5", aws.version());
    assertEquals("strict", aws.profile());
    assertEquals(31744L, aws.budgetMbPerServer());
    assertNull(aws.perProcessMb());
    assertNull(aws.dataBytes());
  }
}
