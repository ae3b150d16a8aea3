package io.github.ycsbdocsearch.common.verify;

import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.data.DocumentGenerator;
import io.github.ycsbdocsearch.common.data.KeyNames;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The right answer to any search over the loaded records, computed from the generator alone (no store): an
 * inverted index word -> record numbers, intersected for AND, sorted by rank, sliced to the page. Built once,
 * then immutable and thread-safe.
 */
public final class SearchOracle {
  private final DocumentGenerator generator;
  private final KeyNames keyNames;
  private final Map<String, int[]> postings;
  private final Map<String, Integer> recordOfKey;
  private final long[] ranks;

  private SearchOracle(DocumentGenerator generator, KeyNames keyNames, Map<String, int[]> postings,
                       Map<String, Integer> recordOfKey, long[] ranks) {
    this.generator = generator;
    this.keyNames = keyNames;
    this.postings = postings;
    this.recordOfKey = recordOfKey;
    this.ranks = ranks;
  }

  /** Indexes records {@code 0..recordCount-1} as loaded (version 0). */
  public static SearchOracle build(DocumentGenerator generator, KeyNames keyNames, int recordCount) {
    int vocabulary = generator.vocabulary().size();
    int[] counts = new int[vocabulary];
    long[] ranks = new long[recordCount];
    int[][] titles = new int[recordCount][];
    for (int r = 0; r < recordCount; r++) {
      titles[r] = Arrays.stream(generator.titleWords(r, 0)).distinct().toArray();
      for (int w : titles[r]) {
        counts[w]++;
      }
      ranks[r] = generator.rank(r, 0);
    }
    int[][] lists = new int[vocabulary][];
    int[] fill = new int[vocabulary];
    for (int w = 0; w < vocabulary; w++) {
      lists[w] = new int[counts[w]];
    }
    for (int r = 0; r < recordCount; r++) {
      for (int w : titles[r]) {
        lists[w][fill[w]++] = r; // ascending record numbers by construction
      }
    }
    Map<String, int[]> postings = new HashMap<>(vocabulary * 2);
    for (int w = 0; w < vocabulary; w++) {
      postings.put(generator.vocabulary().word(w), lists[w]);
    }
    Map<String, Integer> recordOfKey = new HashMap<>(recordCount * 2);
    for (int r = 0; r < recordCount; r++) {
      recordOfKey.put(keyNames.key(r), r);
    }
    return new SearchOracle(generator, keyNames, postings, recordOfKey, ranks);
  }

  /** The ordered keys of the query's page. */
  public List<String> answer(SearchQuery query) {
    int[] hits = hits(query.words());
    Integer[] boxed = Arrays.stream(hits).boxed().toArray(Integer[]::new);
    Arrays.sort(boxed, (a, b) -> query.ascending() ? Long.compare(ranks[a], ranks[b])
        : Long.compare(ranks[b], ranks[a]));
    List<String> page = new ArrayList<>(query.pageSize());
    for (int i = query.offset(); i < boxed.length && page.size() < query.pageSize(); i++) {
      page.add(keyNames.key(boxed[i]));
    }
    return page;
  }

  /** How many records contain every word. */
  public int hitCount(List<String> words) {
    return hits(words).length;
  }

  /** The loaded document of a key, or null when the key was not loaded. */
  public Map<String, String> document(String key) {
    Integer r = recordOfKey.get(key);
    return r == null ? null : generator.document(r, 0);
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
