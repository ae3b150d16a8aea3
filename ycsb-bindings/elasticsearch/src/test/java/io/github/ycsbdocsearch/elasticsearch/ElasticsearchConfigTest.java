package io.github.ycsbdocsearch.elasticsearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch._types.Refresh;
import io.github.ycsbdocsearch.common.SetupException;
import java.net.URI;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ElasticsearchConfigTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void defaultsAreOneLocalNodeWithNearRealTimeWrites() {
    ElasticsearchConfig c = ElasticsearchConfig.fromProperties(new Properties());
    assertEquals(List.of(URI.create("http://127.0.0.1:9200")), c.connection().hosts());
    assertEquals("usertable", c.index());
    assertEquals("false", c.refresh());
    assertNull(ElasticsearchClient.refreshPolicy(c.refresh()), "false sends no refresh parameter");
    assertEquals(1, c.shards());
    assertEquals(0, c.replicas());
    assertEquals("async", c.translogDurability());
    assertEquals(10, c.connection().maxConnections());
    assertEquals(5, c.retryOnConflict());
  }

  @Test
  void severalHostsAndAPoolAsBigAsTheThreads() {
    ElasticsearchConfig c =
        ElasticsearchConfig.fromProperties(
            props(
                "es.hosts",
                "http://h1:9201, http://h2:9202/,https://h3:9203",
                "threadcount",
                "64",
                "es.refresh",
                "WAIT_FOR"));
    assertEquals(
        List.of(
            URI.create("http://h1:9201"),
            URI.create("http://h2:9202"),
            URI.create("https://h3:9203")),
        c.connection().hosts());
    assertEquals(64, c.connection().maxConnections());
    assertEquals(Refresh.WaitFor, ElasticsearchClient.refreshPolicy(c.refresh()));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "es.hosts|localhost:9200",
        "es.hosts|http://h1:9200,",
        "es.hosts|ftp://h1:21",
        "es.hosts|http://h1",
        "es.hosts|http://h1:9200/prefix",
        "es.hosts|http://user:pw@h1:9200",
        "es.shards|0",
        "es.replicas|one",
        "es.refresh|sometimes",
        "es.refresh_interval|1 second",
        "es.translog.durability|fsync",
        "es.translog.sync_interval|5",
        "es.max_result_window|-5",
        "es.max_connections|0",
        "es.retry_on_conflict|-1",
        "es.ssl.ca|/no/such/ca.pem"
      })
  void aMalformedPropertyIsASetupErrorNamingIt(String key, String value) {
    SetupException e =
        assertThrows(
            SetupException.class, () -> ElasticsearchConfig.fromProperties(props(key, value)));
    assertTrue(e.getMessage().contains(key), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), "one line");
  }

  @Test
  void credentialsMustBeComplete() {
    assertThrows(
        SetupException.class,
        () -> ElasticsearchConfig.fromProperties(props("es.username", "elastic")));
    assertThrows(
        SetupException.class,
        () ->
            ElasticsearchConfig.fromProperties(
                props("es.username", "elastic", "es.password", "pw", "es.apikey", "abc")));
  }

  @Test
  void secretsStayOutOfToString() {
    ElasticsearchConfig c =
        ElasticsearchConfig.fromProperties(
            props("es.username", "elastic", "es.password", "hunter2"));
    assertFalse(c.toString().contains("hunter2"), c.toString());
  }
}
