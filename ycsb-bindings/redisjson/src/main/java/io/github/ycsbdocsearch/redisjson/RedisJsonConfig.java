package io.github.ycsbdocsearch.redisjson;

import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SearchSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import redis.clients.jedis.HostAndPort;

/**
 * Every setting of the RedisJSON binding, parsed once from the YCSB properties. Immutable.
 *
 * @param nodes where to connect: the one server, or the cluster's seed nodes
 * @param user ACL user name, or null for the default user ({@code password}: null for none)
 * @param timeoutMs connect and socket timeout; a search on a deep page must finish within it
 * @param scanKeySet maintain the per-table sorted set of keys that YCSB SCAN reads
 * @param indexWaitMs how long init waits for a background (re)indexing of existing documents
 * @param waitAofReplicas after each write, wait until this many replicas have fsynced it (WAITAOF)
 */
public record RedisJsonConfig(
    List<HostAndPort> nodes,
    boolean cluster,
    String user,
    String password,
    int timeoutMs,
    int poolMax,
    boolean scanKeySet,
    long indexWaitMs,
    SearchSchema schema,
    int waitAofReplicas) {

  public static final String HOST_PROPERTY = "redis.host";
  public static final String HOST_DEFAULT = "127.0.0.1";
  public static final String PORT_PROPERTY = "redis.port";
  public static final int PORT_DEFAULT = 6379;
  public static final String USER_PROPERTY = "redis.user";
  public static final String PASSWORD_PROPERTY = "redis.password";
  public static final String CLUSTER_PROPERTY = "redis.cluster";
  public static final boolean CLUSTER_DEFAULT = false;

  /**
   * Comma-separated {@code host:port} seeds of a cluster; when empty the cluster is reached through
   * host/port.
   */
  public static final String HOSTS_PROPERTY = "redis.hosts";

  public static final String TIMEOUT_PROPERTY = "redis.timeout.ms";
  public static final int TIMEOUT_DEFAULT = 10_000;
  public static final String POOL_MAX_PROPERTY = "redis.pool.max";

  /** The pool never defaults below this, nor below YCSB's thread count. */
  public static final int POOL_MAX_FLOOR = 8;

  public static final String SCAN_KEYSET_PROPERTY = "redis.scan.keyset";
  public static final boolean SCAN_KEYSET_DEFAULT = true;
  public static final String INDEX_WAIT_PROPERTY = "redis.index.wait.ms";
  public static final long INDEX_WAIT_DEFAULT = 300_000L;

  /**
   * Replicas that must have fsynced a write to their AOF before it is acknowledged ({@code WAITAOF
   * 1 N timeout} on the write's own connection): the strict durability profile on a cluster, where
   * replication is otherwise asynchronous and a promoted replica could miss acknowledged writes.
   * Needs {@code redis.cluster=true}.
   */
  public static final String WAIT_AOF_PROPERTY = "redis.waitaof";

  public static final int WAIT_AOF_DEFAULT = 0;

  public RedisJsonConfig {
    nodes = List.copyOf(nodes);
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("no Redis node configured");
    }
  }

  public static RedisJsonConfig fromProperties(Properties p) {
    boolean cluster = Props.bool(p, CLUSTER_PROPERTY, CLUSTER_DEFAULT);
    String hosts = Props.string(p, HOSTS_PROPERTY, "");
    List<HostAndPort> nodes;
    if (!hosts.isEmpty()) {
      nodes = parseHosts(hosts);
      if (!cluster && nodes.size() > 1) {
        throw Props.bad(
            HOSTS_PROPERTY, hosts, "one host:port unless " + CLUSTER_PROPERTY + "=true");
      }
    } else {
      int port = Props.integer(p, PORT_PROPERTY, PORT_DEFAULT, 1);
      if (port > 65_535) {
        throw Props.bad(PORT_PROPERTY, String.valueOf(port), "a TCP port from 1 to 65535");
      }
      nodes = List.of(new HostAndPort(Props.string(p, HOST_PROPERTY, HOST_DEFAULT), port));
    }
    int threads = Props.threads(p);
    int waitAof = Props.integer(p, WAIT_AOF_PROPERTY, WAIT_AOF_DEFAULT, 0);
    if (waitAof > 0 && !cluster) {
      throw Props.bad(
          WAIT_AOF_PROPERTY,
          String.valueOf(waitAof),
          "0 unless "
              + CLUSTER_PROPERTY
              + "=true (a single server has no replica to wait for; appendfsync always makes it"
              + " durable)");
    }
    return new RedisJsonConfig(
        nodes,
        cluster,
        emptyToNull(Props.string(p, USER_PROPERTY, "")),
        emptyToNull(Props.string(p, PASSWORD_PROPERTY, "")),
        Props.integer(p, TIMEOUT_PROPERTY, TIMEOUT_DEFAULT, 1),
        Props.integer(p, POOL_MAX_PROPERTY, Math.max(threads, POOL_MAX_FLOOR), 1),
        Props.bool(p, SCAN_KEYSET_PROPERTY, SCAN_KEYSET_DEFAULT),
        Props.longValue(p, INDEX_WAIT_PROPERTY, INDEX_WAIT_DEFAULT, 0),
        SearchSchema.fromProperties(p),
        waitAof);
  }

  /** Parses {@code host:port,host:port}; a malformed entry names the property. */
  static List<HostAndPort> parseHosts(String hosts) {
    List<HostAndPort> out = new ArrayList<>();
    for (String entry : hosts.split(",")) {
      String e = entry.trim();
      int colon = e.lastIndexOf(':');
      int port = 0;
      try {
        port = Integer.parseInt(e.substring(colon + 1));
      } catch (NumberFormatException ex) {
        // refused below
      }
      if (colon <= 0 || port < 1 || port > 65_535) {
        throw Props.bad(HOSTS_PROPERTY, hosts, "comma-separated host:port entries, ports 1-65535");
      }
      out.add(new HostAndPort(e.substring(0, colon), port));
    }
    return out;
  }

  /** How error messages name this store: {@code redisjson at 127.0.0.1:6379}, or the seeds. */
  public String address() {
    String list = nodes.stream().map(HostAndPort::toString).collect(Collectors.joining(","));
    return cluster ? "redisjson cluster at " + list : "redisjson at " + list;
  }

  /** Hides the password. */
  @Override
  public String toString() {
    return ("RedisJsonConfig[%s, user=%s, password=%s, timeoutMs=%d, poolMax=%d, scanKeySet=%s,"
            + " indexWaitMs=%d, schema=%s]")
        .formatted(
            address(),
            user,
            password == null ? "none" : "***",
            timeoutMs,
            poolMax,
            scanKeySet,
            indexWaitMs,
            schema);
  }

  private static String emptyToNull(String s) {
    return s.isEmpty() ? null : s;
  }
}
