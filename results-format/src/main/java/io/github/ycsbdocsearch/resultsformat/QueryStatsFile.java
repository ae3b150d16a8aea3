package io.github.ycsbdocsearch.resultsformat;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A search step's {@code querystats.json} ({@link RunLayout#QUERY_STATS}): what the SEARCH
 * operations of one YCSB client asked. Written by the workload in the YCSB process at its cleanup,
 * read by the report; this record is the file's one type on both sides. Immutable.
 *
 * @param searches SEARCH operations
 * @param pageDistribution how the page number was drawn
 * @param pastEndProportion the share of questions asked past the last page
 * @param pageSize hits per page
 * @param maxPageSize the largest page asked
 * @param maxPage the deepest page asked
 * @param hitCountsKnown whether the page mix knew each question's hit count
 * @param firstPages questions for a first page
 * @param deeperPages for a deeper page with hits
 * @param pastEndPages for a page past the last hit
 * @param emptyAnswers answers with no hit
 * @param failed searches that failed
 * @param questionsByPage questions per page number (the last slot: that page and deeper)
 * @param hitCounts the distribution of the questions' hit counts
 */
public record QueryStatsFile(
    long searches,
    String pageDistribution,
    double pastEndProportion,
    int pageSize,
    int maxPageSize,
    int maxPage,
    boolean hitCountsKnown,
    long firstPages,
    long deeperPages,
    long pastEndPages,
    long emptyAnswers,
    long failed,
    Map<String, Long> questionsByPage,
    HitCounts hitCounts) {

  /**
   * A step's query statistics, one per client that wrote them (a step of several clients has one
   * file per client); empty without search.
   *
   * @throws ResultsFormatException when a file does not fit
   */
  public static List<QueryStatsFile> readStep(Path stepDir) throws ResultsFormatException {
    return Json.readEachClient(stepDir, RunLayout.QUERY_STATS, QueryStatsFile.class);
  }

  /** Writes it into the client's output folder (created if needed), atomically. */
  public void writeTo(Path dir) {
    AtomicFiles.writeJson(dir.resolve(RunLayout.QUERY_STATS), this);
  }

  /**
   * The questions' hit counts; every field null (an empty object in the file) when no question's
   * hit count was known.
   *
   * @param buckets questions per range of hit counts, e.g. {@code 2-10}
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record HitCounts(
      Long count,
      Long min,
      Long p50,
      Long p90,
      Long p99,
      Long max,
      Double mean,
      Map<String, Long> buckets) {

    /** No hit count known. */
    public static final HitCounts NONE =
        new HitCounts(null, null, null, null, null, null, null, null);

    /** Whether the distribution is there. */
    public boolean known() {
      return p50 != null;
    }
  }
}
