package io.github.ycsbdocsearch.common.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SetupException;
import java.util.List;
import java.util.Properties;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SearchWorkloadConfigTest {
  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static String error(String... kv) {
    return assertThrows(SetupException.class, () -> SearchWorkloadConfig.fromProperties(props(kv)))
        .getMessage();
  }

  @Test
  void badInputIsOneLineNamingTheProperty() {
    assertEquals(
        "property search.pagesize='0' is malformed: expected an integer >= 1",
        error("search.pagesize", "0"));
    assertTrue(error("data.vocabulary.size", "0").startsWith("property data.vocabulary.size='0'"));
    assertEquals(
        "searchproportion=0.5 but search.textfield is empty: the search needs a text field",
        error("searchproportion", "0.5", "search.textfield", " "));
    assertEquals(
        "search field 'field3' is one of YCSB's string fields (field0..field9), not the generated"
            + " numeric sort field: the sort field does not exist as a number",
        error("search.sortfield", "field3"));
    assertTrue(error("search.sortfield", "title").contains("same field"));
    assertTrue(error("search.pagesize", "ten").contains("search.pagesize='ten'"));
    assertTrue(error("search.sortorder", "sideways").contains("one of asc, desc"));
    assertTrue(error("searchproportion", "1.5").contains("searchproportion='1.5'"));
    for (String msg : List.of(error("search.pagesize", "0"), error("search.sortfield", "field3"))) {
      assertEquals(1, msg.lines().count());
    }
  }

  @Test
  void defaultsAreTheDocumentedOnes() {
    SearchWorkloadConfig c = SearchWorkloadConfig.fromProperties(props());
    assertEquals("title", c.schema().textField());
    assertEquals("rank", c.schema().sortField());
    assertEquals(10, c.pageSize());
    assertEquals(2000, c.vocabularySize());
    assertTrue(c.ascending());
  }

  @Test
  void questionsAreReproducibleAndComeFromALoadedTitle() {
    SearchWorkloadConfig c =
        SearchWorkloadConfig.fromProperties(props("recordcount", "500", "search.maxpage", "5"));
    QueryGenerator q = new QueryGenerator(c, c.newSource(), c.newSource().buildOracle());
    SplittableRandom a = new SplittableRandom(1);
    SplittableRandom b = new SplittableRandom(1);
    for (int i = 0; i < 200; i++) {
      SearchQuery qa = q.next(a).query();
      assertEquals(qa, q.next(b).query());
      assertEquals(2, qa.words().size());
      assertNotEquals(qa.words().get(0), qa.words().get(1));
      assertEquals(0, qa.offset() % qa.pageSize());
    }
  }
}
