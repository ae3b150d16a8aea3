package io.github.ycsbdocsearch.common.verify;

import io.github.ycsbdocsearch.common.SearchBindings;
import io.github.ycsbdocsearch.common.SearchHit;
import io.github.ycsbdocsearch.common.SearchQuery;
import io.github.ycsbdocsearch.common.SearchableDB;
import io.github.ycsbdocsearch.common.SetupException;
import io.github.ycsbdocsearch.common.StoreKind;
import io.github.ycsbdocsearch.common.StoreProbe;
import io.github.ycsbdocsearch.common.data.DocumentSource;
import io.github.ycsbdocsearch.common.data.Seeds;
import io.github.ycsbdocsearch.common.text.CanonicalText;
import io.github.ycsbdocsearch.common.workload.QueryGenerator;
import io.github.ycsbdocsearch.common.workload.SearchWorkloadConfig;
import io.github.ycsbdocsearch.resultsformat.Verification;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Proves a store gives the same answers as the oracle: asks sampled two-word questions for the
 * first page, later pages with hits and the page after the last (which must be empty), in both sort
 * orders, and compares the ordered keys; every tenth answer also fetches the documents and compares
 * them field by field with the generator's. Not thread-safe; one verification at a time per thread
 * (the binding is registered on the calling thread).
 */
public final class SearchVerification {
  private static final int KEPT_DIFFERENCES = 5;

  /** Documents shown per side (missed / added) for one differing raw-mode question. */
  private static final int SHOWN_DOCUMENTS = 2;

  private static final int SHOWN_TEXT_CHARS = 120;

  private SearchVerification() {}

  /**
   * Checks a store that holds exactly the loaded records ({@code recordcount}, version 0), with
   * {@code queries} questions (at least 1); {@code progress} gets a line now and then for a person.
   */
  public static Verification verify(
      StoreKind kind, Properties props, int queries, Consumer<String> progress) {
    SearchWorkloadConfig config = SearchWorkloadConfig.fromProperties(props);
    if (config.recordCount() > Integer.MAX_VALUE) {
      throw new SetupException("verification supports up to " + Integer.MAX_VALUE + " records");
    }
    DocumentSource source = config.newSource();
    SearchOracle oracle = source.buildOracle();
    QueryGenerator questions = new QueryGenerator(config, source, oracle);
    StoreProbe probe = kind.newProbe();
    probe.refresh(props, config.table());
    long held = probe.count(props, config.table());

    String mode = config.dataset() == null ? "generated" : config.dataset().mode().label();
    DB db = open(kind, props); // registers its SearchableDB on this thread
    try {
      SearchableDB store = SearchBindings.current();
      List<Verification.Difference> differences = new ArrayList<>();
      if (held != config.recordCount()) {
        differences.add(
            new Verification.Difference(
                "(document count)",
                List.of(),
                List.of(),
                "the store holds %s documents, the oracle expects %s"
                    .formatted(held, config.recordCount()),
                List.of()));
      }
      SplittableRandom rng = new SplittableRandom(Seeds.mix(config.seed(), 0xFE21F1L));
      int identical = 0;
      int firstPages = 0;
      int deepPages = 0;
      int pastEnd = 0;
      int documentChecks = 0;
      int[] hitCounts = new int[queries];
      long lastReport = System.nanoTime();
      for (int i = 0; i < queries; i++) {
        List<String> words = questions.twoWords(rng);
        int hits = oracle.hitCount(words);
        hitCounts[i] = hits;
        int size = config.pageSize() + rng.nextInt(config.maxPageSize() - config.pageSize() + 1);
        int pages = (hits + size - 1) / size;
        // Every fourth question asks the empty page after the last; of the others, a first page or,
        // when there is more than one, a later page with hits.
        int page = i % 4 == 3 ? pages : i % 4 == 0 || pages <= 1 ? 0 : 1 + rng.nextInt(pages - 1);
        firstPages += page == 0 ? 1 : 0;
        deepPages += page > 0 && page < pages ? 1 : 0;
        pastEnd += page >= pages ? 1 : 0;
        boolean withDocuments = i % 10 == 5;
        documentChecks += withDocuments ? 1 : 0;
        SearchQuery q =
            new SearchQuery(
                config.schema().textField(),
                words,
                config.schema().sortField(),
                (i % 2 == 0) == config.ascending(),
                page * size,
                size,
                !withDocuments);
        String difference = compare(store, config.table(), q, oracle, withDocuments);
        if (difference == null) {
          identical++;
        } else if (differences.size() < KEPT_DIFFERENCES) {
          List<SearchHit> page2 = new ArrayList<>();
          store.search(config.table(), q, page2);
          differences.add(
              new Verification.Difference(
                  describe(q),
                  oracle.answer(q),
                  page2.stream().map(SearchHit::key).collect(Collectors.toList()),
                  difference,
                  "raw".equals(mode) ? divergence(store, config, q, oracle, hits) : List.of()));
        }
        if (System.nanoTime() - lastReport > 5_000_000_000L) {
          progress.accept(
              "%s: verify %s/%s questions, %s identical"
                  .formatted(kind.storeName(), i + 1, queries, identical));
          lastReport = System.nanoTime();
        }
      }
      int differing = queries - identical;
      if (held != config.recordCount()) {
        differing = Math.max(differing, 1);
        identical = Math.min(identical, queries - 1);
      }
      Arrays.sort(hitCounts);
      Verification.HitCounts spread =
          new Verification.HitCounts(
              hitCounts[0],
              hitCounts[(int) (queries * 0.5)],
              hitCounts[(int) Math.min(queries - 1, queries * 0.9)],
              hitCounts[queries - 1]);
      return new Verification(
          kind.storeName(),
          config.recordCount(),
          queries,
          identical,
          differing,
          firstPages,
          deepPages,
          pastEnd,
          documentChecks,
          spread,
          differences,
          mode,
          null);
    } finally {
      close(db);
    }
  }

  /**
   * Why a raw-text answer differs: the whole hit set from the store (keys only) against the
   * oracle's, then the first documents the store missed and added, each with its text, the
   * canonical tokens and the engine's tokens, and the engine's reading of the query.
   */
  private static List<String> divergence(
      SearchableDB store,
      SearchWorkloadConfig config,
      SearchQuery q,
      SearchOracle oracle,
      int hits) {
    List<String> out = new ArrayList<>();
    String table = config.table();
    SearchQuery all =
        new SearchQuery(
            q.textField(),
            q.words(),
            q.sortField(),
            q.ascending(),
            0,
            Math.min(10_000, hits + 200),
            true);
    List<SearchHit> got = new ArrayList<>();
    Status status = store.search(table, all, got);
    if (!status.isOk()) {
      out.add("whole hit set: status " + status.getName());
      return out;
    }
    Set<String> expected = new LinkedHashSet<>(oracle.answer(all));
    Set<String> actual = new LinkedHashSet<>();
    got.forEach(h -> actual.add(h.key()));
    out.add("whole hit set: oracle " + expected.size() + ", store " + actual.size());
    try {
      String explained = store.explainQuery(table, q);
      if (explained != null) {
        out.add("query as the engine reads it: " + explained);
      }
    } catch (RuntimeException e) {
      out.add("query as the engine reads it: (failed: " + e.getMessage() + ")");
    }
    describeSide(out, "missed by the store", expected, actual, store, config, oracle, q);
    describeSide(out, "matched only by the store", actual, expected, store, config, oracle, q);
    return out;
  }

  private static void describeSide(
      List<String> out,
      String label,
      Set<String> in,
      Set<String> notIn,
      SearchableDB store,
      SearchWorkloadConfig config,
      SearchOracle oracle,
      SearchQuery q) {
    int shown = 0;
    for (String key : in) {
      if (notIn.contains(key)) {
        continue;
      }
      if (shown++ == SHOWN_DOCUMENTS) {
        break;
      }
      Map<String, String> doc = oracle.document(key);
      String text = doc == null ? "" : doc.getOrDefault(config.schema().textField(), "");
      List<String> engine;
      try {
        engine = store.analyze(config.table(), text);
      } catch (RuntimeException e) {
        engine = List.of("(failed: " + e.getMessage() + ")");
      }
      out.add(
          "%s: %s text=%s canonical-tokens=%s%s"
              .formatted(
                  label,
                  key,
                  quote(snippet(text, q.words())),
                  relevant(CanonicalText.tokens(text), q.words()),
                  engine == null ? "" : " engine-tokens=" + relevant(engine, q.words())));
    }
  }

  /**
   * The part of a text around the first query word found in it (case-insensitive), else its start.
   */
  private static String snippet(String text, List<String> words) {
    String lower = text.toLowerCase(Locale.ROOT);
    int at = -1;
    for (String w : words) {
      int i = lower.indexOf(w);
      if (i >= 0 && (at < 0 || i < at)) {
        at = i;
      }
    }
    int from = Math.max(0, at - SHOWN_TEXT_CHARS / 2);
    int to = Math.min(text.length(), from + SHOWN_TEXT_CHARS);
    return (from > 0 ? "..." : "") + text.substring(from, to) + (to < text.length() ? "..." : "");
  }

  /**
   * The tokens that contain a query word (what decides the match), or the first few when none does.
   */
  private static List<String> relevant(List<String> tokens, List<String> words) {
    List<String> out = new ArrayList<>();
    for (String t : tokens) {
      String lower = t.toLowerCase(Locale.ROOT);
      if (words.stream().anyMatch(lower::contains) && !out.contains(t)) {
        out.add(t);
      }
    }
    return out.isEmpty() ? tokens.subList(0, Math.min(8, tokens.size())) : out;
  }

  static String quote(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\n", "\\n").replace("\"", "\\\"") + '"';
  }

  /** Null when the store's answer equals the oracle's, else what differs. */
  private static String compare(
      SearchableDB store, String table, SearchQuery q, SearchOracle oracle, boolean withDocuments) {
    List<SearchHit> page = new ArrayList<>(q.pageSize());
    Status status = store.search(table, q, page);
    if (!status.isOk()) {
      return "status " + status.getName() + ": " + status.getDescription();
    }
    List<String> expected = oracle.answer(q);
    List<String> actual = page.stream().map(SearchHit::key).collect(Collectors.toList());
    if (!expected.equals(actual)) {
      return "keys differ";
    }
    if (withDocuments) {
      for (SearchHit hit : page) {
        Map<String, String> want = new TreeMap<>(oracle.document(hit.key()));
        Map<String, String> got = new TreeMap<>();
        hit.fields().forEach((k, v) -> got.put(k, v.toString()));
        if (!want.equals(got)) {
          return "document " + hit.key() + " differs: expected " + want + " got " + got;
        }
      }
    }
    return null;
  }

  static String describe(SearchQuery q) {
    return "words=%s sort=%s %s offset=%s size=%s %s"
        .formatted(
            q.words(),
            q.sortField(),
            q.ascending() ? "asc" : "desc",
            q.offset(),
            q.pageSize(),
            q.keysOnly() ? "keys-only" : "with-documents");
  }

  /** Opens the store's binding on the calling thread (which registers its SearchableDB there). */
  public static DB open(StoreKind kind, Properties props) {
    DB db;
    try {
      db = (DB) Class.forName(kind.dbClass()).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new SetupException(
          "binding for store '" + kind.storeName() + "' is not on the classpath", e);
    }
    db.setProperties(props);
    try {
      db.init();
    } catch (DBException e) {
      throw new SetupException(kind.storeName() + ": " + e.getMessage(), e);
    }
    return db;
  }

  public static void close(DB db) {
    try {
      db.cleanup();
    } catch (DBException e) {
      // Closing after the checks: nothing left to protect.
    }
  }
}
