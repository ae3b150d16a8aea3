package io.github.ycsbdocsearch.elasticsearch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * Setup mistakes reach the user as one {@link SetupException} line naming the store and the address
 * or property, from both {@code DB.init()} and the probe. Wrong credentials cannot be tested here:
 * the local node runs without the security module, so it accepts any (or no) password.
 */
class ElasticsearchBadInputIT {
  /** Nothing listens on port 1 of the loopback. */
  private static final String UNREACHABLE = "http://127.0.0.1:1";

  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty(ElasticsearchConfig.HOSTS_PROPERTY, ElasticsearchContractIT.localHosts());
    p.setProperty("table", "badinput");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static SetupException initFails(Properties p) {
    ElasticsearchClient db = new ElasticsearchClient();
    db.setProperties(p);
    SetupException e = assertThrows(SetupException.class, db::init);
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    return e;
  }

  @Test
  void unreachableHostNamesStoreAndAddress() {
    SetupException e = initFails(props(ElasticsearchConfig.HOSTS_PROPERTY, UNREACHABLE));
    assertTrue(
        e.getMessage().startsWith("elasticsearch at " + UNREACHABLE + ": cannot connect"),
        e.getMessage());
    SetupException p =
        assertThrows(
            SetupException.class,
            () ->
                StoreKind.ELASTICSEARCH
                    .newProbe()
                    .check(props(ElasticsearchConfig.HOSTS_PROPERTY, UNREACHABLE)));
    assertTrue(p.getMessage().contains(UNREACHABLE), p.getMessage());
  }

  @Test
  void oneDeadHostAmongLiveOnesIsFine() {
    // Round robin with dead-host retry: the client moves on to the live node, as it must in a
    // cluster.
    Properties p =
        props(
            ElasticsearchConfig.HOSTS_PROPERTY,
            UNREACHABLE + "," + ElasticsearchContractIT.localHosts());
    StoreKind.ELASTICSEARCH.newProbe().check(p);
  }

  @Test
  void malformedPropertiesNameTheKey() {
    assertTrue(
        initFails(props(ElasticsearchConfig.HOSTS_PROPERTY, "127.0.0.1:9200"))
            .getMessage()
            .contains(ElasticsearchConfig.HOSTS_PROPERTY));
    assertTrue(
        initFails(props(ElasticsearchConfig.SHARDS_PROPERTY, "zero"))
            .getMessage()
            .contains(ElasticsearchConfig.SHARDS_PROPERTY));
    assertTrue(
        initFails(props(ElasticsearchConfig.REFRESH_PROPERTY, "always"))
            .getMessage()
            .contains(ElasticsearchConfig.REFRESH_PROPERTY));
  }

  @Test
  void aWrongPortThatIsNotElasticsearchFails() {
    // The transport port speaks Elasticsearch's binary protocol, not HTTP.
    String transport =
        "http://127.0.0.1:" + System.getenv().getOrDefault("ES_TRANSPORT_PORT", "9300");
    SetupException e = initFails(props(ElasticsearchConfig.HOSTS_PROPERTY, transport));
    assertTrue(
        e.getMessage()
            .startsWith("elasticsearch at " + transport + ": the port does not answer HTTP"),
        e.getMessage());
  }
}
