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

  /** Checks the store answers at the configured address and credentials; else SetupException. */
  void check(Properties props);

  /**
   * The server version and every store-side setting that shapes the numbers, for the results
   * manifest. Keys are stable, values JSON-friendly.
   */
  Map<String, Object> describe(Properties props);

  /** Drops the table's documents and its search index, so a load starts from nothing. */
  void reset(Properties props, String table);

  /**
   * Makes every acknowledged write visible to search (Elasticsearch: refresh). A no-op by default:
   * RediSearch and MongoDB index within the write. For verification and tests only.
   */
  default void refresh(Properties props, String table) {}

  /** Documents in the table, to check a load. */
  long count(Properties props, String table);

  /**
   * The ports of the servers that may hold each key's primary copy now (Redis: its slot's master;
   * MongoDB: its shard's members), for the loss drill to know which acknowledged writes the killed
   * primary alone held. Empty where the store does not route keys itself (Elasticsearch).
   */
  default Map<String, Set<Integer>> primaryPorts(
      Properties props, String table, Collection<String> keys) {
    return Map.of();
  }

  /**
   * CPU nanoseconds the store's servers report using since they started, summed over every server
   * reached; empty when the store does not say. The runner differences it over a step's window.
   */
  default OptionalLong serverCpuNanos(Properties props) {
    return OptionalLong.empty();
  }

  /**
   * Opens a sampler of the store's background-work counters, held until closed (the runner opens
   * one per step, reads it each second). Never fails on an unreachable store: its counters are
   * empty until it answers.
   */
  default BackgroundSampler backgroundSampler(Properties props) {
    return Map::of;
  }

  /**
   * Counters of the store's background work so far, by kind (the names {@code events.json} uses:
   * {@code aof_rewrite}, {@code rdb_save}, {@code es_refresh}, {@code es_flush}, {@code es_merge},
   * {@code es_gc_young}, {@code es_gc_old}, {@code wt_checkpoint}) and by server ({@link #key
   * kind@node}), replicas and secondaries too: a sum over the current primaries would jump when a
   * failover promotes a replica. The runner differences each server's counter against its own
   * previous value; a server that cannot be reached is left out of that sample, never read as zero.
   * Each counts the times that work started; a kind plus {@link #MILLIS} is that work's time in ms
   * so far (a JVM's collection time). Calls come one at a time, possibly from different threads.
   */
  interface BackgroundSampler extends AutoCloseable {
    /** The suffix of a kind's time counter: {@code es_gc_young_ms} is {@code es_gc_young}'s. */
    String MILLIS = "_ms";

    /** Between a counter's kind and its server in a key: {@code aof_rewrite@127.0.0.1:7001}. */
    String AT = "@";

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

  /** The key of {@link #describe}'s data-set entry ({@link #dataSet}), beside the memory budget. */
  String DATA_SET = "data_set";

  /**
   * A data-set entry for {@link #describe}: everything the primaries hold (all of it competes for
   * the memory budget), by the store's own {@code measure}, and whether that measure is of what the
   * budget holds ({@code in_memory}: Redis's dataset memory and MongoDB's WiredTiger cache are;
   * Elasticsearch's files on disk go through the page cache, not its heap).
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
