package io.github.ycsbdocsearch.mongodb;

import io.github.ycsbdocsearch.common.FanOut;
import io.github.ycsbdocsearch.common.Props;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.zip.CRC32;

/**
 * Client-side sharding over several replica sets, for a MongoDB deployment without a router ({@code
 * mongos}): the local cluster topology, because no package registry reachable from these machines
 * ships {@code mongos}.
 *
 * <p>It does what {@code mongos} does for a collection sharded on a hashed {@code _id}: a document
 * lives on the shard its key hashes to (CRC32 of the UTF-8 key, modulo the shard count; stable
 * across JVMs); reads and writes by key go to that shard only; a scan or a search goes to every
 * shard, each returning its own first {@code offset + count} in the requested order, and the merged
 * order's entries {@code offset .. offset + count - 1} are the page. That merge is exact because
 * each record lives on exactly one shard, so the global top N lies in the union of every shard's
 * top N (the same argument as the Redis cluster's search fan-out).
 *
 * <p>Stateless apart from one shared daemon thread pool for the fan-out: thread-safe.
 */
final class MongoDbShards {
  /**
   * Whitespace-separated connection strings, one per shard (each usually a replica set). When set,
   * it replaces {@code mongodb.url}; every other {@code mongodb.*} property applies to each shard.
   */
  static final String SHARDS_PROPERTY = "mongodb.shards";

  /**
   * Daemon threads, created on demand and reused: never keeps a JVM alive, idle threads end after
   * 60 s.
   */
  static final ExecutorService FAN_OUT = FanOut.pool("mongodb-shard-fanout");

  private MongoDbShards() {}

  /**
   * One config per shard: the URLs of {@value #SHARDS_PROPERTY} (each once), or the single {@code
   * mongodb.url}.
   */
  static List<MongoDbConfig> configs(Properties p) {
    String shards = Props.string(p, SHARDS_PROPERTY, "").trim();
    if (shards.isEmpty()) {
      return List.of(MongoDbConfig.fromProperties(p));
    }
    List<MongoDbConfig> configs = new ArrayList<>();
    for (String url : shards.split("\\s+")) {
      Properties one = new Properties();
      one.putAll(p);
      one.setProperty(MongoDbConfig.URL_PROPERTY, url);
      MongoDbConfig c = MongoDbConfig.fromProperties(one);
      if (configs.stream().anyMatch(o -> o.url().equals(url))) {
        // Every URL's password masked, not only the first one's.
        throw Props.bad(
            SHARDS_PROPERTY,
            shards.replaceAll("//([^:/@\\s]+):[^@\\s]*@", "//$1:***@"),
            "distinct connection strings, one per shard");
      }
      configs.add(c);
    }
    return List.copyOf(configs);
  }

  /** The shard that holds {@code key}: CRC32 of its UTF-8 bytes modulo {@code shards}. */
  static int shardOf(String key, int shards) {
    if (shards == 1) {
      return 0;
    }
    CRC32 crc = new CRC32();
    crc.update(key.getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() % shards);
  }
}
