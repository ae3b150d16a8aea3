package io.github.ycsbdocsearch.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ReadPreference;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ClusterConnectionMode;
import io.github.ycsbdocsearch.common.Props;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.bson.Document;

/**
 * Checks, describes, resets and counts a MongoDB deployment outside the measured operations. Each
 * call opens and closes its own driver client (the background sampler holds its own until closed).
 * Stateless: thread-safe.
 */
public class MongoDbProbe implements StoreProbe {
  /** "not running with --replSet". */
  private static final int NO_REPLICATION_ENABLED = 76;

  /** What mongos answers to replSetGetStatus. */
  private static final int COMMAND_NOT_FOUND = 59;

  private static final String DATA_MEASURE =
      "dbStats objects, dataSize + indexSize (uncompressed) of the database on the primary";

  /**
   * How long describe, reset and count wait for every shard to have a primary: a starved replica
   * set (nine local mongod loading) holds elections, no reason to fail a sweep. {@link #check} does
   * not wait: an address that never answers is bad input, reported at once.
   */
  static final Duration ELECTION_WAIT = Duration.ofSeconds(60);

  @Override
  public void check(Properties props) {
    onEveryShard(props, (client, config) -> null);
  }

  @Override
  public Map<String, Object> describe(Properties props) {
    List<Map<String, Object>> shards =
        onEveryShardOnceElected(props, (client, config) -> describe(client, config, props));
    if (shards.size() == 1) {
      return shards.get(0);
    }
    long documents = 0;
    long bytes = 0;
    List<Map<String, Object>> perShard = new ArrayList<>();
    for (Map<String, Object> shard : shards) {
      Map<?, ?> data = (Map<?, ?>) shard.get(DATA_SET);
      documents += (Long) data.get("documents");
      bytes += (Long) data.get("primary_bytes");
      Map<String, Object> one = new LinkedHashMap<>(shard);
      one.keySet().removeIf(k -> !perShard(k));
      perShard.add(one);
    }
    Map<String, Object> d = new LinkedHashMap<>(shards.get(0));
    d.keySet().removeIf(MongoDbProbe::perShard);
    d.put(
        DATA_SET,
        StoreProbe.dataSet(documents, bytes, DATA_MEASURE + ", summed over the shards", true));
    d.put(
        "mongodb.sharding",
        ("client-side over %s replica sets (%s): documents by CRC32(_id) mod %s, scan and search"
                + " on every shard, merged")
            .formatted(shards.size(), MongoDbShards.SHARDS_PROPERTY, shards.size()));
    d.put("mongodb.shards", perShard);
    return d;
  }

  private static long number(Document d, String key) {
    return d.get(key) instanceof Number n ? n.longValue() : 0;
  }

  /** The facts that differ between shards: listed per shard, not once for the whole cluster. */
  private static boolean perShard(String key) {
    return key.equals("mongodb.url")
        || key.equals("mongodb.replicaSet")
        || key.startsWith("mongodb.indexes.")
        || key.equals("mongodb.wiredTiger.cacheBytes")
        || key.equals("mongodb.defaultWriteConcern")
        || key.equals(DATA_SET);
  }

  private static Map<String, Object> describe(
      MongoClient client, MongoDbConfig config, Properties props) {
    MongoDatabase admin = client.getDatabase("admin");
    Map<String, Object> d = new LinkedHashMap<>();
    d.put(
        "mongodb.server.version",
        admin.runCommand(new Document("buildInfo", 1)).getString("version"));
    Document status = admin.runCommand(new Document("serverStatus", 1));
    d.put("mongodb.storage.engine", status.get("storageEngine", Document.class).getString("name"));
    d.put("mongodb.url", config.safeUrl());
    d.put("mongodb.database", config.database());
    d.put("mongodb.writeConcern", config.writeConcernName());
    d.put("mongodb.writeConcern.effective", config.writeConcern().asDocument().toJson());
    d.put("mongodb.readPreference", config.readPreference().getName());
    d.put("mongodb.readConcern", config.readConcern().asDocument().getString("level").getValue());
    d.put("mongodb.maxPoolSize", config.maxPoolSize());
    d.putAll(journal(admin));
    d.put(
        "mongodb.wiredTiger.cacheBytes",
        status.get("wiredTiger") instanceof Document wt && wt.get("cache") instanceof Document cache
            ? cache.get("maximum bytes configured")
            : null);
    d.put("mongodb.defaultWriteConcern", defaultWriteConcern(admin));
    d.put("mongodb.replicaSet", replicaSet(admin));
    String table = Props.table(props);
    d.put(
        "mongodb.indexes." + table,
        MongoDbSearchIndex.describe(client.getDatabase(config.database()).getCollection(table))
            .stream()
            .map(Document::toJson)
            .collect(Collectors.toList()));
    d.put("mongodb.router", MongoDbRouter.isRouter(client) ? "mongos" : "none");
    Document db = client.getDatabase(config.database()).runCommand(new Document("dbStats", 1));
    d.put(
        DATA_SET,
        StoreProbe.dataSet(
            number(db, "objects"),
            number(db, "dataSize") + number(db, "indexSize"),
            DATA_MEASURE,
            true));
    return d;
  }

  /** Drops the collection and its indexes; the next {@code init()} recreates the text index. */
  @Override
  public void reset(Properties props, String table) {
    onEveryShardOnceElected(
        props,
        (client, config) -> {
          client.getDatabase(config.database()).getCollection(table).drop();
          return null;
        });
  }

  /** Every member of the key's shard (the binding's own routing), from the URLs alone. */
  @Override
  public Map<String, Set<Integer>> primaryPorts(
      Properties props, String table, Collection<String> keys) {
    List<MongoDbConfig> shards = MongoDbShards.configs(props);
    Map<String, Set<Integer>> out = new LinkedHashMap<>();
    for (String key : keys) {
      MongoDbConfig shard = shards.get(MongoDbShards.shardOf(key, shards.size()));
      out.put(
          key,
          new ConnectionString(shard.url())
              .getHosts().stream()
                  .map(h -> new ServerAddress(h).getPort())
                  .collect(Collectors.toSet()));
    }
    return out;
  }

  @Override
  public long count(Properties props, String table) {
    return onEveryShardOnceElected(
            props,
            (client, config) ->
                client.getDatabase(config.database()).getCollection(table).countDocuments())
        .stream()
        .mapToLong(Long::longValue)
        .sum();
  }

  /** {@code serverStatus.extra_info.user_time_us + system_time_us} of each shard's primary. */
  @Override
  public OptionalLong serverCpuNanos(Properties props) {
    try {
      List<Long> perShard =
          onEveryShard(
              props,
              (client, config) -> {
                Document extra =
                    client
                        .getDatabase("admin")
                        .runCommand(new Document("serverStatus", 1))
                        .get("extra_info", Document.class);
                if (extra == null
                    || !(extra.get("user_time_us") instanceof Number u)
                    || !(extra.get("system_time_us") instanceof Number sys)) {
                  return -1L;
                }
                return (u.longValue() + sys.longValue()) * 1000;
              });
      return perShard.contains(-1L)
          ? OptionalLong.empty()
          : OptionalLong.of(perShard.stream().mapToLong(Long::longValue).sum());
    } catch (RuntimeException e) {
      return OptionalLong.empty();
    }
  }

  /** WiredTiger checkpoints ({@code wiredTiger.transaction."transaction checkpoints"}). */
  @Override
  public BackgroundSampler backgroundSampler(Properties props) {
    return new CheckpointSampler(MongoDbShards.configs(props));
  }

  /**
   * Every member's own checkpoint counter: a client per shard finds the members from {@code hello},
   * and a direct client per member asks it for {@code serverStatus}. A member that does not answer
   * within {@link #MEMBER_TIMEOUT_MS} is left out of that sample, and the next sample asks the set
   * for its members again. Clients are kept: the driver reconnects by itself.
   */
  private static final class CheckpointSampler implements BackgroundSampler {
    /** How long a sample waits for one member: a dead one must not hold up the others' samples. */
    static final int MEMBER_TIMEOUT_MS = 500;

    private final List<MongoDbConfig> shards;
    private final List<MongoClient> sets = new ArrayList<>();
    private final Map<String, MongoClient> members = new LinkedHashMap<>();
    private boolean whole;

    CheckpointSampler(List<MongoDbConfig> shards) {
      this.shards = List.copyOf(shards);
      try {
        for (MongoDbConfig config : shards) {
          sets.add(MongoClients.create(config.clientSettings()));
        }
      } catch (RuntimeException e) {
        close();
        throw e;
      }
    }

    @Override
    public synchronized Map<String, Long> counters() {
      if (!whole) {
        findMembers();
      }
      Map<String, Long> n = new TreeMap<>();
      for (var it = members.entrySet().iterator(); it.hasNext(); ) {
        var member = it.next();
        try {
          Document status =
              member.getValue().getDatabase("admin").runCommand(new Document("serverStatus", 1));
          Document wt = status.get("wiredTiger", Document.class);
          Document tx = wt == null ? null : wt.get("transaction", Document.class);
          if (tx != null && tx.get("transaction checkpoints") instanceof Number c) {
            n.put(BackgroundSampler.key("wt_checkpoint", member.getKey()), c.longValue());
          }
        } catch (RuntimeException e) {
          whole = false; // not sampled now; its client is kept and reconnects by itself
        }
      }
      return n;
    }

    /** Opens a direct client to every member it lacks; whole when every set answered. */
    private void findMembers() {
      whole = true;
      for (int i = 0; i < sets.size(); i++) {
        List<String> hosts;
        try {
          Document hello = sets.get(i).getDatabase("admin").runCommand(new Document("hello", 1));
          hosts = hello.getList("hosts", String.class, List.of());
          if (hosts.isEmpty()) {
            // A standalone server (no replica set) names no members: it is its own one.
            hosts = List.of(shards.get(i).address().split(","));
          }
        } catch (RuntimeException e) {
          whole = false;
          continue;
        }
        for (String host : hosts) {
          if (!members.containsKey(host)) {
            members.put(host, MongoClients.create(direct(shards.get(i), host)));
          }
        }
      }
    }

    /** One member alone, whatever its role, with a short wait. */
    private static MongoClientSettings direct(MongoDbConfig config, String host) {
      return MongoClientSettings.builder(config.clientSettings())
          .readPreference(ReadPreference.nearest())
          .applyToClusterSettings(
              b ->
                  b.hosts(List.of(new ServerAddress(host)))
                      .mode(ClusterConnectionMode.SINGLE)
                      .requiredReplicaSetName(null)
                      .serverSelectionTimeout(MEMBER_TIMEOUT_MS, TimeUnit.MILLISECONDS))
          .applyToSocketSettings(
              b ->
                  b.connectTimeout(MEMBER_TIMEOUT_MS, TimeUnit.MILLISECONDS)
                      .readTimeout(MEMBER_TIMEOUT_MS, TimeUnit.MILLISECONDS))
          .build();
    }

    @Override
    public synchronized void close() {
      List<MongoClient> all = new ArrayList<>(sets);
      all.addAll(members.values());
      for (MongoClient client : all) {
        try {
          client.close();
        } catch (RuntimeException e) {
          // Closing a client whose server went away may fail; nothing of the step depends on it.
        }
      }
      members.clear();
    }
  }

  /** The server's default write concern; a standalone server has none to set. */
  private static Object defaultWriteConcern(MongoDatabase admin) {
    try {
      Document rw = admin.runCommand(new Document("getDefaultRWConcern", 1));
      Object wc = rw.get("defaultWriteConcern");
      return wc instanceof Document doc
          ? doc.toJson() + " (" + rw.getString("defaultWriteConcernSource") + ")"
          : "none set (" + rw.getString("defaultWriteConcernSource") + ")";
    } catch (MongoException e) {
      return "w:1 (implicit: " + SetupException.firstLine(e.getMessage()) + ")";
    }
  }

  /** Journal on or off, and the commit interval that bounds what a {@code j:false} write loses. */
  private static Map<String, Object> journal(MongoDatabase admin) {
    Map<String, Object> j = new LinkedHashMap<>();
    Document opts =
        admin.runCommand(new Document("getCmdLineOpts", 1)).get("parsed", Document.class);
    Document storage = opts.get("storage", Document.class);
    Document journal = storage == null ? null : storage.get("journal", Document.class);
    Object enabled = journal == null ? null : journal.get("enabled");
    j.put("mongodb.journal.enabled", enabled == null ? "true (default)" : String.valueOf(enabled));
    Document param =
        admin.runCommand(new Document("getParameter", 1).append("journalCommitInterval", 1));
    j.put("mongodb.journal.commitIntervalMs", param.get("journalCommitInterval"));
    return j;
  }

  /** Members as {@code host state}, or "standalone". */
  private static Object replicaSet(MongoDatabase admin) {
    try {
      Document rs = admin.runCommand(new Document("replSetGetStatus", 1));
      List<Document> members = rs.getList("members", Document.class);
      return Map.of(
          "name",
          rs.getString("set"),
          "members",
          members.stream()
              .map(m -> m.getString("name") + " " + m.getString("stateStr"))
              .collect(Collectors.toList()));
    } catch (MongoCommandException e) {
      if (e.getErrorCode() == NO_REPLICATION_ENABLED) {
        return "standalone";
      }
      if (e.getErrorCode() == COMMAND_NOT_FOUND) {
        return "none (mongos: see the shards)";
      }
      throw e;
    }
  }

  /** Retries {@link #onEveryShard} while a shard has no usable server ({@link #ELECTION_WAIT}). */
  private static <T> List<T> onEveryShardOnceElected(
      Properties props, BiFunction<MongoClient, MongoDbConfig, T> action) {
    long deadline = System.nanoTime() + ELECTION_WAIT.toNanos();
    while (true) {
      try {
        return onEveryShard(props, action);
      } catch (SetupException e) {
        if (!(e.getCause() instanceof MongoTimeoutException) || System.nanoTime() > deadline) {
          throw e;
        }
        try {
          Thread.sleep(1000);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /** Runs {@code action} on every shard with a fresh, pinged client, failures as SetupException. */
  private static <T> List<T> onEveryShard(
      Properties props, BiFunction<MongoClient, MongoDbConfig, T> action) {
    List<T> results = new ArrayList<>();
    for (MongoDbConfig config : MongoDbShards.configs(props)) {
      try (MongoClient client = MongoClients.create(config.clientSettings())) {
        MongoDbSetupErrors.ping(client, config);
        results.add(action.apply(client, config));
      } catch (MongoException e) {
        throw MongoDbSetupErrors.translate(config, e);
      }
    }
    return results;
  }
}
