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
 * {@link StoreConditions} on a real manifest: {@code manifests/local-cluster-search-mix.json} was
 * written by the code of the commit that last changed it, running {@code ./run-sweep.sh
 * search-mix-60-30-10 --topology cluster --threads 1,2,4 --step-seconds 5 --records 5000
 * --load-fractions 0.5 --floor-seconds 0} against the three local stores.
 */
class StoreConditionsTest {

  static JsonNode realManifest() throws IOException {
    try (InputStream in =
        StoreConditionsTest.class.getResourceAsStream("/manifests/local-cluster-search-mix.json")) {
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
    assertEquals(
        Boolean.TRUE, mongo.dataFitsBudget(), "6.3 MB x 3 copies / 3 servers within 1024 MB");
    assertEquals(6_272_590L, mongo.dataBytes(), "the probe's measure after the load");
    assertTrue(mongo.readsFrom().contains("primary"), mongo.readsFrom());
    assertTrue(mongo.mayLose().contains("0.5 s"), mongo.mayLose());
    assertEquals("7.4.1", StoreConditions.of(m, "redisjson").version());
    assertEquals("8.19.21", StoreConditions.of(m, "elasticsearch").version());
    assertEquals(
        512L,
        StoreConditions.of(m, "redisjson").perProcessMb(),
        "a master and a replica per server");
  }

  @Test
  void filesOnDiskGetNoVerdictAgainstAHeap() throws IOException {
    ObjectNode m = (ObjectNode) realManifest();
    ObjectNode dataSet =
        (ObjectNode) m.path("stores").path("elasticsearch").path("describe").path("data_set");
    dataSet.put("in_memory", false);
    StoreConditions es = StoreConditions.of(m, "elasticsearch");
    assertNull(es.dataFitsBudget(), "Elasticsearch's files on disk against its heap: no verdict");
    assertEquals(Boolean.FALSE, es.dataInMemory());
    assertNull(StoreConditions.of(m, "mongodb").dataInMemory(), "this manifest predates the flag");
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
    ObjectNode hosts =
        Json.MAPPER
            .createObjectNode()
            .put("mode", "remote")
            .put("topology", "cluster")
            .put("durability_profile", "strict")
            .put("memory_mb_per_store_and_server", 1)
            .put("servers", 3)
            .put("copies", 3);
    m.set("hosts", hosts);
    StoreConditions aws = StoreConditions.of(m, "mongodb");
    assertEquals("6.0.5", aws.version());
    assertEquals("strict", aws.profile());
    assertEquals(1L, aws.budgetMbPerServer());
    assertNull(aws.perProcessMb());
    assertEquals(6_272_590L, aws.dataBytes(), "the probe's measure, the same for a remote store");
    assertEquals(3L, aws.copies());
    assertEquals(
        Boolean.FALSE, aws.dataFitsBudget(), "6.3 MB x 3 copies / 3 servers is over a 1 MB budget");
  }

  /**
   * Manifests from before the probe measured the data set keep it in local_settings.dataset: still
   * read.
   */
  @Test
  void anOlderManifestsDataSetIsStillRead() throws IOException {
    ObjectNode m = (ObjectNode) realManifest();
    ObjectNode store = (ObjectNode) m.path("stores").path("redisjson");
    ((ObjectNode) store.path("describe")).remove("data_set");
    ObjectNode local = (ObjectNode) store.path("local_settings");
    ((ObjectNode) local.path("memory")).remove("copies");
    local.putObject("dataset").put("primary_bytes", 123_456_789L).put("copies", 2);
    ((ObjectNode) local.path("memory")).put("data_fits_budget", true);
    StoreConditions old = StoreConditions.of(m, "redisjson");
    assertEquals(123_456_789L, old.dataBytes());
    assertEquals(2L, old.copies());
    assertEquals(Boolean.TRUE, old.dataFitsBudget());
  }
}
