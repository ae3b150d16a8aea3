package io.github.ycsbdocsearch.redisjson;

import io.github.ycsbdocsearch.common.FanOut;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SortedMerge;
import java.util.List;
import java.util.concurrent.ExecutorService;
import redis.clients.jedis.UnifiedJedis;

/**
 * Search on a Redis OSS cluster without the search coordinator: asks every master's index for its
 * first {@code offset + pageSize} hits with their sort values, in parallel, and merges them; the
 * page is the merged hits {@code offset .. offset + pageSize - 1}. Correct because each record
 * lives on exactly one master, so the global top N is contained in the union of every master's top
 * N. Thread-safe (the executor is shared).
 */
record ClusterSearch(ExecutorService fanOut) {

  /** The record keys of the page, in order. */
  List<SortedKey> pageKeys(UnifiedJedis jedis, List<String> shardIndexes, SearchQuery q) {
    return merge(
        FanOut.all(fanOut, shardIndexes, index -> shardTop(jedis, index, q)),
        q.ascending(),
        q.offset(),
        q.pageSize());
  }

  private static List<SortedKey> shardTop(UnifiedJedis jedis, String index, SearchQuery q) {
    return RedisSearchQuery.readShardTop(jedis.executeCommand(RedisSearchQuery.shardTop(index, q)));
  }

  /**
   * Merges shard lists, each already in {@code SortedKey.order(ascending)}, and returns the hits
   * {@code offset .. offset + count - 1} of the merged order (fewer at the end, none past it).
   */
  static List<SortedKey> merge(
      List<List<SortedKey>> shards, boolean ascending, int offset, int count) {
    return SortedMerge.page(shards, SortedKey.order(ascending), offset, count);
  }
}
