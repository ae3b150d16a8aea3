package io.github.ycsbdocsearch.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.contract.StoreContractTest;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The shared store contract against the local replica set ({@code scripts/stores.sh start --topology cluster
 * mongodb}) with the binding's defaults, which are the fair cluster settings: {@code w: majority} (the default
 * for a replica-set URL), reads from the primary.
 *
 * <p>Runs only when env {@code DOCSEARCH_CLUSTER_ITS=true}, and then fails if the replica set is down. Env
 * {@code MONGODB_RS_BASE_PORT} (27018) and {@code MONGODB_RS_NAME} (rs0) say where it is, as for stores.sh.
 */
class MongoDbReplicaSetContractIT extends StoreContractTest {

  static String replicaSetUrl() {
    int base = Integer.parseInt(System.getenv().getOrDefault("MONGODB_RS_BASE_PORT", "27018"));
    String name = System.getenv().getOrDefault("MONGODB_RS_NAME", "rs0");
    return "mongodb://127.0.0.1:" + base + ",127.0.0.1:" + (base + 1) + ",127.0.0.1:" + (base + 2)
        + "/ycsb?replicaSet=" + name;
  }

  @Override
  protected StoreKind kind() {
    return StoreKind.MONGODB;
  }

  /**
   * Also the switch: the contract's {@code @BeforeEach} asks for these first, so the assumption here skips each
   * test visibly (a class-level assumption would show as zero tests run).
   */
  @Override
  protected Properties connectionProperties() {
    assumeTrue("true".equals(System.getenv("DOCSEARCH_CLUSTER_ITS")),
        "cluster ITs are off: set DOCSEARCH_CLUSTER_ITS=true after scripts/stores.sh start --topology cluster");
    Properties p = new Properties();
    p.setProperty(MongoDbConfig.URL_PROPERTY, replicaSetUrl());
    return p;
  }

  @Test
  void theProbeSeesThreeMembersAndMajorityWrites() {
    Map<String, Object> d = probe.describe(props);
    assertEquals("{\"w\": \"majority\"}", d.get("mongodb.writeConcern.effective"));
    Map<?, ?> rs = (Map<?, ?>) d.get("mongodb.replicaSet");
    assertEquals(System.getenv().getOrDefault("MONGODB_RS_NAME", "rs0"), rs.get("name"));
    List<?> members = (List<?>) rs.get("members");
    assertEquals(3, members.size(), members.toString());
    assertEquals(1, members.stream().filter(m -> m.toString().endsWith(" PRIMARY")).count(), members.toString());
  }
}
