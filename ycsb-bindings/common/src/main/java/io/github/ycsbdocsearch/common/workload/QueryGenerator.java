package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.data.DocumentSource;
import io.github.ycsbdocsearch.common.verify.SearchOracle;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Draws SEARCH questions: pick a loaded record uniformly, take two different words of its text (so
 * every question has at least one hit, and common words are asked more often, as in a shop's search
 * box), then a page size and a page number (offset = page x size).
 *
 * <p>The page number is drawn among the pages that exist for the question, from the loaded data's
 * hit count ({@code pages = ceil(hits / size)}, at most {@code search.maxpage}; the oracle's index
 * gives the count):
 *
 * <ul>
 *   <li>{@code zipfian} (default): page {@code p} (0-based) with weight {@code 1 / (p + 1)}, so the
 *       first page is the most frequent and each later page rarer (with 10 pages: 34 % first, 17 %
 *       second, ... 3.4 % tenth);
 *   <li>{@code uniform}: every existing page alike; {@code first}: always the first page;
 *   <li>{@code zipfian-fixed}: the suite's earlier rule, weight {@code 1 / (p + 1)} over the first
 *       {@code search.maxpage} pages whatever the hit count (so many pages are past the end); needs
 *       no index.
 * </ul>
 *
 * With {@code search.pastend.proportion = x > 0}, a share {@code x} of questions asks instead for
 * the page right after the last one (always empty). By default no question asks past the end (over
 * the loaded data; updates during a mixed run may move a few hits).
 *
 * <p>Reproducible: the same random stream gives the same questions, so every store is asked the
 * same sequence. Thread-safe (the caller owns the random stream; the hit-count cache is
 * concurrent).
 */
public final class QueryGenerator {
  /**
   * Bound on cached word-pair hit counts (pairs repeat a lot: common words are drawn more often).
   */
  private static final int CACHE_LIMIT = 1_000_000;

  private final SearchWorkloadConfig config;
  private final DocumentSource source;
  private final SearchOracle oracle;

  /** {@code cumulative[m - 1]}: the page weights' running sum when {@code m} pages exist. */
  private final double[][] cumulative;

  private final Map<List<String>, Integer> hitCounts = new ConcurrentHashMap<>();

  /**
   * One question and where its page lies. {@code hits} is -1 when unknown (rule {@code
   * zipfian-fixed}).
   */
  public record Question(SearchQuery query, int hits, int page) {
    /** Pages with hits: {@code ceil(hits / size)}; -1 when unknown. */
    public int pages() {
      return hits < 0 ? -1 : (hits + query.pageSize() - 1) / query.pageSize();
    }
  }

  /**
   * A generator of questions over the source's loaded records; {@code oracle} (for hit counts) may
   * be null only for {@code zipfian-fixed}.
   */
  public QueryGenerator(SearchWorkloadConfig config, DocumentSource source, SearchOracle oracle) {
    if (config.recordCount() < 1) {
      throw new IllegalArgumentException("SEARCH needs recordcount >= 1");
    }
    if (oracle == null && config.pageMixNeedsHitCounts()) {
      throw new IllegalArgumentException(
          "page rule " + config.pageDistribution() + " needs the hit counts");
    }
    this.config = config;
    this.source = source;
    this.oracle = oracle;
    this.cumulative = new double[config.maxPage()][];
    boolean uniform = "uniform".equals(config.pageDistribution());
    for (int m = 1; m <= config.maxPage(); m++) {
      double[] c = new double[m];
      double sum = 0;
      for (int i = 0; i < m; i++) {
        sum += uniform ? 1.0 : 1.0 / (i + 1);
        c[i] = sum;
      }
      for (int i = 0; i < m; i++) {
        c[i] /= sum;
      }
      cumulative[m - 1] = c;
    }
  }

  /** The next question of the stream. */
  public Question next(SplittableRandom rng) {
    List<String> words = twoWords(rng);
    int size = config.pageSize() + rng.nextInt(config.maxPageSize() - config.pageSize() + 1);
    if (!config.pageMixNeedsHitCounts()) {
      int page = pick(cumulative[config.maxPage() - 1], rng);
      return new Question(query(words, page * size, size), -1, page);
    }
    int hits = hitCount(words);
    int pages = (hits + size - 1) / size;
    int page;
    if (config.pastEndProportion() > 0 && rng.nextDouble() < config.pastEndProportion()) {
      page = pages;
    } else if ("first".equals(config.pageDistribution()) || pages <= 1) {
      page = 0;
    } else {
      page = pick(cumulative[Math.min(pages, config.maxPage()) - 1], rng);
    }
    return new Question(query(words, page * size, size), hits, page);
  }

  /** Two distinct words of a uniformly chosen loaded record's text. */
  public List<String> twoWords(SplittableRandom rng) {
    return source.twoWords(rng);
  }

  /** A question for the given words and page, with the configured field, order and fetch mode. */
  public SearchQuery query(List<String> words, int offset, int size) {
    return new SearchQuery(
        config.schema().textField(),
        words,
        config.schema().sortField(),
        config.ascending(),
        offset,
        size,
        config.keysOnly());
  }

  private int hitCount(List<String> words) {
    Integer cached = hitCounts.get(words);
    if (cached != null) {
      return cached;
    }
    int n = oracle.hitCount(words);
    if (hitCounts.size() < CACHE_LIMIT) {
      hitCounts.put(words, n);
    }
    return n;
  }

  private static int pick(double[] cumulative, SplittableRandom rng) {
    double u = rng.nextDouble();
    for (int i = 0; i < cumulative.length; i++) {
      if (u < cumulative[i]) {
        return i;
      }
    }
    return cumulative.length - 1;
  }
}
