package io.github.ycsbdocsearch.common.workload;

import io.github.ycsbdocsearch.resultsformat.QueryStatsFile;
import io.github.ycsbdocsearch.resultsformat.RunLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * What the SEARCH operations of one YCSB run asked: how many first pages, deeper pages with hits
 * and pages past the last hit (by the loaded data's hit count), how many answers came back empty,
 * how often each page number was asked, and the distribution of the questions' hit counts. Written
 * as {@code querystats.json} into {@code docsearch.querystats.dir} at the workload's cleanup
 * (format in {@code workloads/workload_template}). Thread-safe: every counter is concurrent.
 */
final class QueryStats {
  static final String FILE_NAME = RunLayout.QUERY_STATS;
  private static final int PAGE_SLOTS = 64;

  /** Exact bucket counts of hit counts: 0, 1, 2-10, 11-100, ..., 100,001 and more. */
  private static final long[] BUCKET_TOPS = {0, 1, 10, 100, 1_000, 10_000, 100_000};

  private final SearchWorkloadConfig config;
  private final LongAdder searches = new LongAdder();
  private final LongAdder firstPages = new LongAdder();
  private final LongAdder deeperPages = new LongAdder();
  private final LongAdder pastEndPages = new LongAdder();
  private final LongAdder emptyAnswers = new LongAdder();
  private final LongAdder failed = new LongAdder();

  /** Questions per page number; the last slot counts every page at or beyond it. */
  private final AtomicLongArray pages = new AtomicLongArray(PAGE_SLOTS);

  private final Histogram hits = new ConcurrentHistogram(3);
  private final AtomicLongArray buckets = new AtomicLongArray(BUCKET_TOPS.length + 1);

  QueryStats(SearchWorkloadConfig config) {
    this.config = config;
  }

  /** Counts one question and its answer ({@code returned} hits; -1 when the search failed). */
  void record(QueryGenerator.Question q, int returned) {
    searches.increment();
    pages.incrementAndGet(Math.min(q.page(), PAGE_SLOTS - 1));
    if (q.hits() >= 0) {
      hits.recordValue(q.hits());
      int b = 0;
      while (b < BUCKET_TOPS.length && q.hits() > BUCKET_TOPS[b]) {
        b++;
      }
      buckets.incrementAndGet(b);
      if (q.page() >= q.pages()) {
        pastEndPages.increment();
      } else if (q.page() == 0) {
        firstPages.increment();
      } else {
        deeperPages.increment();
      }
    }
    if (returned < 0) {
      failed.increment();
    } else if (returned == 0) {
      emptyAnswers.increment();
    }
  }

  /** The counts as {@code querystats.json} holds them ({@code writeTo} writes it, atomically). */
  QueryStatsFile summary() {
    Map<String, Long> byPage = new LinkedHashMap<>();
    for (int i = 0; i < PAGE_SLOTS; i++) {
      if (pages.get(i) > 0) {
        byPage.put(i == PAGE_SLOTS - 1 ? i + "+" : String.valueOf(i), pages.get(i));
      }
    }
    return new QueryStatsFile(
        searches.sum(),
        config.pageDistribution(),
        config.pastEndProportion(),
        config.pageSize(),
        config.maxPageSize(),
        config.maxPage(),
        config.pageMixNeedsHitCounts(),
        firstPages.sum(),
        deeperPages.sum(),
        pastEndPages.sum(),
        emptyAnswers.sum(),
        failed.sum(),
        byPage,
        hitCounts());
  }

  private QueryStatsFile.HitCounts hitCounts() {
    if (hits.getTotalCount() == 0) {
      return QueryStatsFile.HitCounts.NONE;
    }
    Map<String, Long> byBucket = new LinkedHashMap<>();
    long low = 0;
    for (int b = 0; b < BUCKET_TOPS.length; b++) {
      long top = BUCKET_TOPS[b];
      byBucket.put(low == top ? String.valueOf(top) : low + "-" + top, buckets.get(b));
      low = top + 1;
    }
    byBucket.put(low + "+", buckets.get(BUCKET_TOPS.length));
    return new QueryStatsFile.HitCounts(
        hits.getTotalCount(),
        hits.getMinValue(),
        hits.getValueAtPercentile(50),
        hits.getValueAtPercentile(90),
        hits.getValueAtPercentile(99),
        hits.getMaxValue(),
        Math.round(hits.getMean() * 10) / 10.0,
        byBucket);
  }
}
