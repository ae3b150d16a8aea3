package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.contract.StoreContractTest;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/**
 * The shared store contract against the local Redis OSS cluster ({@code REDIS_CLUSTER_HOSTS}),
 * where search is a client-side fan-out over per-master indexes. Skipped when the cluster is not
 * running, unless {@code DOCSEARCH_CLUSTER_ITS=true}.
 */
class RedisJsonClusterContractIT extends StoreContractTest {

  @BeforeAll
  static void clusterIsRunning() {
    RedisTestStores.requireClusterOrSkip();
  }

  @Override
  protected StoreKind kind() {
    return StoreKind.REDISJSON;
  }

  @Override
  protected Properties connectionProperties() {
    return RedisTestStores.cluster();
  }

  /** Hundreds of records spread over every master: the merged pages must equal the oracle's. */
  @Test
  void pagesAgreeWithAnOracleAcrossMasters() {
    SearchOracleCheck.run(db, table, 400, 11);
    assertEquals(400L, probe.count(props, table));
  }

  /**
   * redis.waitaof: a write waits on its own connection until the replica has fsynced it; asking for
   * more replicas than the cluster has (1 per master) fails the write after the timeout instead of
   * acknowledging it.
   */
  @Test
  void waitAofAcknowledgesOnlyWhatTheReplicasFsynced() throws Exception {
    for (int replicas = 1; replicas <= 2; replicas++) {
      Properties p = new Properties();
      p.putAll(props);
      p.setProperty(RedisJsonConfig.WAIT_AOF_PROPERTY, String.valueOf(replicas));
      p.setProperty(RedisJsonConfig.TIMEOUT_PROPERTY, "2500");
      RedisJsonClient c = new RedisJsonClient();
      c.setProperties(p);
      c.init();
      try {
        Status s = c.insert(table, "waitaof" + replicas, fields("field0", "x"));
        assertEquals(replicas == 1 ? Status.OK : Status.ERROR, s, "redis.waitaof=" + replicas);
      } finally {
        c.cleanup();
      }
    }
  }

  @Test
  void describesTheClusterLayout() {
    Map<String, Object> d = probe.describe(props);
    assertEquals("cluster", d.get("topology"));
    assertTrue(((List<?>) d.get("masters")).size() >= 2, d.toString());
    assertTrue(d.get("search_coordinator") instanceof Boolean, d.toString());
  }
}
