package io.github.ycsbdocsearch.redisjson;

import static org.junit.jupiter.api.Assertions.fail;

import io.github.ycsbdocsearch.common.SetupException;
import java.util.Properties;
import org.junit.jupiter.api.Assumptions;

/**
 * Where the local Redis stores of the integration tests listen (started by {@code scripts/stores.sh
 * start}).
 *
 * <p>Settings: {@code REDIS_HOST} (127.0.0.1), {@code REDIS_PORT} (6379), {@code
 * REDIS_CLUSTER_HOSTS} (127.0.0.1:7001,127.0.0.1:7002,127.0.0.1:7003), {@code
 * DOCSEARCH_CLUSTER_ITS} (when {@code true} a cluster that does not answer fails the cluster tests;
 * otherwise they are skipped).
 */
final class RedisTestStores {
  static final String CLUSTER_HOSTS_DEFAULT = "127.0.0.1:7001,127.0.0.1:7002,127.0.0.1:7003";

  private RedisTestStores() {}

  static String host() {
    return env("REDIS_HOST", "127.0.0.1");
  }

  static int port() {
    return Integer.parseInt(env("REDIS_PORT", "6379"));
  }

  static Properties single() {
    Properties p = new Properties();
    p.setProperty(RedisJsonConfig.HOST_PROPERTY, host());
    p.setProperty(RedisJsonConfig.PORT_PROPERTY, String.valueOf(port()));
    return p;
  }

  static Properties cluster() {
    Properties p = new Properties();
    p.setProperty(RedisJsonConfig.CLUSTER_PROPERTY, "true");
    p.setProperty(
        RedisJsonConfig.HOSTS_PROPERTY, env("REDIS_CLUSTER_HOSTS", CLUSTER_HOSTS_DEFAULT));
    return p;
  }

  /**
   * Skips the calling test class when the cluster does not answer, unless
   * DOCSEARCH_CLUSTER_ITS=true.
   */
  static void requireClusterOrSkip() {
    try {
      new RedisJsonProbe().check(cluster());
    } catch (SetupException e) {
      if ("true".equals(env("DOCSEARCH_CLUSTER_ITS", "false"))) {
        fail("DOCSEARCH_CLUSTER_ITS=true but the Redis cluster does not answer: " + e.getMessage());
      }
      Assumptions.abort(
          "Redis cluster not running ("
              + e.getMessage()
              + "); start it with 'scripts/stores.sh start --topology cluster redisjson' or set"
              + " DOCSEARCH_CLUSTER_ITS=true to fail");
    }
  }

  private static String env(String name, String def) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? def : v.trim();
  }
}
