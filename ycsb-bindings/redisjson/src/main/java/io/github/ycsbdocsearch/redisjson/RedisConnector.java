package io.github.ycsbdocsearch.redisjson;

import io.github.ycsbdocsearch.common.SetupException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Opens jedis clients from a {@link RedisJsonConfig} and turns every way of failing to reach a
 * usable server (refused connection, wrong password, missing module) into a one-line {@link
 * SetupException}. Stateless, thread-safe.
 */
final class RedisConnector {
  static final String CLIENT_NAME = "ycsb-docsearch";

  private RedisConnector() {}

  /**
   * A pooled client (single server) or a cluster client, checked with PING and for the JSON and
   * search modules. Replies use RESP2, which the reply readers of this binding expect.
   */
  static UnifiedJedis open(RedisJsonConfig c) {
    UnifiedJedis jedis = null;
    try {
      GenericObjectPoolConfig<Connection> pool = new ConnectionPoolConfig();
      pool.setMaxTotal(c.poolMax());
      pool.setMaxIdle(c.poolMax());
      pool.setMaxWait(Duration.ofMillis(c.timeoutMs()));
      if (c.cluster()) {
        jedis =
            RedisClusterClient.builder()
                .nodes(new HashSet<>(c.nodes()))
                .clientConfig(clientConfig(c))
                .poolConfig(pool)
                .build();
      } else {
        jedis =
            RedisClient.builder()
                .hostAndPort(c.nodes().get(0))
                .clientConfig(clientConfig(c))
                .poolConfig(pool)
                .build();
      }
      jedis.executeCommand(RedisCommand.PING.args());
      requireModules(jedis, c);
      return jedis;
    } catch (JedisException e) {
      if (jedis != null) {
        jedis.close();
      }
      throw setupError(c, e);
    }
  }

  /** A plain connection to one node, for the probe's per-node work. */
  static Connection connect(RedisJsonConfig c, HostAndPort node) {
    try {
      return new Connection(node, clientConfig(c));
    } catch (JedisException e) {
      throw setupError(c, e);
    }
  }

  static JedisClientConfig clientConfig(RedisJsonConfig c) {
    return DefaultJedisClientConfig.builder()
        .resp2()
        .user(c.user())
        .password(c.password())
        .connectionTimeoutMillis(c.timeoutMs())
        .socketTimeoutMillis(c.timeoutMs())
        .clientName(CLIENT_NAME)
        .build();
  }

  /** The server must have RedisJSON ({@code ReJSON}) and RediSearch ({@code search}) loaded. */
  private static void requireModules(UnifiedJedis jedis, RedisJsonConfig c) {
    Set<String> names = new HashSet<>();
    for (Object module : (List<?>) jedis.executeCommand(RedisCommand.MODULE.args().add("LIST"))) {
      Object name = RedisSearchIndex.pairs(module).get("name");
      names.add(String.valueOf(RedisSearchIndex.decode(name)));
    }
    for (String required : List.of("ReJSON", "search")) {
      if (!names.contains(required)) {
        throw new SetupException(
            c.address() + ": module '" + required + "' is not loaded (MODULE LIST: " + names + ")");
      }
    }
  }

  /**
   * True when the server runs the RediSearch coordinator, which distributes FT.CREATE and FT.SEARCH
   * over a cluster by itself. It registers shard-side commands named {@code _FT.*}; a plain build
   * does not.
   */
  static boolean hasSearchCoordinator(UnifiedJedis jedis) {
    Object info = jedis.executeCommand(RedisCommand.COMMAND.args().add("INFO").add("_FT.SEARCH"));
    return info instanceof List<?> l && !l.isEmpty() && l.get(0) != null;
  }

  /** One line naming the store, the address and the cause. */
  static SetupException setupError(RedisJsonConfig c, Throwable e) {
    if (e instanceof SetupException) {
      return (SetupException) e;
    }
    String why = rootMessage(e);
    String lower = why.toLowerCase(Locale.ROOT);
    String what =
        lower.contains("wrongpass") || lower.contains("noauth") || lower.contains("auth")
            ? "authentication failed"
            : "cannot use the server";
    return new SetupException(c.address() + ": " + what + " (" + why + ")", e);
  }

  private static String rootMessage(Throwable e) {
    StringBuilder b = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getMessage() != null && b.indexOf(t.getMessage()) < 0) {
        b.append(b.length() == 0 ? "" : ": ").append(t.getMessage());
      }
    }
    return b.toString().replaceAll("[\\r\\n]+", " ");
  }

  /** The text reply of {@code CLUSTER NODES}. */
  static String clusterNodes(UnifiedJedis jedis) {
    return text(jedis.executeCommand(RedisCommand.CLUSTER.args().add("NODES")));
  }

  static String text(Object bulk) {
    return bulk instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(bulk);
  }
}
