package io.github.ycsbdocsearch.redisjson;

import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SortedMerge;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Search on a Redis OSS cluster without the search coordinator: asks every master's index for its
 * first {@code offset + pageSize} hits with their sort values, in parallel, and merges them; the
 * page is the merged hits {@code offset .. offset + pageSize - 1}. Correct because each record
 * lives on exactly one master, so the global top N is contained in the union of every master's top
 * N. Thread-safe (the executor is shared).
 */
final class ClusterSearch {
  private final ExecutorService fanOut;

  ClusterSearch(ExecutorService fanOut) {
    this.fanOut = fanOut;
  }

  /** The record keys of the page, in order. */
  List<SortedKey> pageKeys(UnifiedJedis jedis, List<String> shardIndexes, SearchQuery q) {
    List<Future<List<SortedKey>>> others = new ArrayList<>(shardIndexes.size());
    for (int i = 1; i < shardIndexes.size(); i++) {
      String index = shardIndexes.get(i);
      others.add(fanOut.submit(() -> shardTop(jedis, index, q)));
    }
    List<List<SortedKey>> shards = new ArrayList<>(shardIndexes.size());
    shards.add(shardTop(jedis, shardIndexes.get(0), q));
    for (Future<List<SortedKey>> f : others) {
      shards.add(await(f));
    }
    return merge(shards, q.ascending(), q.offset(), q.pageSize());
  }

  private static List<SortedKey> shardTop(UnifiedJedis jedis, String index, SearchQuery q) {
    return RedisSearchQuery.readShardTop(jedis.executeCommand(RedisSearchQuery.shardTop(index, q)));
  }

  private static List<SortedKey> await(Future<List<SortedKey>> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JedisException("interrupted while waiting for a shard's search", e);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      throw c instanceof RuntimeException ? (RuntimeException) c : new JedisException(c);
    }
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
