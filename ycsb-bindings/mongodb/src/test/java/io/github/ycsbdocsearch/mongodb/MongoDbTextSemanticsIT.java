package io.github.ycsbdocsearch.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.TextSearchOptions;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Why the search filter is more than {@code $text}: pins the server behaviour the binding works
 * around, so that a server whose behaviour changes is noticed, and checks that the query really
 * runs on the text index.
 */
class MongoDbTextSemanticsIT {
  private static MongoClient client;
  private static MongoDatabase database;
  private static MongoCollection<Document> docs;

  @BeforeAll
  static void load() {
    client = MongoClients.create(MongoDbContractIT.singleUrl());
    database = client.getDatabase("ycsb");
    docs = database.getCollection("semantics" + UUID.randomUUID().toString().substring(0, 8));
    MongoDbSearchIndex.ensure(docs, new SearchSchema("title", "rank"));
    docs.insertMany(
        List.of(
            new Document("_id", "exact").append("title", "red shoe").append("rank", 1L),
            new Document("_id", "plural").append("title", "reds shoe").append("rank", 2L),
            new Document("_id", "inside").append("title", "shred shoes").append("rank", 3L),
            new Document("_id", "stop").append("title", "the red and the shoe").append("rank", 4L),
            new Document("_id", "cyrillic").append("title", "москва søren 5mm").append("rank", 5L),
            new Document("_id", "longer").append("title", "москвароссия søre").append("rank", 6L)));
  }

  @AfterAll
  static void drop() {
    docs.drop();
    client.close();
  }

  private static List<String> ids(Bson filter) {
    List<String> out = new ArrayList<>();
    docs.find(filter).sort(new Document("rank", 1)).forEach(d -> out.add(d.getString("_id")));
    return out;
  }

  private static SearchQuery redShoe() {
    return new SearchQuery("title", List.of("red", "shoe"), "rank", true, 0, 10, true);
  }

  @Test
  void quotedTextAloneMatchesSubstringsSoItIsNotEnough() {
    Bson textOnly =
        Filters.text(
            MongoDbSearchQuery.textSearch(List.of("red", "shoe")),
            new TextSearchOptions().language("none"));
    assertEquals(
        List.of("exact", "plural", "stop"),
        ids(textOnly),
        "MongoDB checks a quoted phrase as a substring; if this changes, the word regex may be"
            + " redundant");
  }

  @Test
  void unquotedTextIsAnOr() {
    assertEquals(
        List.of("exact", "plural", "stop"),
        ids(Filters.text("red shoe", new TextSearchOptions().language("none"))));
    assertEquals(
        List.of("exact", "stop"),
        ids(Filters.text("red", new TextSearchOptions().language("none"))));
  }

  @Test
  void theBindingsFilterMatchesWholeWordsOnly() {
    assertEquals(List.of("exact", "stop"), ids(MongoDbSearchQuery.filter(redShoe())));
  }

  @Test
  void theWholeWordCheckKnowsNonAsciiLetters() {
    // PCRE's \b is ASCII-only: "\bмосква\b" never matches; the lookarounds do, on the server, and
    // still keep
    // whole words only (not "москвароссия").
    assertEquals(
        List.of("cyrillic"),
        ids(
            MongoDbSearchQuery.filter(
                new SearchQuery("title", List.of("москва", "5mm"), "rank", true, 0, 10, true))));
    assertEquals(
        List.of(),
        ids(Filters.regex("title", "\\bмосква\\b", "i")),
        "PCRE \\b became Unicode-aware?");
    assertEquals(
        List.of("cyrillic"),
        ids(Filters.regex("title", MongoDbSearchQuery.wordPattern("москва"), "i")));
    assertEquals(
        List.of("cyrillic"),
        ids(
            MongoDbSearchQuery.filter(
                new SearchQuery("title", List.of("søren"), "rank", true, 0, 10, true))));
  }

  @Test
  void theSearchRunsOnTheTextIndex() {
    SearchQuery q = redShoe();
    Document explain =
        database.runCommand(
            new Document(
                    "explain",
                    new Document("find", docs.getNamespace().getCollectionName())
                        .append("filter", MongoDbSearchQuery.filter(q))
                        .append("sort", MongoDbSearchQuery.sort(q))
                        .append("skip", 0)
                        .append("limit", 10))
                .append("verbosity", "queryPlanner"));
    String plan =
        explain.get("queryPlanner", Document.class).get("winningPlan", Document.class).toJson();
    assertTrue(
        plan.contains("\"stage\": \"TEXT_MATCH\"")
            && plan.contains(MongoDbSearchIndex.TEXT_INDEX_NAME),
        plan);
  }
}
