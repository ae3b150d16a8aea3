package io.github.ycsbdocsearch.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.contract.StoreContractTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/**
 * The shared store contract against the local cluster topology ({@code scripts/stores.sh start
 * --topology cluster mongodb}): three shards, each a replica set, routed by the binding ({@code
 * mongodb.shards}), writes with {@code w: majority}, reads from each shard's primary. The
 * contract's search tests then prove the merge of every shard's top offset+count (first pages, deep
 * pages, both orders).
 *
 * <p>Runs only when env {@code DOCSEARCH_CLUSTER_ITS=true}, and then fails if the shards are down.
 * Env {@code MONGODB_RS_BASE_PORT} (27018), {@code MONGODB_SHARDS} (3), {@code
 * MONGODB_SHARD_MEMBERS} (3) and {@code MONGODB_SHARD_PREFIX} (shard) say where they are, as for
 * stores.sh.
 */
class MongoDbShardedContractIT extends StoreContractTest {

  private static int env(String name, int def) {
    return Integer.parseInt(System.getenv().getOrDefault(name, String.valueOf(def)));
  }

  /** The shard connection strings, as stores.sh writes them into hosts-cluster.json. */
  static List<String> shardUrls() {
    int base = env("MONGODB_RS_BASE_PORT", 27018);
    int shards = env("MONGODB_SHARDS", 3);
    int members = env("MONGODB_SHARD_MEMBERS", 3);
    String prefix = System.getenv().getOrDefault("MONGODB_SHARD_PREFIX", "shard");
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < shards; i++) {
      int first = base + i * members;
      urls.add(
          "mongodb://"
              + IntStream.range(0, members)
                  .mapToObj(j -> "127.0.0.1:" + (first + j))
                  .collect(Collectors.joining(","))
              + "/ycsb?replicaSet="
              + prefix
              + i);
    }
    return urls;
  }

  @Override
  protected StoreKind kind() {
    return StoreKind.MONGODB;
  }

  /**
   * Also the switch: the contract's {@code @BeforeEach} asks for these first, so the assumption
   * here skips each test visibly (a class-level assumption would show as zero tests run).
   */
  @Override
  protected Properties connectionProperties() {
    assumeTrue(
        "true".equals(System.getenv("DOCSEARCH_CLUSTER_ITS")),
        "cluster ITs are off: set DOCSEARCH_CLUSTER_ITS=true after scripts/stores.sh start"
            + " --topology cluster");
    Properties p = new Properties();
    p.setProperty(MongoDbShards.SHARDS_PROPERTY, String.join(" ", shardUrls()));
    p.setProperty(MongoDbConfig.WRITE_CONCERN_PROPERTY, "majority");
    return p;
  }

  @Test
  void theProbeSeesEveryShardWithAPrimaryAndMajorityWrites() {
    Map<String, Object> d = probe.describe(props);
    assertEquals("{\"w\": \"majority\"}", d.get("mongodb.writeConcern.effective"));
    List<?> shards = (List<?>) d.get("mongodb.shards");
    assertEquals(shardUrls().size(), shards.size(), shards.toString());
    for (Object s : shards) {
      Map<?, ?> rs = (Map<?, ?>) ((Map<?, ?>) s).get("mongodb.replicaSet");
      List<?> members = (List<?>) rs.get("members");
      assertEquals(env("MONGODB_SHARD_MEMBERS", 3), members.size(), members.toString());
      assertEquals(
          1,
          members.stream().filter(m -> m.toString().endsWith(" PRIMARY")).count(),
          members.toString());
      // Per shard, as each applied them: its cache (a third of a server's budget) and its default
      // write concern.
      Map<?, ?> shard = (Map<?, ?>) s;
      assertTrue(
          shard.get("mongodb.wiredTiger.cacheBytes") instanceof Number n && n.longValue() > 0,
          s.toString());
      assertTrue(
          String.valueOf(shard.get("mongodb.defaultWriteConcern")).contains("\"w\""), s.toString());
    }
  }

  /**
   * Every document is on exactly the shard its key hashes to, and every shard gets some of 300
   * documents.
   */
  @Test
  void documentsSpreadOverTheShardsByHashedKey() {
    int n = 300;
    for (int i = 0; i < n; i++) {
      assertEquals(
          Status.OK,
          db.insert(
              table,
              "user" + i,
              fields("field0", "v" + i, "title", "alpha beta", "rank", String.valueOf(i))));
    }
    List<String> urls = shardUrls();
    long total = 0;
    for (int s = 0; s < urls.size(); s++) {
      try (MongoClient c = MongoClients.create(urls.get(s))) {
        List<String> keys =
            c.getDatabase("ycsb")
                .getCollection(table)
                .find()
                .projection(new Document("_id", 1))
                .map(doc -> doc.getString("_id"))
                .into(new ArrayList<>());
        assertTrue(keys.size() > n / 10, "shard " + s + " holds only " + keys.size() + " of " + n);
        for (String k : keys) {
          assertEquals(s, MongoDbShards.shardOf(k, urls.size()), k + " is on the wrong shard");
        }
        total += keys.size();
      }
    }
    assertEquals(n, total);
    assertEquals(n, probe.count(props, table));
  }
}
