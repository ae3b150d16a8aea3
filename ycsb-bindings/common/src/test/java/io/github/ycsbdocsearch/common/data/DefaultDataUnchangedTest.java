package io.github.ycsbdocsearch.common.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Without a dataset, the documents, keys and question words are those of the generator as published
 * before datasets existed: fingerprints computed with the suite before this feature (commit
 * 0b050cb), pinned here.
 */
class DefaultDataUnchangedTest {
  private static final String DOCS =
      "604016f22ae59dee6809dae30d4bb420da2874e208246ed67eb6b61e9ff11367";
  private static final String WORDS =
      "db7bb1199c60f69b8b3de7ed96b5f31df5729aa8fbfafac99a0615b0df3212a4";

  @Test
  void defaultDocumentsKeysAndQuestionWordsAreUnchanged() throws Exception {
    Properties p = new Properties();
    p.setProperty("recordcount", "1000");
    DocumentSource source = SearchWorkloadConfig.fromProperties(p).newSource();
    MessageDigest docs = MessageDigest.getInstance("SHA-256");
    for (long r = 0; r < 1000; r++) {
      docs.update(
          (source.key(r) + new TreeMap<>(source.document(r, 0)) + "\n")
              .getBytes(StandardCharsets.UTF_8));
    }
    MessageDigest words = MessageDigest.getInstance("SHA-256");
    SplittableRandom rng = new SplittableRandom(42);
    for (int i = 0; i < 1000; i++) {
      words.update((source.twoWords(rng) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    assertEquals(DOCS, HexFormat.of().formatHex(docs.digest()));
    assertEquals(WORDS, HexFormat.of().formatHex(words.digest()));
  }
}
