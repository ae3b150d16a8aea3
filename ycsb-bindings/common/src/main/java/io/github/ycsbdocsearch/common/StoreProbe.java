package io.github.ycsbdocsearch.common;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;

/**
 * What the runner and the verifier need from a store outside the measured operations. One
 * implementation per binding, with a public no-argument constructor; named in {@link StoreKind}.
 * Each method opens and closes its own connection, except the {@link BackgroundSampler}, which
 * holds one until closed; none is called from a measured operation.
 */
public interface StoreProbe {

  /**
   * Checks that the store answers at the configured address with the configured credentials.
   *
   * @throws SetupException one line naming the store, the address and what is wrong
   */
  void check(Properties props);

  /**
   * The server version and every store-side setting that shapes the numbers (durability,
   * replication, shards, index options, refresh policy...), for the results manifest. Keys are
   * stable, values JSON-friendly.
   */
  Map<String, Object> describe(Properties props);

  /** Drops the table's documents and its search index, so a load starts from nothing. */
  void reset(Properties props, String table);

  /**
   * Makes every acknowledged write visible to search (Elasticsearch: refresh). A no-op by default:
   * RediSearch and MongoDB update their indexes within the write, so an acknowledged write is
   * already searchable. For verification and tests only: never called inside a measured operation.
   */
  default void refresh(Properties props, String table) {}

  /** Number of documents in the table, to check a load. */
  long count(Properties props, String table);

  /**
   * The ports of the servers that may hold each key's primary copy now: Redis, the master serving
   * its slot; MongoDB, every member of its shard's replica set. For the loss drill, which asks it
   * before a fault to know which acknowledged writes the killed primary alone held. Empty where the
   * store does not route keys itself (Elasticsearch).
   */
  default Map<String, Set<Integer>> primaryPorts(
      Properties props, String table, Collection<String> keys) {
    return Map.of();
  }

  /**
   * CPU time the store's server processes report having used since they started, summed over every
   * server the connection reaches (Redis {@code INFO cpu}, MongoDB {@code serverStatus.extra_info},
   * Elasticsearch node stats), in nanoseconds; empty when the store does not say. The runner takes
   * the difference over a step's window to record a remote store's CPU beside the client's.
   */
  default OptionalLong serverCpuNanos(Properties props) {
    return OptionalLong.empty();
  }

  /**
   * Opens a sampler of the store's background-work counters: one connection (or client) held from
   * here to its {@link BackgroundSampler#close}, which the runner opens once per step and reads
   * each second of it. Opening does not fail on an unreachable store: the sampler's counters are
   * then empty until it answers.
   */
  default BackgroundSampler backgroundSampler(Properties props) {
    return Map::of;
  }

  /**
   * Counters of the store's background work so far, by kind (the names {@code events.json} uses:
   * {@code aof_rewrite}, {@code rdb_save}, {@code es_refresh}, {@code es_flush}, {@code es_merge},
   * {@code es_gc_young}, {@code es_gc_old}, {@code wt_checkpoint}) and by server: each key is
   * {@link #key kind@node}, every server's own counter, replicas and secondaries too. Per server,
   * because a sum over the current primaries jumps when a failover promotes a replica (its lifetime
   * count joins the sum: one made-up event) and drops when a server leaves; the runner differences
   * each server's counter against that server's own previous value, so a server that joins or is
   * promoted is no event, and one that cannot be reached is left out of that sample (not sampled),
   * never read as zero. Each counts the times that work started. A counter named after a kind plus
   * {@link #MILLIS} is not a kind of its own: it is the milliseconds that kind's work took so far
   * (a JVM's collection time), and its increase goes into the event's detail. One instance per
   * step; its calls come one at a time (possibly from different threads, never at once).
   */
  interface BackgroundSampler extends AutoCloseable {
    /** The suffix of a kind's time counter: {@code es_gc_young_ms} is {@code es_gc_young}'s. */
    String MILLIS = "_ms";

    /** Between a counter's kind and its server in a key: {@code aof_rewrite@127.0.0.1:7001}. */
    String AT = "@";

    /** The key of {@code kind}'s counter on {@code node}. */
    static String key(String kind, String node) {
      return kind + AT + node;
    }

    /** The kind of a counter's key ({@code aof_rewrite} of {@code aof_rewrite@127.0.0.1:7001}). */
    static String kindOf(String key) {
      int at = key.indexOf(AT);
      return at < 0 ? key : key.substring(0, at);
    }

    /** The server of a counter's key; "" for a key without one. */
    static String nodeOf(String key) {
      int at = key.indexOf(AT);
      return at < 0 ? "" : key.substring(at + 1);
    }

    /**
     * The counters now; empty when the store does not say, or cannot be reached now. Never throws.
     */
    Map<String, Long> counters();

    /** Closes the connection; never throws (nothing of the step depends on it). */
    @Override
    default void close() {}
  }

  /**
   * The key under which every {@link #describe} reports the data set ({@link #dataSet}): the
   * manifest's one record of it, local and remote alike, beside the memory budget.
   */
  String DATA_SET = "data_set";

  /**
   * A data-set entry for {@link #describe}: what the primaries hold (documents, keys and indexes;
   * everything they hold, not just the benchmark's table, since all of it competes for the memory
   * budget), by the store's own measure, named in {@code measure} (measures differ: memory for
   * Redis, uncompressed data and indexes for MongoDB, files on disk for Elasticsearch), and whether
   * that measure is of what the memory budget holds ({@code in_memory}): Redis's dataset memory is,
   * and MongoDB's uncompressed data and indexes are what its WiredTiger cache (the budget) holds;
   * Elasticsearch's files on disk are read through the OS page cache, not its heap (the budget), so
   * comparing them with the budget is comparing unlike things.
   */
  static Map<String, Object> dataSet(
      long documents, long primaryBytes, String measure, boolean inMemory) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("documents", documents);
    m.put("primary_bytes", primaryBytes);
    m.put("measure", measure);
    m.put("in_memory", inMemory);
    return m;
  }
}
