package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link QueryStatsFile} reads {@code querystats.json} as the workload wrote it before the record
 * existed (a map of snake_case keys; {@code hit_counts} empty when no hit count was known).
 */
class QueryStatsFileTest {

  @TempDir Path dir;

  @Test
  void readsAFileWithHitCounts() throws IOException {
    Path f = dir.resolve(RunLayout.QUERY_STATS);
    Files.writeString(
        f,
        """
        {
          "searches" : 10,
          "page_distribution" : "zipfian",
          "past_end_proportion" : 0.05,
          "page_size" : 10,
          "max_page_size" : 100,
          "max_page" : 9,
          "hit_counts_known" : true,
          "first_pages" : 6,
          "deeper_pages" : 3,
          "past_end_pages" : 1,
          "empty_answers" : 1,
          "failed" : 0,
          "questions_by_page" : { "0" : 6, "1" : 3, "63+" : 1 },
          "hit_counts" : {
            "count" : 10, "min" : 1, "p50" : 40, "p90" : 300, "p99" : 900, "max" : 950,
            "mean" : 120.5, "buckets" : { "0" : 0, "1" : 1, "2-10" : 2 }
          }
        }
        """);
    QueryStatsFile q = Json.read(f, QueryStatsFile.class);
    assertEquals(10, q.searches());
    assertEquals(6, q.firstPages());
    assertEquals(1, q.emptyAnswers());
    assertEquals(Map.of("0", 6L, "1", 3L, "63+", 1L), q.questionsByPage());
    assertTrue(q.hitCounts().known());
    assertEquals(40L, q.hitCounts().p50());
    assertEquals(950L, q.hitCounts().max());
  }

  @Test
  void readsAFileWithoutHitCounts() throws IOException {
    Path f = dir.resolve(RunLayout.QUERY_STATS);
    Files.writeString(f, "{\"searches\" : 3, \"first_pages\" : 3, \"hit_counts\" : { }}");
    QueryStatsFile q = Json.read(f, QueryStatsFile.class);
    assertEquals(3, q.firstPages());
    assertFalse(q.hitCounts().known());
    assertEquals("{ }", Json.MAPPER.writeValueAsString(QueryStatsFile.HitCounts.NONE));
  }
}
