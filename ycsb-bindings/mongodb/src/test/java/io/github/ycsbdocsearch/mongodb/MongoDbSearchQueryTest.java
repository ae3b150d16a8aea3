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

class MongoDbSearchQueryTest {

  private static SearchQuery query(boolean ascending, boolean keysOnly, String... words) {
    return new SearchQuery("title", List.of(words), "rank", ascending, 20, 10, keysOnly);
  }

  @Test
  void everyWordIsQuotedSoTextSearchIsAnAnd() {
    assertEquals("\"red\" \"shoe\"", MongoDbSearchQuery.textSearch(List.of("red", "shoe")));
    assertEquals("\"the\"", MongoDbSearchQuery.textSearch(List.of("the")));
  }

  @Test
  void filterIsTextAndOneWholeWordRegexPerWord() {
    BsonDocument f = MongoDbSearchQuery.filter(query(true, true, "red", "shoe")).toBsonDocument();
    assertEquals(
        BsonDocument.parse(
            "{\"$and\": [{\"$text\": {\"$search\": \"\\\"red\\\" \\\"shoe\\\"\", \"$language\":"
                + " \"none\"}},{\"title\": {\"$regularExpression\": {\"pattern\": \""
                + json(MongoDbSearchQuery.wordPattern("red"))
                + "\", \"options\": \"i\"}}},"
                + "{\"title\": {\"$regularExpression\": {\"pattern\": \""
                + json(MongoDbSearchQuery.wordPattern("shoe"))
                + "\", \"options\": \"i\"}}}]}"),
        f);
    assertEquals("(?<![\\p{L}\\p{N}])red(?![\\p{L}\\p{N}])", MongoDbSearchQuery.wordPattern("red"));
  }

  private static String json(String s) {
    return s.replace("\\", "\\\\");
  }

  @Test
  void wordPatternMatchesWholeWordsOnlyIgnoringCase() {
    // The server runs the pattern with PCRE (MongoDbTextSemanticsIT checks it there); lookarounds
    // and \p{L} mean
    // the same in java.util.regex.
    Pattern red = Pattern.compile(MongoDbSearchQuery.wordPattern("red"), Pattern.CASE_INSENSITIVE);
    for (String yes :
        List.of("red", "red shoe", "the red shoe of", "Red Hat shoe", "shoes red run", "a RED")) {
      assertTrue(red.matcher(yes).find(), yes);
    }
    for (String no : List.of("reds shoe", "shred", "blue shoe", "redo", "")) {
      assertFalse(red.matcher(no).find(), no);
    }
  }

  @Test
  void wordBoundaryIsUnicodeAwareUnlikePcreBackslashB() {
    Pattern cafe = Pattern.compile(MongoDbSearchQuery.wordPattern("cafe"));
    Pattern uber = Pattern.compile(MongoDbSearchQuery.wordPattern("über"));
    assertTrue(cafe.matcher("le cafe noir").find());
    assertFalse(cafe.matcher("cafeé").find(), "an accented letter continues the word");
    assertTrue(
        uber.matcher("das über alles").find(), "\\b would never match a word starting with ü");
    assertFalse(uber.matcher("xüber").find());
    assertTrue(Pattern.compile(MongoDbSearchQuery.wordPattern("3")).matcher("3 5mm").find());
    assertFalse(Pattern.compile(MongoDbSearchQuery.wordPattern("5")).matcher("3 5mm").find());
  }

  @Test
  void quotesBackslashesAndRegexSyntaxAreEscaped() {
    assertEquals("\"a\\\"b\" \"c\\\\d\"", MongoDbSearchQuery.textSearch(List.of("a\"b", "c\\d")));
    assertEquals("a\\.b\\-c\\(", MongoDbSearchQuery.literal("a.b-c("));
    assertTrue(
        Pattern.compile(MongoDbSearchQuery.wordPattern("node.js"))
            .matcher("use node.js here")
            .find());
    assertFalse(
        Pattern.compile(MongoDbSearchQuery.wordPattern("node.js")).matcher("nodexjs").find());
  }

  @Test
  void sortIsByTheNumericFieldInTheAskedDirection() {
    assertEquals(
        BsonDocument.parse("{\"rank\": 1}"),
        MongoDbSearchQuery.sort(query(true, true, "a")).toBsonDocument());
    assertEquals(
        BsonDocument.parse("{\"rank\": -1}"),
        MongoDbSearchQuery.sort(query(false, true, "a")).toBsonDocument());
  }

  @Test
  void keysOnlyProjectsTheIdAlone() {
    assertEquals(
        BsonDocument.parse("{\"_id\": 1}"),
        MongoDbSearchQuery.projection(query(true, true, "a")).toBsonDocument());
    assertNull(MongoDbSearchQuery.projection(query(true, false, "a")));
  }
}
