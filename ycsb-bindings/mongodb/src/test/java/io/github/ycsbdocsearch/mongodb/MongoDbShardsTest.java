package io.github.ycsbdocsearch.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.FanOut;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.SortedMerge;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MongoDbShardsTest {

  @Test
  void withoutShardsThePlainUrlIsTheOnlyShard() {
    Properties p = new Properties();
    p.setProperty(MongoDbConfig.URL_PROPERTY, "mongodb://127.0.0.1:1/db");
    List<MongoDbConfig> c = MongoDbShards.configs(p);
    assertEquals(1, c.size());
    assertEquals("mongodb://127.0.0.1:1/db", c.get(0).url());
  }

  @Test
  void everyShardGetsTheOtherProperties() {
    Properties p = new Properties();
    p.setProperty(
        MongoDbShards.SHARDS_PROPERTY,
        " mongodb://h:1/ycsb?replicaSet=a \n mongodb://h:2,h:3/ycsb?replicaSet=b ");
    p.setProperty(MongoDbConfig.WRITE_CONCERN_PROPERTY, "journaled");
    List<MongoDbConfig> c = MongoDbShards.configs(p);
    assertEquals(
        List.of("mongodb://h:1/ycsb?replicaSet=a", "mongodb://h:2,h:3/ycsb?replicaSet=b"),
        c.stream().map(MongoDbConfig::url).collect(Collectors.toList()));
    assertTrue(c.stream().allMatch(x -> x.writeConcernName().equals("journaled")));
  }

  @Test
  void aRepeatedOrMalformedShardIsOneLine() {
    Properties p = new Properties();
    p.setProperty(
        MongoDbShards.SHARDS_PROPERTY, "mongodb://u:pw1@h:1/ycsb mongodb://u:pw1@h:1/ycsb");
    SetupException e = assertThrows(SetupException.class, () -> MongoDbShards.configs(p));
    assertTrue(e.getMessage().contains(MongoDbShards.SHARDS_PROPERTY), e.getMessage());
    assertTrue(
        !e.getMessage().contains("pw1") && e.getMessage().contains("u:***@h:1"), e.getMessage());
    p.setProperty(MongoDbShards.SHARDS_PROPERTY, "mongodb://h:1/ycsb http://x");
    e = assertThrows(SetupException.class, () -> MongoDbShards.configs(p));
    assertTrue(e.getMessage().contains(MongoDbConfig.URL_PROPERTY), e.getMessage());
  }

  /**
   * Pinned values: a change of the hash would move documents between shards of an existing data
   * set.
   */
  @Test
  void theShardOfAKeyIsStableAndSpread() {
    assertEquals(0, MongoDbShards.shardOf("anything", 1));
    assertEquals(
        List.of(1, 2, 2, 1),
        List.of(
            MongoDbShards.shardOf("user1", 3),
            MongoDbShards.shardOf("user2", 3),
            MongoDbShards.shardOf("user3", 3),
            MongoDbShards.shardOf("user6284781860667377211", 3)));
    int[] counts = new int[3];
    for (int i = 0; i < 30_000; i++) {
      counts[MongoDbShards.shardOf("user" + i, 3)]++;
    }
    for (int c : counts) {
      assertTrue(c > 9_000 && c < 11_000, Arrays.toString(counts));
    }
  }

  /**
   * The merged page equals the page of the whole sorted set, for random shards, offsets and sizes.
   */
  @Test
  void mergePageEqualsThePageOfTheWholeOrder() {
    Random r = new Random(42);
    for (int round = 0; round < 500; round++) {
      int shards = 1 + r.nextInt(4);
      List<Integer> all =
          IntStream.range(0, r.nextInt(60))
              .map(i -> r.nextInt(1000))
              .distinct()
              .boxed()
              .collect(Collectors.toList());
      Comparator<Integer> order =
          r.nextBoolean() ? Comparator.naturalOrder() : Comparator.reverseOrder();
      List<List<Integer>> perShard = new ArrayList<>();
      for (int s = 0; s < shards; s++) {
        final int shard = s;
        perShard.add(
            all.stream()
                .filter(x -> x % shards == shard)
                .sorted(order)
                .collect(Collectors.toList()));
      }
      int offset = r.nextInt(70);
      int count = 1 + r.nextInt(15);
      List<Integer> expected =
          all.stream().sorted(order).skip(offset).limit(count).collect(Collectors.toList());
      assertEquals(expected, SortedMerge.page(perShard, order, offset, count));
    }
  }

  @Test
  void fanOutKeepsShardOrderAndRethrows() {
    assertEquals(List.of(2, 4, 6), FanOut.all(MongoDbShards.FAN_OUT, List.of(1, 2, 3), x -> x * 2));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                FanOut.all(
                    MongoDbShards.FAN_OUT,
                    List.of(1, 2, 3),
                    x -> {
                      if (x == 3) {
                        throw new IllegalArgumentException("shard 3");
                      }
                      return x;
                    }));
    assertEquals("shard 3", e.getMessage());
  }

  @Test
  void keysCompareAsUtf8Bytes() {
    assertTrue(MongoDbClient.compareUtf8("a", "b") < 0);
    // U+00E9 (2 bytes, 0xC3..) sorts after 'z' bytewise, as MongoDB orders strings.
    assertTrue(MongoDbClient.compareUtf8("\u00e9", "z") > 0);
  }
}
