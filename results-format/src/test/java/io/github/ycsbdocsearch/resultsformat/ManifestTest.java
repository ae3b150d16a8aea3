package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Manifest} on a manifest the sweep wrote, and the older layouts it upgrades. */
class ManifestTest {

  @Test
  void readsTheSweepsOwnManifest() throws IOException {
    Manifest m = Manifest.of(StoreConditionsTest.realManifest());
    assertEquals(1, m.format());
    assertEquals("20261125T140737Z-search-mix-60-30-10", m.runId());
    assertEquals("complete", m.status());
    assertEquals("62c785d90aa903f7acb9a15173f97f13ed51562e", m.gitCommit());
    assertEquals("search-mix-60-30-10", m.workloadName());
    assertEquals(
        List.of("redisjson", "mongodb", "elasticsearch"), List.copyOf(m.storeStatus().keySet()));
    assertEquals(Manifest.STATUS_COMPLETE, m.storeStatus("mongodb"));
    assertFalse(m.synthetic());
    assertTrue(m.machine().isObject());
  }

  @Test
  void upgradesTheOlderLayouts() {
    ObjectNode old = Json.MAPPER.createObjectNode();
    old.put(Manifest.WORKLOAD, "workloada");
    old.putObject("environment").put("cpu_model", "old cpu");
    old.putObject(Manifest.STORES).putObject("redisjson");
    Manifest m = Manifest.of(old);
    assertEquals("workloada", m.workloadName());
    assertEquals("old cpu", m.machine().path("cpu_model").asText());
    assertEquals(Manifest.STATUS_COMPLETE, m.storeStatus("redisjson"));
    assertEquals(Manifest.STATUS_COMPLETE, m.storeStatus("a store it does not name"));
    assertNull(m.runId());
    assertEquals(0, m.format());
  }
}
