package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SetupException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;

class RedisJsonConfigTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void defaultsToTheLocalSingleServer() {
    RedisJsonConfig c = RedisJsonConfig.fromProperties(new Properties());
    assertEquals(List.of(new HostAndPort("127.0.0.1", 6379)), c.nodes());
    assertFalse(c.cluster());
    assertNull(c.user());
    assertNull(c.password());
    assertEquals(RedisJsonConfig.TIMEOUT_DEFAULT, c.timeoutMs());
    assertEquals(RedisJsonConfig.POOL_MAX_FLOOR, c.poolMax());
    assertTrue(c.scanKeySet());
    assertEquals("title", c.schema().textField());
    assertEquals("rank", c.schema().sortField());
    assertEquals("redisjson at 127.0.0.1:6379", c.address());
  }

  @Test
  void poolDefaultsToAtLeastTheThreadCount() {
    assertEquals(64, RedisJsonConfig.fromProperties(props("threadcount", "64")).poolMax());
    assertEquals(
        RedisJsonConfig.POOL_MAX_FLOOR,
        RedisJsonConfig.fromProperties(props("threadcount", "2")).poolMax());
    assertEquals(
        3,
        RedisJsonConfig.fromProperties(props("threadcount", "64", "redis.pool.max", "3"))
            .poolMax());
  }

  @Test
  void clusterSeedsComeFromHosts() {
    RedisJsonConfig c =
        RedisJsonConfig.fromProperties(
            props("redis.cluster", "true", "redis.hosts", "10.0.0.1:7001, 10.0.0.2:7002"));
    assertTrue(c.cluster());
    assertEquals(
        List.of(new HostAndPort("10.0.0.1", 7001), new HostAndPort("10.0.0.2", 7002)), c.nodes());
    assertEquals("redisjson cluster at 10.0.0.1:7001,10.0.0.2:7002", c.address());
  }

  @Test
  void clusterWithoutHostsUsesHostAndPortAsSeed() {
    RedisJsonConfig c =
        RedisJsonConfig.fromProperties(props("redis.cluster", "true", "redis.port", "7001"));
    assertEquals(List.of(new HostAndPort("127.0.0.1", 7001)), c.nodes());
  }

  @Test
  void malformedValuesNameTheProperty() {
    SetupException port =
        assertThrows(
            SetupException.class, () -> RedisJsonConfig.fromProperties(props("redis.port", "abc")));
    assertEquals(
        "property redis.port='abc' is malformed: expected an integer >= 1", port.getMessage());
    assertTrue(
        assertThrows(
                SetupException.class,
                () -> RedisJsonConfig.fromProperties(props("redis.port", "70000")))
            .getMessage()
            .contains("redis.port"));
    assertTrue(
        assertThrows(
                SetupException.class,
                () -> RedisJsonConfig.fromProperties(props("redis.hosts", "a:1,b")))
            .getMessage()
            .contains("redis.hosts"));
    assertTrue(
        assertThrows(
                SetupException.class,
                () -> RedisJsonConfig.fromProperties(props("redis.hosts", "a:1,b:2")))
            .getMessage()
            .contains("redis.cluster=true"));
    assertTrue(
        assertThrows(
                SetupException.class,
                () -> RedisJsonConfig.fromProperties(props("redis.cluster", "yes")))
            .getMessage()
            .contains("redis.cluster"));
    assertTrue(
        assertThrows(
                SetupException.class,
                () -> RedisJsonConfig.fromProperties(props("redis.timeout.ms", "0")))
            .getMessage()
            .contains("redis.timeout.ms"));
  }

  @Test
  void toStringHidesThePassword() {
    RedisJsonConfig c =
        RedisJsonConfig.fromProperties(props("redis.password", "s3cret", "redis.user", "u"));
    assertEquals("s3cret", c.password());
    assertFalse(c.toString().contains("s3cret"), c.toString());
  }

  @Test
  void waitAofNeedsACluster() {
    Properties p = new Properties();
    assertEquals(0, RedisJsonConfig.fromProperties(p).waitAofReplicas());
    p.setProperty(RedisJsonConfig.WAIT_AOF_PROPERTY, "1");
    SetupException e = assertThrows(SetupException.class, () -> RedisJsonConfig.fromProperties(p));
    assertTrue(e.getMessage().contains(RedisJsonConfig.WAIT_AOF_PROPERTY), e.getMessage());
    p.setProperty(RedisJsonConfig.CLUSTER_PROPERTY, "true");
    assertEquals(1, RedisJsonConfig.fromProperties(p).waitAofReplicas());
  }
}
