package io.github.ycsbdocsearch.common;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * One page of the merge of several sorted lists: what a fan-out over shards needs when each shard
 * returned its own first {@code offset + count} hits in order (Redis cluster masters, MongoDB
 * shards). The page is exact when every record lives on exactly one shard, because the global top
 * {@code offset + count} then lies in the union of every shard's top {@code offset + count}.
 * Stateless: thread-safe.
 */
public final class SortedMerge {
  private SortedMerge() {}

  /**
   * The merged entries {@code offset .. offset + count - 1} (fewer at the end, none past it) of
   * lists each already sorted by {@code order}.
   */
  public static <T> List<T> page(
      List<List<T>> sortedLists, Comparator<T> order, int offset, int count) {
    PriorityQueue<Cursor<T>> heads =
        new PriorityQueue<>((a, b) -> order.compare(a.head(), b.head()));
    for (List<T> l : sortedLists) {
      if (!l.isEmpty()) {
        heads.add(new Cursor<>(l));
      }
    }
    List<T> page = new ArrayList<>(Math.min(count, 1024));
    long seen = 0;
    while (!heads.isEmpty() && page.size() < count) {
      Cursor<T> c = heads.poll();
      if (seen++ >= offset) {
        page.add(c.head());
      }
      if (c.advance()) {
        heads.add(c);
      }
    }
    return page;
  }

  /** A position in one sorted list. Confined to one merge. */
  private static final class Cursor<T> {
    private final List<T> list;
    private int next;

    Cursor(List<T> list) {
      this.list = list;
    }

    T head() {
      return list.get(next);
    }

    boolean advance() {
      return ++next < list.size();
    }
  }
}
