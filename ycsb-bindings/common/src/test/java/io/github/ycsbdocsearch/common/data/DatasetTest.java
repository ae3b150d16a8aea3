package io.github.ycsbdocsearch.common.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchSchema;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.verify.SearchOracle;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetTest {
  @TempDir Path dir;

  private Path file(String... lines) throws IOException {
    Path f = dir.resolve("d" + System.nanoTime() + ".jsonl");
    Files.writeString(f, String.join("\n", lines) + "\n");
    return f;
  }

  private static Properties props(Path file, String... kv) {
    Properties p = new Properties();
    p.setProperty("docsearch.dataset", file.toString());
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private String problem(String... lines) throws IOException {
    Path f = file(lines);
    String msg = assertThrows(DatasetException.class, () -> Dataset.check(props(f))).getMessage();
    assertEquals(1, msg.lines().count(), msg);
    assertTrue(msg.startsWith("dataset " + f + " "), msg);
    return msg.substring(("dataset " + f + " ").length());
  }

  @Test
  void badFilesAreOneLineNamingTheLineAndTheProblem() throws IOException {
    String ok = "{\"title\": \"Red shoe\", \"rank\": 1}";
    assertEquals(
        "line 2: not JSON (Unrecognized token 'xyz': was expecting (JSON String, Number, Array,"
            + " Object or token 'null', 'true' or 'false'))",
        problem(ok, "xyz"));
    assertEquals("line 1: missing text field 'title'", problem("{\"rank\": 1}"));
    assertEquals("line 1: missing sort field 'rank'", problem("{\"title\": \"a b\"}"));
    assertEquals(
        "line 3: duplicate sort value 1 in field 'rank' (already on line 1; sort values must be"
            + " unique so the order is total)",
        problem(ok, "{\"title\": \"b\", \"rank\": 2}", "{\"title\": \"c\", \"rank\": 1}"));
    assertEquals(
        "line 2: empty text in field 'title'", problem(ok, "{\"title\": \"  \", \"rank\": 2}"));
    assertEquals(
        "line 1: text field 'title' has no letter or digit",
        problem("{\"title\": \"?!\", \"rank\": 2}"));
    assertEquals(
        "line 1: sort field 'rank' is 1.5, expected an integer of magnitude below 2^53",
        problem("{\"title\": \"a\", \"rank\": 1.5}"));
    assertEquals(
        "line 1: sort field 'rank' is \"7\", expected an integer of magnitude below 2^53",
        problem("{\"title\": \"a\", \"rank\": \"7\"}"));
    assertEquals("line 2: blank line (expected one JSON object per line)", problem(ok, "", ok));
    assertEquals("line 1: not a JSON object", problem("[1, 2]"));
    assertEquals(
        "line 1: field 'tags' is an object or array (only strings, numbers and booleans are"
            + " stored)",
        problem("{\"title\": \"a\", \"rank\": 1, \"tags\": [\"x\"]}"));
    assertEquals(
        "line 1: field name 'a.b' is not letters, digits and '_' starting with a letter",
        problem("{\"title\": \"a\", \"rank\": 1, \"a.b\": 2}"));
    Path empty = dir.resolve("empty.jsonl");
    Files.writeString(empty, "");
    assertEquals(
        "dataset " + empty + ": no documents (the file is empty)",
        assertThrows(DatasetException.class, () -> Dataset.check(props(empty))).getMessage());
    Path missing = dir.resolve("missing.jsonl");
    assertTrue(
        assertThrows(DatasetException.class, () -> Dataset.check(props(missing)))
            .getMessage()
            .startsWith("dataset " + missing + ": not readable"));
  }

  @Test
  void keysFromAFieldMustBeUniqueAndTheWorkloadPropertiesAreChecked() throws IOException {
    Path f =
        file(
            "{\"sku\": \"A1\", \"title\": \"a b\", \"rank\": 1}",
            "{\"sku\": \"A1\", \"title\": \"c d\", \"rank\": 2}");
    String msg =
        assertThrows(
                DatasetException.class,
                () -> Dataset.check(props(f, "docsearch.dataset.keyfield", "sku")))
            .getMessage();
    assertTrue(msg.endsWith("line 2: key 'A1' (field 'sku') already on line 1"), msg);
    assertTrue(
        assertThrows(
                SetupException.class,
                () -> SearchWorkloadConfig.fromProperties(props(f, "docsearch.textmode", "fancy")))
            .getMessage()
            .contains("docsearch.textmode='fancy'"));
  }

  @Test
  void documentsKeysAndCountComeFromTheFile() throws IOException {
    Path f =
        file(
            "{\"sku\": \"A1\", \"title\": \"Café CRÈME, s'il vous plaît\", \"rank\": 30, \"price\":"
                + " 1.50}",
            "{\"sku\": \"B2\", \"title\": \"Red shoe\", \"rank\": 10, \"stock\": true}",
            "{\"sku\": \"C3\", \"title\": \"red café\", \"rank\": 20}");
    SearchWorkloadConfig c =
        SearchWorkloadConfig.fromProperties(
            props(f, "docsearch.dataset.keyfield", "sku", "recordcount", "99"));
    assertEquals(3, c.recordCount(), "the file decides the record count");
    DocumentSource s = c.newSource();
    assertEquals("A1", s.key(0));
    assertEquals(
        Map.of("price", "1.5", "title", "cafe creme s il vous plait", "rank", "30"),
        s.document(0, 0));
    assertEquals(Map.of("stock", "true", "title", "red shoe", "rank", "10"), s.document(1, 0));
    SearchWorkloadConfig raw =
        SearchWorkloadConfig.fromProperties(props(f, "docsearch.textmode", "raw"));
    assertEquals("Red shoe", raw.newSource().document(1, 0).get("title"));
    assertEquals(
        new KeyNames(false, 1).key(1),
        raw.newSource().key(1),
        "no key field: YCSB's key of the line");

    SearchOracle oracle = s.buildOracle();
    assertEquals(
        List.of("C3", "A1"),
        oracle.answer(new SearchQuery("title", List.of("cafe"), "rank", true, 0, 10, true)),
        "canonical tokens, sorted by rank");
    assertEquals(
        List.of("B2"),
        oracle.answer(new SearchQuery("title", List.of("red", "shoe"), "rank", true, 0, 10, true)));
    assertEquals(
        Map.of("price", "1.5", "title", "cafe creme s il vous plait", "rank", "30"),
        oracle.document("A1"));
  }

  @Test
  void writesDuringARunDrawFromTheSameFileAndKeepSortValuesUnique() throws IOException {
    Path f =
        file(
            "{\"title\": \"alpha beta\", \"rank\": 5}",
            "{\"title\": \"gamma delta\", \"rank\": 9}",
            "{\"title\": \"epsilon zeta\", \"rank\": 7}");
    Dataset d =
        Dataset.open(
            Dataset.specOf(props(f), new SearchSchema("title", "rank")), new KeyNames(false, 1));
    assertEquals(
        Map.of("title", "alpha beta", "rank", "10"),
        d.document(3, 0),
        "inserted record 3 = line 1 with " + "sort value max + 1 + (r - N)");
    assertEquals("11", d.document(4, 0).get("rank"));
    for (long v = 1; v < 20; v++) {
      Map<String, String> upd = d.searchFields(1, v);
      assertEquals("9", upd.get("rank"), "an update keeps its record's sort value");
      int line = (int) Math.floorMod(Seeds.mix(1, v), 3);
      assertEquals(d.document(line, 0).get("title"), upd.get("title"));
    }
    DocumentSource s = d;
    SplittableRandom rng = new SplittableRandom(1);
    for (int i = 0; i < 50; i++) {
      List<String> w = s.twoWords(rng);
      assertNotEquals(w.get(0), w.get(1));
    }
  }

  @Test
  void largeFilesStreamAndAreCachedPerFile() throws IOException {
    Path f = dir.resolve("big.jsonl");
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      sb.append("{\"title\": \"Word")
          .append(i % 97)
          .append(" other")
          .append(i % 13)
          .append("\", \"rank\": ")
          .append(1_000_000L - i)
          .append("}\n");
    }
    Files.writeString(f, sb);
    assertEquals(20_000, Dataset.check(props(f)));
    Dataset d =
        Dataset.open(
            new Dataset.Spec(f, "title", "rank", null, Dataset.TextMode.CANONICAL),
            new KeyNames(false, 1));
    assertTrue(
        d
            == Dataset.open(
                new Dataset.Spec(f, "title", "rank", null, Dataset.TextMode.CANONICAL),
                new KeyNames(false, 1)));
    assertEquals(
        Map.of("title", "word17 other5", "rank", "980001"),
        d.document(19_999, 0),
        "read back by offset");
  }

  @Test
  void readsHoldNoFileOpenAndAChangedFileFailsInsteadOfGivingAnotherLine() throws IOException {
    Path f =
        file(
            "{\"title\": \"alpha beta\", \"rank\": 5}",
            "{\"title\": \"gamma delta\", \"rank\": 9}");
    Dataset d =
        Dataset.open(
            new Dataset.Spec(f, "title", "rank", null, Dataset.TextMode.CANONICAL),
            new KeyNames(false, 1));
    Path fds = Path.of("/proc/self/fd");
    long before = Files.isDirectory(fds) ? openFiles(fds) : 0;
    for (int i = 0; i < 200; i++) {
      assertEquals("gamma delta", d.document(1, 0).get("title"));
    }
    if (Files.isDirectory(fds)) {
      assertTrue(openFiles(fds) <= before + 2, "each read closes the file it opened");
    }
    Files.writeString(f, "{\"title\": \"other\", \"rank\": 1}\n");
    String msg = assertThrows(UncheckedIOException.class, () -> d.document(1, 0)).getMessage();
    assertTrue(msg.startsWith("dataset " + f + " line 2: file changed since it was checked"), msg);
  }

  private static long openFiles(Path fds) throws IOException {
    try (Stream<Path> s = Files.list(fds)) {
      return s.count();
    }
  }
}
