package io.github.ycsbdocsearch.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchQuery;
import java.util.List;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class MongoSearchQueryTest {

  private static SearchQuery query(boolean ascending, boolean keysOnly, String... words) {
    return new SearchQuery("title", List.of(words), "rank", ascending, 20, 10, keysOnly);
  }

  @Test
  void everyWordIsQuotedSoTextSearchIsAnAnd() {
    assertEquals("\"red\" \"shoe\"", MongoSearchQuery.textSearch(List.of("red", "shoe")));
    assertEquals("\"the\"", MongoSearchQuery.textSearch(List.of("the")));
  }

  @Test
  void filterIsTextAndOneWholeWordRegexPerWord() {
    BsonDocument f = MongoSearchQuery.filter(query(true, true, "red", "shoe")).toBsonDocument();
    assertEquals(BsonDocument.parse("{\"$and\": ["
        + "{\"$text\": {\"$search\": \"\\\"red\\\" \\\"shoe\\\"\", \"$language\": \"none\"}},"
        + "{\"title\": {\"$regularExpression\": {\"pattern\": \"\\\\bred\\\\b\", \"options\": \"i\"}}},"
        + "{\"title\": {\"$regularExpression\": {\"pattern\": \"\\\\bshoe\\\\b\", \"options\": \"i\"}}}]}"), f);
  }

  @Test
  void wordPatternMatchesWholeWordsOnlyIgnoringCase() {
    // The server runs the pattern with PCRE; for ASCII letters and spaces \b behaves the same in java.util.regex.
    Pattern red = Pattern.compile(MongoSearchQuery.wordPattern("red"), Pattern.CASE_INSENSITIVE);
    for (String yes : List.of("red", "red shoe", "the red shoe of", "Red Hat shoe", "shoes red run", "a RED")) {
      assertTrue(red.matcher(yes).find(), yes);
    }
    for (String no : List.of("reds shoe", "shred", "blue shoe", "redo", "")) {
      assertFalse(red.matcher(no).find(), no);
    }
  }

  @Test
  void sortIsByTheNumericFieldInTheAskedDirection() {
    assertEquals(BsonDocument.parse("{\"rank\": 1}"), MongoSearchQuery.sort(query(true, true, "a")).toBsonDocument());
    assertEquals(BsonDocument.parse("{\"rank\": -1}"),
        MongoSearchQuery.sort(query(false, true, "a")).toBsonDocument());
  }

  @Test
  void keysOnlyProjectsTheIdAlone() {
    assertEquals(BsonDocument.parse("{\"_id\": 1}"),
        MongoSearchQuery.projection(query(true, true, "a")).toBsonDocument());
    assertNull(MongoSearchQuery.projection(query(true, false, "a")));
  }
}
