package io.github.ycsbdocsearch.common.verify;

import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.data.Dataset;
import io.github.ycsbdocsearch.common.data.DocumentGenerator;
import io.github.ycsbdocsearch.common.data.KeyNames;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.LongFunction;

/**
 * The right answer to any search over the loaded records, computed from the data source alone (no
 * store): an inverted index token -> record numbers, intersected for AND, sorted by rank, sliced to
 * the page. For a dataset the tokens are {@link io.github.ycsbdocsearch.common.text.CanonicalText
 * canonical} tokens, whatever the text mode. Built once, then immutable and thread-safe (the key
 * lookup for {@link #document} is built on first use).
 */
public final class SearchOracle {
  private final Map<String, int[]> postings;
  private final long[] ranks;
  private final IntFunction<String> keyOf;
  private final LongFunction<Map<String, String>> documentOf;
  private volatile Map<String, Integer> recordOfKey;

  private SearchOracle(
      Map<String, int[]> postings,
      long[] ranks,
      IntFunction<String> keyOf,
      LongFunction<Map<String, String>> documentOf) {
    this.postings = postings;
    this.ranks = ranks;
    this.keyOf = keyOf;
    this.documentOf = documentOf;
  }

  /**
   * Indexes the generator's records {@code 0..recordCount-1} as loaded (version 0). Two passes over
   * the generator (count, then fill) so that only the postings (4 bytes per distinct title word)
   * and the ranks (8 bytes per record) are held: the workload builds this for its page mix.
   */
  public static SearchOracle build(
      DocumentGenerator generator, KeyNames keyNames, int recordCount) {
    int words = generator.vocabulary().size();
    int[] counts = new int[words];
    long[] ranks = new long[recordCount];
    for (int r = 0; r < recordCount; r++) {
      for (int w : distinctTitleWords(generator, r)) {
        counts[w]++;
      }
      ranks[r] = generator.rank(r, 0);
    }
    int[][] lists = allocate(counts);
    int[] fill = new int[words];
    for (int r = 0; r < recordCount; r++) {
      for (int w : distinctTitleWords(generator, r)) {
        lists[w][fill[w]++] = r; // ascending record numbers by construction
      }
    }
    return new SearchOracle(
        byWord(lists, generator.vocabulary()::word),
        ranks,
        keyNames::key,
        r -> generator.document(r, 0));
  }

  /** Indexes every document of a dataset file as loaded, by canonical tokens. */
  public static SearchOracle build(Dataset dataset) {
    int n = dataset.size();
    int[] counts = new int[dataset.wordCount()];
    long[] ranks = new long[n];
    for (int r = 0; r < n; r++) {
      for (int w : dataset.tokenIds(r)) {
        counts[w]++;
      }
      ranks[r] = dataset.rank(r);
    }
    int[][] lists = allocate(counts);
    int[] fill = new int[counts.length];
    for (int r = 0; r < n; r++) {
      for (int w : dataset.tokenIds(r)) {
        lists[w][fill[w]++] = r;
      }
    }
    return new SearchOracle(
        byWord(lists, dataset::word), ranks, dataset::key, r -> dataset.document(r, 0));
  }

  private static int[] distinctTitleWords(DocumentGenerator generator, int r) {
    return Arrays.stream(generator.titleWords(r, 0)).distinct().toArray();
  }

  private static int[][] allocate(int[] counts) {
    int[][] lists = new int[counts.length][];
    for (int w = 0; w < counts.length; w++) {
      lists[w] = new int[counts[w]];
    }
    return lists;
  }

  private static Map<String, int[]> byWord(int[][] lists, IntFunction<String> word) {
    Map<String, int[]> postings = new HashMap<>(lists.length * 2);
    for (int w = 0; w < lists.length; w++) {
      postings.put(word.apply(w), lists[w]);
    }
    return postings;
  }

  /** The ordered keys of the query's page. */
  public List<String> answer(SearchQuery query) {
    Comparator<Integer> byRank = Comparator.comparingLong(r -> ranks[r]);
    return Arrays.stream(hits(query.words()))
        .boxed()
        .sorted(query.ascending() ? byRank : byRank.reversed())
        .skip(query.offset())
        .limit(query.pageSize())
        .map(keyOf::apply)
        .toList();
  }

  /** How many records contain every word. */
  public int hitCount(List<String> words) {
    return hits(words).length;
  }

  /** Records indexed. */
  public int size() {
    return ranks.length;
  }

  /** The loaded document of a key, or null when the key was not loaded. */
  public Map<String, String> document(String key) {
    Map<String, Integer> byKey = recordOfKey;
    if (byKey == null) {
      byKey = new HashMap<>(ranks.length * 2);
      for (int r = 0; r < ranks.length; r++) {
        byKey.put(keyOf.apply(r), r);
      }
      recordOfKey = byKey;
    }
    Integer r = byKey.get(key);
    return r == null ? null : documentOf.apply(r);
  }

  private int[] hits(List<String> words) {
    int[] acc = null;
    for (String w : words) {
      int[] list = postings.get(w);
      if (list == null) {
        return new int[0];
      }
      acc = acc == null ? list : intersect(acc, list);
    }
    return acc == null ? new int[0] : acc;
  }

  private static int[] intersect(int[] a, int[] b) {
    int[] out = new int[Math.min(a.length, b.length)];
    int i = 0;
    int j = 0;
    int n = 0;
    while (i < a.length && j < b.length) {
      if (a[i] < b[j]) {
        i++;
      } else if (a[i] > b[j]) {
        j++;
      } else {
        out[n++] = a[i];
        i++;
        j++;
      }
    }
    return Arrays.copyOf(out, n);
  }
}
