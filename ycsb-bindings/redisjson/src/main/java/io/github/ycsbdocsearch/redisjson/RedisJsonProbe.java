package io.github.ycsbdocsearch.redisjson;

import io.github.ycsbdocsearch.common.StoreProbe;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * Store probe for RedisJSON + RediSearch, on a single server or a cluster (every master in turn).
 * Each call opens and closes its own connections: stateless and thread-safe.
 */
public final class RedisJsonProbe implements StoreProbe {
  private static final int SCAN_BATCH = 1000;

  /** The type name RedisJSON gives its keys, for counting only documents. */
  private static final String JSON_TYPE = "ReJSON-RL";

  @Override
  public void check(Properties props) {
    RedisConnector.open(RedisJsonConfig.fromProperties(props)).close();
  }

  @Override
  public Map<String, Object> describe(Properties props) {
    RedisJsonConfig c = RedisJsonConfig.fromProperties(props);
    Map<String, Object> d = new LinkedHashMap<>();
    try (UnifiedJedis jedis = RedisConnector.open(c)) {
      d.put("store", "redisjson");
      d.put("address", c.address());
      d.put("topology", c.cluster() ? "cluster" : "single");
      d.put("client", "jedis " + jedisVersion());
      List<ClusterLayout.Master> masters = masters(c, jedis);
      d.put("masters", masters.stream().map(m -> m.address().toString()).toList());
      try (Connection first = RedisConnector.connect(c, masters.get(0).address())) {
        describeServer(first, d);
      }
      long[] data = {0, 0};
      forEachMaster(
          c,
          jedis,
          node -> {
            String db = infoSection(node, "keyspace").getOrDefault("db0", "keys=0");
            data[0] += Long.parseLong(db.replaceFirst("^keys=(\\d+).*", "$1"));
            data[1] +=
                Long.parseLong(
                    infoSection(node, "memory").getOrDefault("used_memory_dataset", "0"));
          });
      d.put(
          DATA_SET,
          StoreProbe.dataSet(
              data[0],
              data[1],
              "keys of db0 and used_memory_dataset of the masters (every key they hold, the key"
                  + " space and the search indexes, in memory)",
              true));
      if (c.cluster()) {
        d.put("replicas", ClusterLayout.parse(RedisConnector.clusterNodes(jedis)).replicas());
        d.put("search_coordinator", RedisConnector.hasSearchCoordinator(jedis));
      }
      d.put(
          "index",
          String.join(
              " ",
              "FT.CREATE <table>-idx",
              c.cluster() ? "(one per master: <table>-idx{<tag>})" : "",
              "ON JSON PREFIX 1 <table>: STOPWORDS 0 SCHEMA",
              JsonDocumentMapper.path(c.schema().textField()),
              "AS",
              c.schema().textField(),
              "TEXT NOSTEM",
              JsonDocumentMapper.path(c.schema().sortField()),
              "AS",
              c.schema().sortField(),
              "NUMERIC SORTABLE"));
      d.put(
          "query_options",
          "VERBATIM DIALECT %s TIMEOUT 0 (no limit); SORTBY %s; LIMIT offset count"
              .formatted(RedisSearchQuery.DIALECT, c.schema().sortField()));
      d.put("scan_keyset", c.scanKeySet());
      d.put("pool_max", c.poolMax());
    }
    return d;
  }

  private static void describeServer(Connection n, Map<String, Object> d) {
    Map<String, String> server = infoSection(n, "server");
    d.put("redis_version", server.get("redis_version"));
    d.put("redis_mode", server.get("redis_mode"));
    Map<String, Object> modules = new TreeMap<>();
    for (Object m : (List<?>) n.executeCommand(RedisCommand.MODULE.args().add("LIST"))) {
      Map<String, Object> module = RedisSearchIndex.pairs(m);
      modules.put(String.valueOf(module.get("name")), module.get("ver"));
    }
    d.put("modules", modules);
    Map<String, Object> config =
        RedisSearchIndex.pairs(
            n.executeCommand(
                RedisCommand.CONFIG
                    .args()
                    .addObjects("GET", "appendonly", "appendfsync", "save")
                    .addObjects("auto-aof-rewrite-percentage", "maxmemory", "maxmemory-policy")
                    .add("io-threads")));
    d.put("server_config", new TreeMap<>(config));
    Map<String, String> replication = infoSection(n, "replication");
    d.put("role", replication.get("role"));
    d.put("connected_replicas", replication.get("connected_slaves"));
    Map<String, Object> search = new TreeMap<>();
    for (Object kv :
        (List<?>)
            RedisSearchIndex.decode(
                n.executeCommand(RedisCommand.FT_CONFIG.args().add("GET").add("*")))) {
      List<?> pair = (List<?>) kv;
      search.put(String.valueOf(pair.get(0)), pair.size() > 1 ? pair.get(1) : null);
    }
    d.put("search_config", search);
  }

  /**
   * Drops the table's index (every per-master copy) and deletes its records and key set:
   * FT.DROPINDEX ... DD deletes the indexed documents on a single server (not on a cluster node,
   * seen on 7.4.1); a SCAN + UNLINK per master then removes anything left under the prefix.
   */
  @Override
  public void reset(Properties props, String table) {
    RedisJsonConfig c = RedisJsonConfig.fromProperties(props);
    String index = RedisKeys.index(table);
    try (UnifiedJedis jedis = RedisConnector.open(c)) {
      forEachMaster(
          c,
          jedis,
          node -> {
            for (Object name :
                (List<?>)
                    RedisSearchIndex.decode(node.executeCommand(RedisCommand.FT_LIST.args()))) {
              String n = String.valueOf(name);
              if (n.equals(index) || n.startsWith(index + "{")) {
                node.executeCommand(RedisCommand.FT_DROPINDEX.args().add(n).add("DD"));
              }
            }
            scan(node, table, null, keys -> unlinkBySlot(node, keys));
          });
      jedis.executeCommand(RedisCommand.UNLINK.args().key(RedisKeys.keySet(table)));
    }
  }

  /** JSON documents under the table's prefix, summed over the masters. */
  @Override
  public long count(Properties props, String table) {
    RedisJsonConfig c = RedisJsonConfig.fromProperties(props);
    long[] total = {0};
    try (UnifiedJedis jedis = RedisConnector.open(c)) {
      forEachMaster(
          c, jedis, node -> scan(node, table, JSON_TYPE, keys -> total[0] += keys.size()));
    }
    return total[0];
  }

  /** {@code used_cpu_sys + used_cpu_user} of every master (replicas serve no request here). */
  @Override
  public OptionalLong serverCpuNanos(Properties props) {
    RedisJsonConfig c = RedisJsonConfig.fromProperties(props);
    double[] seconds = {0};
    try (UnifiedJedis jedis = RedisConnector.open(c)) {
      forEachMaster(
          c,
          jedis,
          node -> {
            Map<String, String> cpu = infoSection(node, "cpu");
            seconds[0] +=
                Double.parseDouble(cpu.getOrDefault("used_cpu_sys", "0"))
                    + Double.parseDouble(cpu.getOrDefault("used_cpu_user", "0"));
          });
    } catch (RuntimeException e) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Math.round(seconds[0] * 1e9));
  }

  /**
   * AOF rewrites and RDB snapshots started, over every master: {@code aof_rewrites} and {@code
   * rdb_saves} (Redis 7.0 and later). Redis counts each when it forks the child, not when the child
   * ends (seen on 7.4.1: {@code aof_rewrites:1} beside {@code aof_rewrite_in_progress:1}), so the
   * count rises when the work starts; adding the one in progress would count it twice.
   */
  @Override
  public BackgroundSampler backgroundSampler(Properties props) {
    return new PersistenceSampler(RedisJsonConfig.fromProperties(props));
  }

  /**
   * One connection per server, masters and replicas, kept. A server that fails to answer loses its
   * connection and is left out of that sample; the next sample asks the cluster for its servers
   * again and connects to those it lacks.
   */
  private static final class PersistenceSampler implements BackgroundSampler {
    private final RedisJsonConfig config;
    private final Map<HostAndPort, Connection> servers = new LinkedHashMap<>();
    private boolean whole;

    PersistenceSampler(RedisJsonConfig config) {
      this.config = config;
    }

    @Override
    public synchronized Map<String, Long> counters() {
      if (!whole) {
        connect();
      }
      Map<String, Long> n = new TreeMap<>();
      for (var it = servers.entrySet().iterator(); it.hasNext(); ) {
        var server = it.next();
        try {
          Map<String, String> p = infoSection(server.getValue(), "persistence");
          String node = server.getKey().toString();
          n.put(
              BackgroundSampler.key("aof_rewrite", node),
              Long.parseLong(p.getOrDefault("aof_rewrites", "0")));
          n.put(
              BackgroundSampler.key("rdb_save", node),
              Long.parseLong(p.getOrDefault("rdb_saves", "0")));
        } catch (RuntimeException e) {
          closeQuietly(server.getValue());
          it.remove();
          whole = false;
        }
      }
      return n;
    }

    /** Connects to the servers it lacks; whole when every server the cluster names answered. */
    private void connect() {
      List<HostAndPort> all;
      try (UnifiedJedis jedis = RedisConnector.open(config)) {
        all =
            config.cluster()
                ? ClusterLayout.servers(RedisConnector.clusterNodes(jedis))
                : List.of(config.nodes().get(0));
      } catch (RuntimeException e) {
        return; // no server reached: the sample is empty, the next one tries again
      }
      whole = true;
      for (HostAndPort a : all) {
        if (!servers.containsKey(a)) {
          try {
            servers.put(a, RedisConnector.connect(config, a));
          } catch (RuntimeException e) {
            whole = false;
          }
        }
      }
    }

    @Override
    public synchronized void close() {
      servers.values().forEach(PersistenceSampler::closeQuietly);
      servers.clear();
      whole = false;
    }

    private static void closeQuietly(Connection c) {
      try {
        c.close();
      } catch (RuntimeException e) {
        // A connection to a server that went away may fail to close; it is dropped either way.
      }
    }
  }

  @Override
  public Map<String, Set<Integer>> primaryPorts(
      Properties props, String table, Collection<String> keys) {
    RedisJsonConfig c = RedisJsonConfig.fromProperties(props);
    Map<String, Set<Integer>> out = new LinkedHashMap<>();
    try (UnifiedJedis jedis = RedisConnector.open(c)) {
      List<ClusterLayout.Master> masters = masters(c, jedis);
      for (String key : keys) {
        int slot = JedisClusterCRC16.getSlot(RedisKeys.record(table, key));
        masters.stream()
            .filter(m -> m.slots().stream().anyMatch(r -> r.contains(slot)))
            .forEach(m -> out.put(key, Set.of(m.address().getPort())));
      }
    }
    return out;
  }

  private static void forEachMaster(
      RedisJsonConfig c, UnifiedJedis jedis, Consumer<Connection> action) {
    for (ClusterLayout.Master m : masters(c, jedis)) {
      try (Connection node = RedisConnector.connect(c, m.address())) {
        action.accept(node);
      }
    }
  }

  /** The cluster's masters, or the single server as the master of every slot. */
  private static List<ClusterLayout.Master> masters(RedisJsonConfig c, UnifiedJedis jedis) {
    return c.cluster()
        ? ClusterLayout.parse(RedisConnector.clusterNodes(jedis)).masters()
        : List.of(
            new ClusterLayout.Master(
                c.nodes().get(0), List.of(new ClusterLayout.SlotRange(0, 16_383)), ""));
  }

  /** SCANs one node for the table's keys (of {@code type} when not null), batch by batch. */
  private static void scan(
      Connection node, String table, String type, Consumer<List<String>> batch) {
    String cursor = "0";
    do {
      CommandArguments a =
          RedisCommand.SCAN
              .args()
              .addObjects(cursor, "MATCH", RedisKeys.scanPattern(table), "COUNT", SCAN_BATCH);
      if (type != null) {
        a.add("TYPE").add(type);
      }
      List<?> reply = (List<?>) RedisSearchIndex.decode(node.executeCommand(a));
      cursor = String.valueOf(reply.get(0));
      List<String> keys = ((List<?>) reply.get(1)).stream().map(String::valueOf).toList();
      if (!keys.isEmpty()) {
        batch.accept(keys);
      }
    } while (!"0".equals(cursor));
  }

  /**
   * UNLINK in one command per hash slot: a cluster node refuses a multi-key command across slots.
   */
  private static void unlinkBySlot(Connection node, List<String> keys) {
    for (List<String> sameSlot :
        keys.stream().collect(Collectors.groupingBy(JedisClusterCRC16::getSlot)).values()) {
      CommandArguments unlink = RedisCommand.UNLINK.args();
      sameSlot.forEach(unlink::add);
      node.executeCommand(unlink);
    }
  }

  private static Map<String, String> infoSection(Connection n, String section) {
    return infoFields(n.executeCommand(RedisCommand.INFO.args().add(section)));
  }

  /** The {@code field:value} lines of an {@code INFO} reply (section headers left out). */
  static Map<String, String> infoFields(Object infoReply) {
    Map<String, String> out = new HashMap<>();
    for (String line : RedisConnector.text(infoReply).split("\r?\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && !line.startsWith("#")) {
        out.put(line.substring(0, colon), line.substring(colon + 1).trim());
      }
    }
    return out;
  }

  private static String jedisVersion() {
    try (InputStream in =
        UnifiedJedis.class.getResourceAsStream("/redis/clients/jedis/pom.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
