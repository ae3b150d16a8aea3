package io.github.ycsbdocsearch.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.Props;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import site.ycsb.StringByteIterator;

/** The probe against the single local mongod: what it describes, and that reset and count work. */
class MongoDbProbeIT {
  private final String table = "probe" + UUID.randomUUID().toString().substring(0, 8);
  private final MongoDbProbe probe = new MongoDbProbe();
  private final Properties props = new Properties();

  MongoDbProbeIT() {
    props.setProperty(MongoDbConfig.URL_PROPERTY, MongoDbContractIT.singleUrl());
    props.setProperty(Props.TABLE, table);
  }

  @AfterEach
  void dropTable() {
    probe.reset(props, table);
  }

  @Test
  void describeReportsServerDurabilityTopologyAndTheTextIndex() throws Exception {
    MongoDbClient db = new MongoDbClient();
    db.setProperties(props);
    db.init(); // creates the text index on the table
    db.cleanup();
    Map<String, Object> d = probe.describe(props);
    assertTrue(
        String.valueOf(d.get("mongodb.server.version")).matches("\\d+\\.\\d+\\.\\d+.*"),
        d.toString());
    assertEquals("wiredTiger", d.get("mongodb.storage.engine"));
    assertEquals("auto", d.get("mongodb.writeConcern"));
    assertEquals("{\"w\": 1}", d.get("mongodb.writeConcern.effective"));
    assertEquals("primary", d.get("mongodb.readPreference"));
    assertEquals("standalone", d.get("mongodb.replicaSet"));
    assertTrue(
        d.containsKey("mongodb.journal.enabled")
            && d.get("mongodb.journal.commitIntervalMs") != null,
        d.toString());
    // The memory budget and the default write concern as the server applied them (the manifest's
    // only record).
    assertTrue(
        d.get("mongodb.wiredTiger.cacheBytes") instanceof Number n && n.longValue() > 0,
        d.toString());
    assertTrue(String.valueOf(d.get("mongodb.defaultWriteConcern")).contains("w"), d.toString());
    List<?> indexes = (List<?>) d.get("mongodb.indexes." + table);
    String text =
        indexes.stream()
            .map(String::valueOf)
            .filter(i -> i.contains(MongoDbSearchIndex.TEXT_INDEX_NAME))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no text index in " + indexes));
    for (String option :
        List.of(
            "\"weights\": {\"title\": 1}",
            "\"default_language\": \"none\"",
            "\"language_override\": \"" + MongoDbSearchIndex.LANGUAGE_OVERRIDE_FIELD + "\"")) {
      assertTrue(text.contains(option), option + " in " + text);
    }
  }

  @Test
  void countFollowsInsertsAndResetEmptiesTheTable() throws Exception {
    MongoDbClient db = new MongoDbClient();
    db.setProperties(props);
    db.init();
    try {
      for (int i = 0; i < 5; i++) {
        db.insert(table, "k" + i, Map.of("field0", new StringByteIterator("v")));
      }
    } finally {
      db.cleanup();
    }
    assertEquals(5L, probe.count(props, table));
    probe.refresh(props, table);
    probe.reset(props, table);
    assertEquals(0L, probe.count(props, table));
  }
}
