package io.github.ycsbdocsearch.resultsformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Verification}, the one type of {@code verification.json}: what the search verification
 * writes reads back equal, the keys stay those (and in the order) the verification wrote before the
 * type moved into the schema, and the files written earlier (fewer fields, or the sweep's record of
 * a verification that could not run) read with the verdict the same rule gives.
 */
class VerificationTest {

  @TempDir Path store;

  private static Verification ran(int differing) {
    return new Verification(
        "redisjson",
        20_000L,
        1000,
        1000 - differing,
        differing,
        498,
        252,
        250,
        100,
        new Verification.HitCounts(1, 17, 230, 4120),
        differing == 0
            ? List.of()
            : List.of(
                new Verification.Difference(
                    "title:alpha beta page 2",
                    List.of("user1", "user2"),
                    List.of("user2", "user1"),
                    "order",
                    List.of())),
        Verification.TEXT_GENERATED,
        null);
  }

  @Test
  void whatTheVerificationWritesReadsBackEqual() throws IOException {
    for (int differing : new int[] {0, 3}) {
      Verification written = ran(differing);
      written.writeTo(store);
      assertEquals(written, Verification.readOptional(store));
      assertEquals(differing == 0, Verification.readOptional(store).passed());
    }
  }

  @Test
  void keepsTheKeysAndOrderTheVerificationWroteBefore() throws IOException {
    ran(3).writeTo(store);
    JsonNode n = Json.readObject(Verification.file(store));
    List<String> keys = new ArrayList<>();
    n.fieldNames().forEachRemaining(keys::add);
    assertEquals(
        List.of(
            "store",
            "records",
            "queries",
            "identical",
            "differing",
            "first_pages",
            "deep_pages",
            "past_end",
            "document_checks",
            "hit_counts",
            "first_differences",
            "text_mode",
            "differing_pct",
            "passed"),
        keys);
    assertEquals(0.3, n.path("differing_pct").asDouble());
    assertFalse(n.path("passed").asBoolean(true));
    assertEquals(
        List.of("question", "expected", "actual", "note", "details"),
        fieldNames(n.path("first_differences").get(0)));
  }

  @Test
  void anOlderFileReadsWithTheVerdictOfItsCounts() throws IOException {
    // As the verification wrote it before records, pages past the end, document checks, the text
    // mode, passed and differing_pct (the report's golden run holds one): no verdict written.
    Files.writeString(
        Verification.file(store),
        "{\"store\": \"mongodb\", \"queries\": 10, \"identical\": 10, \"differing\": 0,"
            + " \"deep_pages\": 3, \"hit_counts\": {\"min\": 1, \"p50\": 2, \"p90\": 5, \"max\":"
            + " 9}, \"first_differences\": [{\"question\": \"q\", \"expected\": [\"a\"],"
            + " \"actual\": [\"a\"], \"note\": \"fetched\"}]}");
    Verification v = Verification.readOptional(store);
    assertTrue(v.passed(), "10 of 10 identical");
    assertEquals(0.0, v.differingPct());
    assertNull(v.records());
    assertNull(v.textMode());
    assertFalse(v.rawText(), "generated data, canonical by construction");
    assertEquals(3, v.deepPages());
    assertEquals(new Verification.HitCounts(1, 2, 5, 9), v.hitCounts());
    assertEquals(List.of(), v.firstDifferences().get(0).details(), "no details before raw mode");
    // Written again (as the run summary carries it) it keeps its absent fields absent.
    v.writeTo(store);
    JsonNode again = Json.readObject(Verification.file(store));
    assertFalse(again.has("records") || again.has("text_mode") || again.has("error"));
  }

  @Test
  void theVerdictIsTheCountsNotAWrittenPassed() throws IOException {
    Files.writeString(
        Verification.file(store),
        "{\"store\": \"s\", \"queries\": 10, \"identical\": 9, \"differing\": 1, \"passed\":"
            + " true}");
    assertFalse(Verification.readOptional(store).passed(), "one answer of ten differs");
  }

  @Test
  void aVerificationThatCouldNotRunIsRecordedAsCheckingNoQuery() throws IOException {
    Verification.failed("elasticsearch", "connection refused").writeTo(store);
    Verification v = Verification.readOptional(store);
    assertEquals("connection refused", v.error());
    assertEquals(0, v.queries());
    assertFalse(v.passed());
    JsonNode n = Json.readObject(Verification.file(store));
    assertEquals("connection refused", n.path("error").asText());
    assertFalse(n.path("passed").asBoolean(true), "readers without the rule see it too");
  }

  @Test
  void rawTextIsAMeasurement() {
    Verification v =
        new Verification(
            "s", 10L, 10, 6, 4, 5, 3, 2, 1, null, List.of(), Verification.TEXT_RAW, null);
    assertTrue(v.rawText());
    assertEquals(40.0, v.differingPct());
  }

  @Test
  void noFileIsNoVerificationAndABrokenOneIsNamed() throws IOException {
    assertNull(Verification.readOptional(store));
    Files.writeString(Verification.file(store), "{\"queries\": \"many\"}");
    ResultsFormatException e =
        assertThrows(ResultsFormatException.class, () -> Verification.readOptional(store));
    assertTrue(e.getMessage().startsWith(Verification.file(store).toString()), e.getMessage());
  }

  private static List<String> fieldNames(JsonNode n) {
    List<String> names = new ArrayList<>();
    n.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
