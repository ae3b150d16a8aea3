package io.github.ycsbdocsearch.common.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbdocsearch.common.data.DocumentSource;
import io.github.ycsbdocsearch.common.verify.SearchOracle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueryGeneratorTest {
  private static final int QUESTIONS = 20_000;

  private static SearchWorkloadConfig config(String... kv) {
    Properties p = new Properties();
    p.setProperty("recordcount", "5000");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return SearchWorkloadConfig.fromProperties(p);
  }

  private static QueryGenerator generator(SearchWorkloadConfig c) {
    DocumentSource source = c.newSource();
    return new QueryGenerator(c, source, source.buildOracle());
  }

  @Test
  void byDefaultEveryPageAskedExistsAndTheFirstIsTheMostFrequent() {
    SearchWorkloadConfig c = config();
    SearchOracle oracle = c.newSource().buildOracle();
    QueryGenerator q = new QueryGenerator(c, c.newSource(), oracle);
    SplittableRandom rng = new SplittableRandom(7);
    int[] byPage = new int[c.maxPage()];
    for (int i = 0; i < QUESTIONS; i++) {
      QueryGenerator.Question question = q.next(rng);
      int hits = oracle.hitCount(question.query().words());
      assertEquals(hits, question.hits());
      assertTrue(question.query().offset() < hits, "past the end: " + question);
      assertEquals(question.page() * question.query().pageSize(), question.query().offset());
      byPage[question.page()]++;
    }
    for (int p = 1; p < byPage.length; p++) {
      assertTrue(
          byPage[0] > byPage[p], "page 1 must be the most frequent: " + Arrays.toString(byPage));
    }
    assertTrue(
        byPage[1] > 0 && byPage[c.maxPage() - 1] > 0,
        "deep pages asked too: " + Arrays.toString(byPage));
  }

  @Test
  void pastTheEndOnlyWhenASettingAsksAndThenInThatShare() {
    SearchWorkloadConfig c = config("search.pastend.proportion", "0.25");
    QueryGenerator q = generator(c);
    SplittableRandom rng = new SplittableRandom(3);
    int pastEnd = 0;
    for (int i = 0; i < QUESTIONS; i++) {
      QueryGenerator.Question question = q.next(rng);
      if (question.query().offset() >= question.hits()) {
        pastEnd++;
        assertEquals(question.pages(), question.page(), "the page right after the last");
      }
    }
    assertEquals(0.25, pastEnd / (double) QUESTIONS, 0.02);
  }

  @Test
  void theFixedRuleNeedsNoIndexAndFirstAsksOnlyFirstPages() {
    SearchWorkloadConfig fixed = config("search.pagedistribution", "zipfian-fixed");
    QueryGenerator q = new QueryGenerator(fixed, fixed.newSource(), null);
    SplittableRandom rng = new SplittableRandom(5);
    int deep = 0;
    for (int i = 0; i < 1000; i++) {
      QueryGenerator.Question question = q.next(rng);
      assertEquals(-1, question.hits());
      deep += question.page() > 0 ? 1 : 0;
    }
    assertTrue(deep > 500, "fixed zipfian over 10 pages asks page 1 about 34 % of the time");
    QueryGenerator first = generator(config("search.pagedistribution", "first"));
    for (int i = 0; i < 1000; i++) {
      assertEquals(0, first.next(rng).query().offset());
    }
  }

  @Test
  void statsCountFirstDeeperAndEmptyPagesAndHitCounts(@TempDir Path dir) throws Exception {
    SearchWorkloadConfig c = config("search.pastend.proportion", "0.1");
    QueryGenerator q = generator(c);
    QueryStats stats = new QueryStats(c);
    SplittableRandom rng = new SplittableRandom(11);
    int first = 0;
    int deeper = 0;
    int pastEnd = 0;
    for (int i = 0; i < 2000; i++) {
      QueryGenerator.Question question = q.next(rng);
      boolean empty = question.page() >= question.pages();
      first += !empty && question.page() == 0 ? 1 : 0;
      deeper += !empty && question.page() > 0 ? 1 : 0;
      pastEnd += empty ? 1 : 0;
      stats.record(
          question,
          empty
              ? 0
              : Math.min(question.query().pageSize(), question.hits() - question.query().offset()));
    }
    stats.summary().writeTo(dir);
    JsonNode json =
        new ObjectMapper().readTree(Files.readString(dir.resolve(QueryStats.FILE_NAME)));
    List<String> keys = new ArrayList<>();
    json.fieldNames().forEachRemaining(keys::add);
    assertEquals(
        List.of(
            "searches",
            "page_distribution",
            "past_end_proportion",
            "page_size",
            "max_page_size",
            "max_page",
            "hit_counts_known",
            "first_pages",
            "deeper_pages",
            "past_end_pages",
            "empty_answers",
            "failed",
            "questions_by_page",
            "hit_counts"),
        keys,
        "the keys the workload has always written, in order");
    List<String> hitKeys = new ArrayList<>();
    json.get("hit_counts").fieldNames().forEachRemaining(hitKeys::add);
    assertEquals(List.of("count", "min", "p50", "p90", "p99", "max", "mean", "buckets"), hitKeys);
    assertEquals(2000, json.get("searches").asInt());
    assertEquals(first, json.get("first_pages").asInt());
    assertEquals(deeper, json.get("deeper_pages").asInt());
    assertEquals(pastEnd, json.get("past_end_pages").asInt());
    assertEquals(pastEnd, json.get("empty_answers").asInt());
    assertTrue(first > deeper && deeper > pastEnd && pastEnd > 100, json.toString());
    JsonNode hits = json.get("hit_counts");
    assertEquals(2000, hits.get("count").asInt());
    assertTrue(hits.get("min").asInt() >= 1 && hits.get("p50").asInt() <= hits.get("p90").asInt());
    long bucketed = 0;
    for (JsonNode b : hits.get("buckets")) {
      bucketed += b.asLong();
    }
    assertEquals(2000, bucketed);
    assertEquals(
        0, hits.get("buckets").get("0").asInt(), "every question comes from a loaded text");
  }
}
