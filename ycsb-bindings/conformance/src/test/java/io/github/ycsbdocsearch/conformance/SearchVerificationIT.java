package io.github.ycsbdocsearch.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.verify.DocumentLoader;
import io.github.ycsbdocsearch.common.verify.SearchVerification;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import io.github.ycsbdocsearch.resultsformat.Verification;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Every store answers sampled questions exactly as the oracle does — and the check notices when one
 * answer is changed behind its back (so it can fail).
 */
class SearchVerificationIT {

  private static Properties props(StoreKind kind) {
    Properties p = LocalStores.of(kind);
    p.setProperty("recordcount", "3000");
    p.setProperty("table", "verifyit");
    p.setProperty("data.vocabulary.size", "400");
    return p;
  }

  @ParameterizedTest
  @EnumSource(StoreKind.class)
  void answersEqualTheOracleAndATamperedRecordIsCaught(StoreKind kind) throws Exception {
    Properties p = props(kind);
    assertEquals(3000, DocumentLoader.load(kind, p, 4, line -> {}));
    Verification ok = SearchVerification.verify(kind, p, 300, line -> {});
    assertTrue(ok.passed(), () -> kind + " differs: " + ok.firstDifferences());
    assertEquals(300, ok.identical());
    assertTrue(ok.deepPages() > 50, "deep pages asked: " + ok.deepPages());
    assertTrue(ok.pastEnd() > 50, "past-the-end pages asked: " + ok.pastEnd());
    assertTrue(ok.documentChecks() >= 30);

    tamperWithTopRecords(kind, p);
    kind.newProbe().refresh(p, "verifyit");
    Verification bad = SearchVerification.verify(kind, p, 300, line -> {});
    assertFalse(bad.passed(), kind + ": a changed record must be noticed");
    assertTrue(bad.differing() > 0);
    assertFalse(bad.firstDifferences().isEmpty());
    kind.newProbe().reset(p, "verifyit");
  }

  private static void tamperWithTopRecords(StoreKind kind, Properties p) throws Exception {
    DB db = (DB) Class.forName(kind.dbClass()).getDeclaredConstructor().newInstance();
    db.setProperties(p);
    db.init();
    try {
      var config = SearchWorkloadConfig.fromProperties(p);
      var gen = config.newGenerator();
      // The 20 highest-ranked records holding each of the three most frequent words get the lowest
      // ranks:
      // first pages in both orders change for most questions that contain those words.
      for (int w = 0; w < 3; w++) {
        List<SearchHit> page = new ArrayList<>();
        assertEquals(
            Status.OK,
            SearchBindings.current()
                .search(
                    "verifyit",
                    new SearchQuery(
                        "title", List.of(gen.vocabulary().word(w)), "rank", false, 0, 20, true),
                    page));
        for (SearchHit hit : page) {
          HashMap<String, ByteIterator> change = new HashMap<>();
          change.put("rank", new StringByteIterator(String.valueOf(w)));
          assertEquals(Status.OK, db.update("verifyit", hit.key(), change));
        }
      }
    } finally {
      db.cleanup();
    }
  }
}
