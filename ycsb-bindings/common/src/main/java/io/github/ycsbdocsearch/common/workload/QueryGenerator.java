package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.data.DocumentGenerator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Draws SEARCH questions: pick a loaded record uniformly, take two different words of its title (so every question
 * has at least one hit, and common words are asked more often, as in a shop's search box), then a page size and a
 * page number (offset = page x size) from the configured distributions. Reproducible: the same random stream gives
 * the same questions, so every store is asked the same sequence. Immutable and thread-safe (the caller owns the
 * random stream).
 */
public final class QueryGenerator {
  private final SearchWorkloadConfig config;
  private final DocumentGenerator generator;
  private final double[] pageCumulative;

  public QueryGenerator(SearchWorkloadConfig config, DocumentGenerator generator) {
    if (config.recordCount() < 1) {
      throw new IllegalArgumentException("SEARCH needs recordcount >= 1");
    }
    this.config = config;
    this.generator = generator;
    this.pageCumulative = new double[config.maxPage()];
    double sum = 0;
    for (int i = 0; i < pageCumulative.length; i++) {
      sum += "zipfian".equals(config.pageDistribution()) ? 1.0 / (i + 1) : 1.0;
      pageCumulative[i] = sum;
    }
    for (int i = 0; i < pageCumulative.length; i++) {
      pageCumulative[i] /= sum;
    }
  }

  /** The next question of the stream. */
  public SearchQuery next(SplittableRandom rng) {
    List<String> words = twoWords(rng);
    int size = config.pageSize() + rng.nextInt(config.maxPageSize() - config.pageSize() + 1);
    return query(words, pickPage(rng) * size, size);
  }

  /** Two distinct words of a uniformly chosen loaded record's title. */
  public List<String> twoWords(SplittableRandom rng) {
    for (int attempt = 0; attempt < 1000; attempt++) {
      int[] title = generator.titleWords(rng.nextLong(config.recordCount()), 0);
      int first = title[rng.nextInt(title.length)];
      int start = rng.nextInt(title.length);
      for (int k = 0; k < title.length; k++) {
        int second = title[(start + k) % title.length];
        if (second != first) {
          return List.of(generator.vocabulary().word(first), generator.vocabulary().word(second));
        }
      }
    }
    throw new IllegalStateException("no title with two different words in 1000 draws: vocabulary too small?");
  }

  /** A question for the given words and page, with the configured field, order and fetch mode. */
  public SearchQuery query(List<String> words, int offset, int size) {
    return new SearchQuery(config.schema().textField(), words, config.schema().sortField(), config.ascending(),
        offset, size, config.keysOnly());
  }

  private int pickPage(SplittableRandom rng) {
    if ("first".equals(config.pageDistribution())) {
      return 0;
    }
    double u = rng.nextDouble();
    for (int i = 0; i < pageCumulative.length; i++) {
      if (u < pageCumulative[i]) {
        return i;
      }
    }
    return pageCumulative.length - 1;
  }
}
